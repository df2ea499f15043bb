/**
 * The store cache of SPEC §9 (60000 ms): a read of the same document with the same variables, for the same viewer,
 * within that time is answered from memory instead of a request; two such reads at once share one request. Writes
 * say what they change (`invalidate`), and a change of viewer forgets everything. Failed reads are not kept.
 *
 * A small map rather than a query library: the machines own each read's loading, failed and retry states, so all
 * this needs is to memoise a promise for a while.
 */
import type { OperationDocument } from './document';
import type { Variables } from './send';
import type { CallOptions, ChannelClient } from './transport';
import { untilAborted } from './until-aborted';

/** SPEC §9 "Store cache timeout". */
export const STORE_CACHE_MS = 60_000;

export interface ReadCacheOptions {
  client: ChannelClient;
  /** Whose reads these are (the viewer's token, null for a visitor): one viewer never gets another's answers. */
  scope: () => string | null;
  /** Milliseconds since the epoch; the cache's clock. */
  now?: () => number;
  ttlMs?: number;
}

export interface ReadCache {
  /**
   * `client.request` through the cache. The caller's signal stops its own wait, not the shared request, which
   * completes for the others and for the cache.
   */
  request<TData, TVariables extends Variables>(
    document: OperationDocument<TData, TVariables>,
    variables: TVariables,
    options?: Pick<CallOptions, 'signal' | 'tolerate'>,
  ): Promise<TData>;
  /** Forgets every kept answer of these documents: a write changed what they read. */
  invalidate(...documents: OperationDocument[]): void;
  /** Forgets everything (an order was paid: what the viewer may watch changed on every card). */
  clear(): void;
}

interface Entry {
  /** When the answer stops being fresh; Infinity while the request runs. */
  expiresAt: number;
  answer: Promise<unknown>;
}

/** Variables or params as a key: the same values in any key order are the same read. */
export function readKey(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(readKey).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${readKey(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

export function createReadCache(options: ReadCacheOptions): ReadCache {
  const { client, scope } = options;
  const now = options.now ?? Date.now;
  const ttlMs = options.ttlMs ?? STORE_CACHE_MS;
  // Per document, then per viewer and variables.
  const kept = new Map<unknown, Map<string, Entry>>();
  let viewer: string | null | undefined;

  return {
    request(document, variables, callOptions = {}) {
      // Another viewer (a login, a logout): nothing the previous one read is kept in memory.
      if (scope() !== viewer) {
        kept.clear();
        viewer = scope();
      }
      const entries = kept.get(document) ?? new Map<string, Entry>();
      kept.set(document, entries);
      const { signal, ...sent } = callOptions;
      const key = `${scope() ?? ''}\u0000${readKey(variables)}\u0000${readKey(sent.tolerate ?? [])}`;
      const existing = entries.get(key);
      if (existing && existing.expiresAt > now()) {
        return untilAborted(existing.answer as Promise<never>, signal, document.__meta__.name);
      }
      const entry: Entry = { expiresAt: Number.POSITIVE_INFINITY, answer: Promise.resolve() };
      const request = client.request(document as OperationDocument<unknown, Variables>, variables, sent);
      entry.answer = request;
      entries.set(key, entry);
      request.then(
        () => {
          entry.expiresAt = now() + ttlMs;
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return untilAborted(request as Promise<never>, signal, document.__meta__.name);
    },
    invalidate(...documents) {
      for (const document of documents) kept.delete(document);
    },
    clear() {
      kept.clear();
    },
  };
}
