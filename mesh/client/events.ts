/**
 * What the transport tells the rest of the app, whoever is listening (the machines subscribe, typically from a
 * `fromCallback` actor that returns the unsubscribe function). SPEC.md §8:
 * - `keyError`: the channel key was refused or no API key could be had; the keys are cleared; the reload screen.
 * - `userReset`: the user state must be reset (an API-key error, or a 401 for a request that carried a token).
 * - `globalError`: throttling (429) or a crash status; shown as the global error.
 */
import type { ClassifiedError } from './errors';

export interface ClientEventMap {
  keyError: ClassifiedError;
  userReset: ClassifiedError;
  globalError: ClassifiedError;
}

export type ClientEventType = keyof ClientEventMap;

export interface ClientEvents {
  /** Calls `listener` for every event of `type` until the returned function is called. */
  on<T extends ClientEventType>(type: T, listener: (error: ClientEventMap[T]) => void): () => void;
  emit<T extends ClientEventType>(type: T, error: ClientEventMap[T]): void;
}

/**
 * A tiny typed emitter. A listener that throws does not stop the others nor the request that raised the event: its
 * exception is rethrown as an unhandled rejection, where the browser (or the test runner) reports it.
 */
export function createClientEvents(): ClientEvents {
  const listeners = new Map<ClientEventType, Set<(error: ClassifiedError) => void>>();
  return {
    on(type, listener) {
      const set = listeners.get(type) ?? new Set();
      listeners.set(type, set);
      const entry = (error: ClassifiedError) => listener(error);
      set.add(entry);
      return () => void set.delete(entry);
    },
    emit(type, error) {
      for (const listener of [...(listeners.get(type) ?? [])]) {
        try {
          listener(error);
        } catch (thrown) {
          void Promise.reject(thrown);
        }
      }
    },
  };
}
