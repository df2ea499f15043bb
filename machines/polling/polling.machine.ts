/**
 * Polling, shared by the flows that wait for the server to finish something (SPEC §4 "Order after purchase": an
 * order every 2000 ms until paid or failed; §4 "Clip creation": a queued clip until processed or failed). It waits
 * an interval, fetches, and the fetch's verdict decides: done, failed, or again. Passing failures (no answer, a 5xx,
 * a throttle) are borne up to a number in a row; `app.resumed` checks at once.
 *
 * A flow configures it: the interval and the failures it bears come in the input, the fetch (which reads the
 * server's answer into a verdict) and which failures pass are provided with `pollingMachine.provide({ actors:
 * { fetch }, guards: { isPassingFailure } })`. The parent invokes the configured machine and reads its output.
 */
import { assign, fromPromise, not, setup } from 'xstate';
import { isTransientFailure } from '../shared/failures';
import { notProvided } from '../shared/not-provided';

/** What one fetch answers: the value read and whether it is finished (`done`, `failed`) or not yet (`again`). */
export interface Polled<TValue = unknown> {
  verdict: 'done' | 'failed' | 'again';
  value: TValue;
}

/** @public */
export interface PollingInput {
  /** Milliseconds between the end of one fetch and the next. */
  intervalMs: number;
  /** Failed fetches in a row that end polling (the last one included); `Infinity` when a parent's timer bounds it. */
  maxFailures: number;
  /** What the fetch asks about (an order id, a clip): handed to it as its input. */
  query: unknown;
}

/**
 * How polling ended, the machine's output: the finished value, or the last value read (null when none) and the
 * failure when it gave up.
 *
 * @public
 */
export type PollingOutput<TValue = unknown> =
  | { result: 'done'; value: TValue }
  | { result: 'failed'; value: TValue }
  | { result: 'gaveUp'; value: TValue | null; error: unknown };

/** @public */
export interface PollingContext {
  intervalMs: number;
  maxFailures: number;
  query: unknown;
  /** The value as last read; null until a fetch answers. */
  last: unknown;
  /** Failed fetches since the last answer. */
  failures: number;
  /** The failure that ended polling. */
  error: unknown;
}

/**
 * What the app shell tells polling about the page: `app.resumed` when it becomes visible again (browsers slow timers
 * down in background tabs, so the server is asked at once rather than at the next tick), `app.offline` when the
 * browser loses the network (polling pauses rather than counting failures it cannot help) and `app.online` when it
 * is back (asked at once).
 *
 * @public
 */
export type PollingEvent = { type: 'app.resumed' } | { type: 'app.offline' } | { type: 'app.online' };

export const pollingMachine = setup({
  types: {
    context: {} as PollingContext,
    events: {} as PollingEvent,
    input: {} as PollingInput,
    output: {} as PollingOutput,
    tags: {} as 'polling',
  },
  actors: {
    // Safe default: nothing to ask, so polling gives up at the first fetch (a handled outcome).
    fetch: fromPromise<Polled, unknown>(notProvided('fetch')),
  },
  guards: {
    isDone: (_, polled: Polled) => polled.verdict === 'done',
    hasFailed: (_, polled: Polled) => polled.verdict === 'failed',
    /** Whether a failure may pass by waiting; by default the client's classification (no answer, 5xx, throttle). */
    isPassingFailure: (_, failure: { error: unknown }) => isTransientFailure(failure.error),
    /** Not yet the last failure in a row that polling bears. */
    hasFailuresLeft: ({ context }) => context.failures + 1 < context.maxFailures,
  },
  actions: {
    keepValue: assign((_, polled: Polled) => ({ last: polled.value, failures: 0 })),
    countFailure: assign(({ context }, failure: { error: unknown }) => ({ failures: context.failures + 1, error: failure.error })),
  },
  delays: {
    pollInterval: ({ context }) => context.intervalMs,
  },
}).createMachine({
  id: 'polling',
  description:
    'Asks the server about something at a fixed interval until it is finished (done or failed). A failure that may ' +
    'pass (no answer, the server struggling) is tried again, up to a number in a row; any other ends polling.',
  context: ({ input }) => ({
    intervalMs: input.intervalMs,
    maxFailures: input.maxFailures,
    query: input.query,
    last: null,
    failures: 0,
    error: null,
  }),
  initial: 'waiting',
  // Each final state says how polling ended; the machine's output is that.
  output: ({ event }) => event.output as PollingOutput,
  states: {
    waiting: {
      description: 'Waiting for the interval before asking (the server works in the meantime).',
      tags: ['polling'],
      after: { pollInterval: { target: 'fetching', description: 'Time to ask again.' } },
      on: {
        'app.resumed': { target: 'fetching', description: 'The page is visible again: ask at once.' },
        'app.offline': { target: 'paused', description: 'The network is gone: wait for it instead of asking.' },
      },
    },
    paused: {
      description: 'The browser is offline: nothing is asked and no failure is counted until the network is back.',
      tags: ['polling'],
      on: {
        'app.online': { target: 'fetching', description: 'The network is back: ask at once.' },
        'app.resumed': { target: 'fetching', description: 'The page is visible again (and may be online): ask at once.' },
      },
    },
    fetching: {
      description: 'Asking the server.',
      tags: ['polling'],
      on: { 'app.offline': { target: 'paused', description: 'The network went while asking: the answer will not come; pause.' } },
      invoke: {
        id: 'fetch',
        src: 'fetch',
        input: ({ context }: { context: PollingContext }) => context.query,
        onDone: [
          {
            guard: { type: 'isDone', params: ({ event }) => event.output },
            target: 'done',
            actions: { type: 'keepValue', params: ({ event }) => event.output },
            description: 'Finished: it went through.',
          },
          {
            guard: { type: 'hasFailed', params: ({ event }) => event.output },
            target: 'failed',
            actions: { type: 'keepValue', params: ({ event }) => event.output },
            description: 'Finished: it failed on the server.',
          },
          {
            target: 'waiting',
            actions: { type: 'keepValue', params: ({ event }) => event.output },
            description: 'Not finished yet: ask again after the interval.',
          },
        ],
        onError: [
          {
            guard: not('hasFailuresLeft'),
            target: 'gaveUp',
            actions: { type: 'countFailure', params: ({ event }) => ({ error: event.error }) },
            description: 'The last failure in a row that polling bears: stop asking.',
          },
          {
            guard: { type: 'isPassingFailure', params: ({ event }) => ({ error: event.error }) },
            target: 'waiting',
            actions: { type: 'countFailure', params: ({ event }) => ({ error: event.error }) },
            description: 'No answer, or the server is struggling: ask again at the next tick.',
          },
          {
            target: 'gaveUp',
            actions: { type: 'countFailure', params: ({ event }) => ({ error: event.error }) },
            description: 'Refused (not found, signed out...): waiting will not help, stop asking.',
          },
        ],
      },
    },
    done: {
      description: 'It went through.',
      type: 'final',
      output: ({ context }) => ({ result: 'done', value: context.last }),
    },
    failed: {
      description: 'It failed on the server.',
      type: 'final',
      output: ({ context }) => ({ result: 'failed', value: context.last }),
    },
    gaveUp: {
      description: 'It could not be followed to the end; the last value read goes with the failure.',
      type: 'final',
      output: ({ context }) => ({ result: 'gaveUp', value: context.last, error: context.error }),
    },
  },
});
