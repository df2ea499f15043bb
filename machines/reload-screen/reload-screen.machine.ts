/**
 * The reload screen (SPEC §4 "Reload screen", §1, §8 channel-key error, §9 "Reload button lock"): it comes up when
 * the client reports a key error, with an error message and a reload button. The button is locked for 60 seconds,
 * counted down second by second, and while a key request runs; a key request that succeeds reloads the page.
 * Clearing the errors hides the screen.
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import { ClientRequestError, type ClassifiedError } from '../../mesh/client/errors';

/** SPEC §9 "Reload button lock": 60 s... */
export const RELOAD_LOCK_SECONDS = 60;
/** ...counted down in 1 s steps. */
export const RELOAD_COUNTDOWN_STEP_MS = 1000;
/** SPEC §8: the error the reload screen shows. */
export const RELOAD_SCREEN_MESSAGE = 'Apologies! Our service is currently experiencing technical difficulties. Please refresh the page';

/** @public */
export interface ReloadScreenInput {
  /** Seconds the button stays locked; SPEC §9's 60 unless the app shell says otherwise. */
  lockSeconds?: number;
}

/** @public */
export interface ReloadScreenContext {
  lockSeconds: number;
  /** Seconds until the button unlocks; the button's label counts them down. */
  secondsLeft: number;
  /** The key error reported last; null when hidden, or when a key request failed for a reason of its own. */
  error: ClassifiedError | null;
}

/**
 * `client.keyError` comes from the client (a refused channel key, or no API key to be had); `user.reload` is the
 * button; `app.clearErrors` is sent when the app's errors are cleared.
 *
 * @public
 */
export type ReloadScreenEvent =
  | { type: 'client.keyError'; error: ClassifiedError }
  | { type: 'user.reload' }
  | { type: 'app.clearErrors' };

export const reloadScreenMachine = setup({
  types: {
    context: {} as ReloadScreenContext,
    events: {} as ReloadScreenEvent,
    // `void`, not `undefined`: setup() infers the input from an optional property, which drops `undefined`, and the
    // input would become required.
    input: {} as ReloadScreenInput | void,
    tags: {} as 'visible' | 'buttonDisabled' | 'busy',
  },
  actors: {
    /** Turns the client's `keyError` events into `client.keyError`; without a client there is nothing to watch. */
    watchKeyErrors: fromCallback(() => undefined),
    // Safe default: without the client no key can be had, and the button locks again (a handled state).
    requestKey: fromPromise<string>(notProvided('requestKey')),
  },
  guards: {
    isLastSecond: ({ context }) => context.secondsLeft <= 1,
  },
  actions: {
    showKeyError: assign(({ event }) => (event.type === 'client.keyError' ? { error: event.error } : {})),
    showRequestError: assign((_, failure: { error: unknown }) => ({
      error: failure.error instanceof ClientRequestError ? failure.error.error : null,
    })),
    lockButton: assign(({ context }) => ({ secondsLeft: context.lockSeconds })),
    countDown: assign(({ context }) => ({ secondsLeft: Math.max(0, context.secondsLeft - 1) })),
    clearError: assign({ error: null, secondsLeft: 0 }),
    /** App effect: reload the page (the browser adapter's `location.reload()`). No-op by default. */
    reloadPage: () => undefined,
  },
}).createMachine({
  id: 'reloadScreen',
  description:
    'The screen shown when the app cannot get a usable key: an error and a reload button. The button stays ' +
    'disabled for 60 seconds, counting down each second, and while a new key is being requested; once a key ' +
    'arrives the page reloads. Clearing the errors hides the screen.',
  context: ({ input }) => {
    const lockSeconds = input?.lockSeconds ?? RELOAD_LOCK_SECONDS;
    return { lockSeconds, secondsLeft: 0, error: null };
  },
  invoke: { id: 'watchKeyErrors', src: 'watchKeyErrors' },
  initial: 'hidden',
  states: {
    hidden: {
      description: 'No key error: the app shows as usual.',
      on: {
        'client.keyError': {
          target: 'shown',
          actions: ['showKeyError', 'lockButton'],
          description: 'A key error: show the screen and lock the button for 60 seconds.',
        },
      },
    },
    shown: {
      description: 'The error and the reload button.',
      tags: ['visible'],
      initial: 'locked',
      on: {
        'client.keyError': {
          actions: 'showKeyError',
          description: 'Another key error: show it; the countdown goes on.',
        },
        'app.clearErrors': { target: 'hidden', actions: 'clearError', description: 'The errors are cleared.' },
      },
      states: {
        locked: {
          description: 'The button is disabled and shows the seconds left.',
          tags: ['buttonDisabled'],
          after: {
            [RELOAD_COUNTDOWN_STEP_MS]: [
              {
                guard: 'isLastSecond',
                target: 'unlocked',
                actions: 'countDown',
                description: 'The last second has passed: the button unlocks.',
              },
              {
                target: 'locked',
                reenter: true,
                actions: 'countDown',
                description: 'One second less.',
              },
            ],
          },
        },
        unlocked: {
          description: 'The button can be pressed.',
          on: {
            'user.reload': { target: 'requestingKey', description: 'The viewer presses reload: ask for a new key.' },
          },
        },
        requestingKey: {
          description: 'Clearing the stored keys and asking for new ones; the button is disabled meanwhile.',
          tags: ['buttonDisabled', 'busy'],
          invoke: {
            id: 'requestKey',
            src: 'requestKey',
            onDone: { target: 'reloading', description: 'A key arrived: reload the page.' },
            onError: {
              target: 'locked',
              actions: [{ type: 'showRequestError', params: ({ event }) => ({ error: event.error }) }, 'lockButton'],
              description: 'No key again: lock the button for another 60 seconds.',
            },
          },
        },
        reloading: {
          description: 'The page is reloading.',
          tags: ['buttonDisabled'],
          entry: 'reloadPage',
        },
      },
    },
  },
});
