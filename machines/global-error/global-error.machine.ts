/**
 * The global error (SPEC §8 "Throttling (429)" and "Crash-code statuses"): when the client reports that the API
 * throttled a request or answered a crash status, the app shows one error over everything, the latest one, until the
 * viewer dismisses it or the app's errors are cleared.
 */
import { assign, fromCallback, setup } from 'xstate';
import type { ClassifiedError } from '../../mesh/client/errors';

/** @public */
export interface GlobalErrorContext {
  /** The error shown; null while hidden. */
  error: ClassifiedError | null;
  /** For a throttled request, the seconds the server asked to wait (its `retry-after`), when it said; else null. */
  retryAfterSeconds: number | null;
}

/**
 * `client.globalError` comes from the client (mesh/client/events.ts; the app shell may also send the startup's
 * `globalError` from app-load); `user.dismiss` is the viewer closing it; `app.clearErrors` is sent when the app's
 * errors are cleared.
 *
 * @public
 */
export type GlobalErrorEvent = { type: 'client.globalError'; error: ClassifiedError } | { type: 'user.dismiss' } | { type: 'app.clearErrors' };

/**
 * Which text the view shows: the "too many requests" one (with `retryAfterSeconds` when known) for a throttled
 * request, SPEC §8's "Apologies! Our service is currently experiencing technical difficulties. Please refresh the
 * page" for anything else (the client raises global errors for crash statuses only besides 429).
 *
 * @public
 */
export function globalErrorMessageKey(error: ClassifiedError): 'throttled' | 'crash' {
  return error.kind === 'throttled' ? 'throttled' : 'crash';
}

export const globalErrorMachine = setup({
  types: {
    context: {} as GlobalErrorContext,
    events: {} as GlobalErrorEvent,
    tags: {} as 'visible',
  },
  actors: {
    /** Turns the client's `globalError` events into `client.globalError`; without a client there is nothing to watch. */
    watchGlobalErrors: fromCallback(() => undefined),
  },
  actions: {
    showError: assign((_, error: ClassifiedError) => ({
      error,
      retryAfterSeconds: error.kind === 'throttled' ? error.retryAfterSeconds : null,
    })),
    clearError: assign({ error: null, retryAfterSeconds: null }),
  },
}).createMachine({
  id: 'globalError',
  description:
    'One error shown over the whole app when the service is overloaded (too many requests: try again in a few ' +
    'seconds) or fails (please refresh the page). A newer error replaces the one shown; the viewer can close it, ' +
    "and clearing the app's errors hides it.",
  context: { error: null, retryAfterSeconds: null },
  invoke: { id: 'watchGlobalErrors', src: 'watchGlobalErrors' },
  initial: 'hidden',
  states: {
    hidden: {
      description: 'No global error: the app shows as usual.',
      on: {
        'client.globalError': {
          target: 'shown',
          actions: { type: 'showError', params: ({ event }) => event.error },
          description: 'A request was throttled or the service failed: show the error.',
        },
      },
    },
    shown: {
      description: 'The error is shown over the app.',
      tags: ['visible'],
      on: {
        'client.globalError': {
          actions: { type: 'showError', params: ({ event }) => event.error },
          description: 'A newer error replaces the one shown.',
        },
        'user.dismiss': { target: 'hidden', actions: 'clearError', description: 'The viewer closes the error.' },
        'app.clearErrors': { target: 'hidden', actions: 'clearError', description: "The app's errors are cleared." },
      },
    },
  },
});
