/**
 * A read the viewer waits for (a channel page's content, an event, a list): loading, then loaded or failed, with a
 * retry. One machine for every such read; what is read is the `load` actor, which the app supplies from a read
 * definition (machines/resource/read.ts, `Read<TParams, TData>`). The definition types params and data at both ends:
 * the app builds this machine's `load` from it, and the one hook (`useRead`) hands its data back with its type.
 * XState's `setup()` cannot be made generic (named actions and done events do not resolve inside a generic
 * function), so inside the machine they are `unknown`.
 */
import { assign, fromPromise, not, setup } from 'xstate';
import { ClientRequestError, type ClassifiedError } from '../../mesh/client/errors';
import { readKey } from '../../mesh/client/read-cache';
import { notProvided } from '../shared/not-provided';

/** @public */
export interface ResourceContext<TParams = unknown, TData = unknown> {
  /** What the read answered; null until it has. */
  data: TData | null;
  /** Why the last read failed (the client's classified error); null when it was not the client's. */
  error: ClassifiedError | null;
  /** What the read is for (an alias, an id, filters), handed to `load` on every attempt. */
  params: TParams;
}

/** `user.retry`: the retry button after a failure; `params.changed`: the view now shows something else. @public */
export type ResourceEvent<TParams = unknown> = { type: 'user.retry' } | { type: 'params.changed'; params: TParams };

export const resourceMachine = setup({
  types: {
    context: {} as ResourceContext,
    events: {} as ResourceEvent,
    input: {} as { params: unknown },
    /** `busy` while reading, `loaded` once the answer is shown, `failed` with the retry. */
    tags: {} as 'busy' | 'loaded' | 'failed',
  },
  actors: {
    // Safe default: without a provided read there is nothing to load (the failed state, with its retry).
    load: fromPromise<unknown, unknown>(notProvided('load')),
  },
  guards: {
    /** The same params in another object (a view re-rendering) are the same read. */
    isSameParams: ({ context, event }) => event.type === 'params.changed' && readKey(event.params) === readKey(context.params),
  },
  actions: {
    useData: assign((_, data: unknown) => ({ data, error: null })),
    useError: assign((_, failure: { error: unknown }) => ({
      error: failure.error instanceof ClientRequestError ? failure.error.error : null,
    })),
    useParams: assign(({ event }) => (event.type === 'params.changed' ? { params: event.params, data: null } : {})),
  },
}).createMachine({
  id: 'resource',
  description:
    'Something the viewer waits for (a channel page, an event, a list): it loads, then shows, or shows an error ' +
    'with a retry button. Asking for something else loads that instead.',
  context: ({ input }) => ({ data: null, error: null, params: input.params }),
  initial: 'loading',
  on: {
    'params.changed': {
      guard: not('isSameParams'),
      target: '.loading',
      actions: 'useParams',
      description: 'The view now shows something else (another page, other filters): load that.',
    },
  },
  states: {
    loading: {
      description: 'Reading; the view shows that it is loading.',
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }: { context: ResourceContext }) => context.params,
        onDone: { target: 'loaded', actions: { type: 'useData', params: ({ event }: { event: { output: unknown } }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'useError', params: ({ event }) => ({ error: event.error }) },
          description: 'The read failed (after the client’s own retry).',
        },
      },
    },
    loaded: { description: 'Shown.', tags: ['loaded'] },
    failed: {
      description: 'The view shows what went wrong and a retry button.',
      tags: ['failed'],
      on: { 'user.retry': { target: 'loading', description: 'Try again.' } },
    },
  },
});
