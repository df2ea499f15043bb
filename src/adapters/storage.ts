/**
 * Local storage with the product's prefix and an expiry on every entry (SPEC §9 "Local storage: fixed product
 * prefix, default lifetime about 360 days"). Everything the app keeps between visits goes through here: the keys,
 * the viewer's token, the chosen language, the outer-source tracking value, the analytics session, preroll times.
 */

/** SPEC §9: the product's fixed prefix. */
export const STORAGE_PREFIX = 'sportschannel:';
/** SPEC §9: about 360 days. */
export const DEFAULT_STORAGE_LIFETIME_MS = 360 * 24 * 60 * 60 * 1000;

/** The part of the Web Storage API this needs (window.localStorage; a Map-backed double in tests). */
export interface StorageBackend {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface ExpiringStorage {
  /** The value, or null when absent, expired (it is then removed) or unreadable. */
  get(key: string): string | null;
  /** The value with the milliseconds it has left. */
  getWithExpiry(key: string): { value: string; remainingMs: number } | null;
  set(key: string, value: string, lifetimeMs?: number): void;
  remove(key: string): void;
}

interface Entry {
  value: string;
  expiresAt: number;
}

function isEntry(data: unknown): data is Entry {
  if (typeof data !== 'object' || data === null) return false;
  const entry = data as Partial<Entry>;
  return typeof entry.value === 'string' && typeof entry.expiresAt === 'number';
}

/**
 * Wraps a backend. Storage may be missing or refuse writes (private mode, quota): the app then simply keeps
 * nothing between visits, it never fails.
 */
export function createExpiringStorage(backend: StorageBackend | null, now: () => number = Date.now): ExpiringStorage {
  const read = (key: string): Entry | null => {
    try {
      const raw = backend?.getItem(STORAGE_PREFIX + key) ?? null;
      const entry: unknown = raw === null ? null : JSON.parse(raw);
      if (!isEntry(entry)) return null;
      if (entry.expiresAt <= now()) {
        backend?.removeItem(STORAGE_PREFIX + key);
        return null;
      }
      return entry;
    } catch {
      return null;
    }
  };
  return {
    get: (key) => read(key)?.value ?? null,
    getWithExpiry(key) {
      const entry = read(key);
      return entry ? { value: entry.value, remainingMs: entry.expiresAt - now() } : null;
    },
    set(key, value, lifetimeMs = DEFAULT_STORAGE_LIFETIME_MS) {
      try {
        backend?.setItem(STORAGE_PREFIX + key, JSON.stringify({ value, expiresAt: now() + lifetimeMs }));
      } catch {
        // Quota or private mode: nothing is kept.
      }
    },
    remove(key) {
      try {
        backend?.removeItem(STORAGE_PREFIX + key);
      } catch {
        // Nothing to do.
      }
    },
  };
}

/** A backend in memory, for tests and for browsers without storage. */
export function createMemoryBackend(): StorageBackend {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

/** The page's local storage, or null where reading it throws (some privacy settings do). */
export function browserStorageBackend(): StorageBackend | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
