/**
 * What the app keeps between visits, one small store per fact, each owning its storage key and format: the flows'
 * effects (src/app/logic/) and the facades read and write through these, never through raw keys. A stored value is
 * checked when read: anything malformed (an older build, a hand edit) reads as nothing.
 */
import type { AnalyticsSession } from '../../machines/analytics-session/analytics-session.types';
import type { PageRecord } from '../../machines/navigation/navigation.machine';
import type { PurchaseSelection } from '../../machines/payment/payment.types';
import type { ExpiringStorage } from './storage';

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Where the viewer's choice of language is kept (the app's chunk reads it too, to start i18n in it). */
const LANGUAGE = 'language';

export function languageStore(storage: ExpiringStorage) {
  return {
    read: (): string | null => storage.get(LANGUAGE),
    write: (language: string) => storage.set(LANGUAGE, language),
  };
}

/** The previous page, kept across a sign-in that leaves the app (the social provider) and comes back. */
const PREVIOUS_PAGE = 'previous_page';
const PREVIOUS_PAGE_LIFETIME_MS = 30 * 60_000;

export function previousPageStore(storage: ExpiringStorage) {
  return {
    read(): PageRecord | null {
      const value = parseJson(storage.get(PREVIOUS_PAGE));
      if (!isRecord(value)) return null;
      const { url, path, query } = value;
      if (typeof url !== 'string' || typeof path !== 'string' || typeof query !== 'string') return null;
      // Only a page of this app: a stored value is never a way to send the viewer elsewhere.
      if (!path.startsWith('/') || path.startsWith('//')) return null;
      return { url, path, query, params: {} };
    },
    keep(page: PageRecord | null) {
      if (page) storage.set(PREVIOUS_PAGE, JSON.stringify(page), PREVIOUS_PAGE_LIFETIME_MS);
      else storage.remove(PREVIOUS_PAGE);
    },
  };
}

/** The order being paid, so that a reload resumes following it (its storage key, without the app's prefix). */
export const OPEN_ORDER = 'open_order';
/** An order settles within seconds; one still open after a day was abandoned by the processor. */
const OPEN_ORDER_LIFETIME_MS = 24 * 3600_000;

type Selection = Pick<PurchaseSelection, 'type' | 'id'>;

export function openOrderStore(storage: ExpiringStorage) {
  return {
    /** The open order of this selection, if one is kept. */
    read(selection: Selection): number | null {
      const value = parseJson(storage.get(OPEN_ORDER));
      if (!isRecord(value) || value['type'] !== selection.type || value['id'] !== selection.id) return null;
      const orderId = value['orderId'];
      return typeof orderId === 'number' && Number.isInteger(orderId) ? orderId : null;
    },
    remember(orderId: number, selection: Selection) {
      storage.set(OPEN_ORDER, JSON.stringify({ orderId, type: selection.type, id: selection.id }), OPEN_ORDER_LIFETIME_MS);
    },
    forget: () => storage.remove(OPEN_ORDER),
  };
}

/** The analytics session (SPEC §5), kept for its own lifetime. */
const ANALYTICS_SESSION = 'analytics_session';

export function analyticsSessionStore(storage: ExpiringStorage) {
  return {
    read(): { session: AnalyticsSession; remainingMs: number } | null {
      const stored = storage.getWithExpiry(ANALYTICS_SESSION);
      const value = parseJson(stored?.value ?? null);
      if (!stored || !isRecord(value)) return null;
      const { hash, data } = value;
      return typeof hash === 'string' && isRecord(data) ? { session: { hash, data } as AnalyticsSession, remainingMs: stored.remainingMs } : null;
    },
    write: (value: AnalyticsSession, lifetimeMs: number) => storage.set(ANALYTICS_SESSION, JSON.stringify(value), lifetimeMs),
  };
}
