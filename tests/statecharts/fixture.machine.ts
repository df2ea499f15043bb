/**
 * A small machine with every construct the model runner and the diagram generator must handle: nested and parallel
 * states, shallow and deep history, a final state with onDone, guarded `always` branches, literal and named `after`,
 * and an invoked actor with guarded done branches and an error branch. Not an app machine: it is not registered.
 */
import { and, assign, fromPromise, not, setup } from 'xstate';

type FixtureEvent =
  | { type: 'user.open'; admin: boolean }
  | { type: 'user.next' }
  | { type: 'user.leave' }
  | { type: 'user.back' }
  | { type: 'user.finish' };

export const fixtureMachine = setup({
  types: {
    context: {} as { admin: boolean; items: number },
    events: {} as FixtureEvent,
  },
  actors: {
    fetchItems: fromPromise<number>(async () => 0),
  },
  guards: {
    isAdmin: ({ event }) => event.type === 'user.open' && event.admin,
    hasItems: ({ context }) => context.items > 0,
    isAdminContext: ({ context }) => context.admin,
    isPositive: (_, output: number) => output > 0,
  },
  actions: {
    rememberAdmin: assign({ admin: ({ event }) => event.type === 'user.open' && event.admin }),
    keepItems: assign({ items: (_, output: number) => output }),
  },
  delays: { idleTimeout: 2000 },
}).createMachine({
  id: 'fixture',
  description: 'Every construct, once.',
  context: { admin: false, items: 0 },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'user.open': [
          { guard: 'isAdmin', target: 'loading', actions: 'rememberAdmin' },
          { guard: not('isAdmin'), target: 'loading' },
        ],
      },
    },
    loading: {
      invoke: {
        id: 'fetchItems',
        src: 'fetchItems',
        onDone: [
          {
            guard: { type: 'isPositive', params: ({ event }) => event.output },
            target: 'routing',
            actions: { type: 'keepItems', params: ({ event }) => event.output },
          },
          { target: 'routing' },
        ],
        onError: { target: 'closed', description: 'Could not load.' },
      },
    },
    routing: {
      always: [{ guard: and(['hasItems', 'isAdminContext']), target: 'open.mode.admin' }, { target: 'open' }],
    },
    open: {
      type: 'parallel',
      onDone: { target: 'closed' },
      on: { 'user.leave': 'away' },
      states: {
        pages: {
          initial: 'first',
          states: {
            first: { on: { 'user.next': 'second' } },
            second: { on: { 'user.finish': 'done' } },
            done: { type: 'final' },
            hist: { type: 'history', history: 'shallow' },
          },
        },
        mode: {
          initial: 'viewer',
          states: {
            viewer: {},
            admin: { after: { 1000: 'viewer' } },
            done: { type: 'final' },
            deepHist: { type: 'history', history: 'deep', target: 'viewer' },
          },
          on: { 'user.finish': '.done' },
        },
      },
    },
    away: {
      after: { idleTimeout: 'closed' },
      on: { 'user.back': '#fixture.open.pages.hist' },
    },
  },
});
