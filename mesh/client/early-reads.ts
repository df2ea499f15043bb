/**
 * Reads started before the code that needs them has loaded: the watch page's grant goes out from the entry, beside
 * the startup requests, instead of after the app and the player have loaded. The caller's own `execute` of the same
 * document and variables then takes that answer, once, if it was asked for the same viewer (the token read when it
 * went out and when it is taken); any other call goes to the network as usual.
 */
import type { OperationDocument } from './document';
import { transportError } from './errors';
import { readKey } from './read-cache';
import type { Variables } from './send';
import type { CallOptions, ChannelClient, OperationResult } from './transport';

/** How long a read started early waits to be taken: a grant older than this is asked for again. */
export const EARLY_READ_TTL_MS = 30_000;

interface Early {
  token: string | null;
  startedAt: number;
  answer: Promise<OperationResult<unknown>>;
}

export interface EarlyReads {
  /** Sends the read now; the next `execute` of the same document and variables for the same viewer takes it. */
  start<TData, TVariables extends Variables>(
    document: OperationDocument<TData, TVariables>,
    variables: TVariables,
    options?: Pick<CallOptions, 'tolerate'>,
  ): Promise<OperationResult<TData>>;
  /** The client, with `execute` taking a matching early read instead of sending it again. */
  readonly client: ChannelClient;
}

const keyOf = (document: OperationDocument, variables: unknown): string => `${document.__meta__.name}:${readKey(variables ?? {})}`;

/** The early answer, or a cancelled result if the caller's signal aborts first (execute never rejects). */
function waitFor<T>(answer: Promise<OperationResult<T>>, signal: AbortSignal | undefined, operation: string): Promise<OperationResult<T>> {
  const cancelled = (): OperationResult<T> => ({ data: null, errors: [transportError({ kind: 'cancelled' }, operation)], fieldErrors: {} });
  if (!signal) return answer;
  if (signal.aborted) return Promise.resolve(cancelled());
  return new Promise((resolve) => {
    const abort = () => resolve(cancelled());
    signal.addEventListener('abort', abort, { once: true });
    void answer.then(resolve).finally(() => signal.removeEventListener('abort', abort));
  });
}

export function createEarlyReads(base: ChannelClient, token: () => string | null, now: () => number = Date.now): EarlyReads {
  const started = new Map<string, Early>();

  const client: ChannelClient = {
    ...base,
    execute(document, ...args) {
      const [variables, options] = args as [Variables | undefined, CallOptions | undefined];
      const key = keyOf(document, variables);
      const early = started.get(key);
      started.delete(key);
      if (early && early.token === token() && now() - early.startedAt < EARLY_READ_TTL_MS) {
        return waitFor(early.answer as Promise<OperationResult<never>>, options?.signal, key);
      }
      return base.execute(document, ...args);
    },
  };

  return {
    client,
    start(document, variables, options) {
      const key = keyOf(document, variables);
      const answer = base.execute(document as OperationDocument<unknown, Variables>, variables, options);
      started.set(key, { token: token(), startedAt: now(), answer });
      return answer as Promise<OperationResult<never>>;
    },
  };
}
