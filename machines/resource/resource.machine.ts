/**
 * A read the viewer waits for (a channel page's content, an event, a list): loading, then loaded or failed, with a
 * retry. One machine for every such read; what is read is the `load` actor, provided where the view's facade
 * starts it (`resourceMachine.provide({ actors: { load } })`), with the parameters as input.
 */
import { assign, fromPromise, setup } from 'xstate';
import { ClientRequestError, type ClassifiedError } from '../../mesh/client/errors';

/** @public */
export interface ResourceContext {
  /** What the read answered; null until it has. */
  data: unknown;
  /** Why the last read failed (the client's classified error); null when it was not the client's. */
  error: ClassifiedError | null;
  /** What the read is for (an alias, an id, filters), handed to `load` on every attempt. */
  params: unknown;
}

/** `user.retry`: the retry button after a failure; `params.changed`: the view now shows something else. @public */
export type ResourceEvent = { type: 'user.retry' } | { type: 'params.changed'; params: unknown };

export const resourceMachine = setup({
  types: {
    context: {} as ResourceContext,
    events: {} as ResourceEvent,
    input: {} as { params: unknown },
    tags: {} as 'busy',
  },
  actors: {
    // Safe default: without a provided read there is nothing to load (the failed state, with its retry).
    load: fromPromise<unknown, unknown>(async () => {
      throw new Error('load is not provided: nothing can be read');
    }),
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
    'Something the viewer waits for (a channel page, an event, a list): it loads, then shows, or shows an error with ' +
    'a retry button. Asking for something else loads that instead.',
  context: ({ input }) => ({ data: null, error: null, params: input.params }),
  initial: 'loading',
  on: {
    'params.changed': {
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
    loaded: { description: 'Shown.' },
    failed: {
      description: 'The view shows what went wrong and a retry button.',
      on: { 'user.retry': { target: 'loading', description: 'Try again.' } },
    },
  },
});
