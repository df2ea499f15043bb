/**
 * One app tab as the live recorder (src/app/logic/live-inspection.ts) hands it to the studio, while a viewer pays for
 * a pass: the app-wide session and toast actors, the payment flow, and the card entry and order polling it invokes.
 * Steps are newest first, as recorded; several land in the same millisecond, as a synchronous chain of sends does.
 * Payloads are JSON values (what the recorder is moving to), except the page's `user.submit`, which has none.
 */
import type { SequenceActorLike } from '../../statecharts/live-sequence';

/** 12:03:04.100 in the test's own time zone, so that the clock the studio shows reads the same everywhere. */
export const T = new Date(2026, 10, 26, 12, 3, 4, 100).getTime();

const step = (at: number, event: string, from: string, value: SequenceActorLike['value'], extra: { payload?: unknown; taken?: string[] } = {}) => ({
  at: T + at,
  event,
  from,
  value,
  payload: extra.payload,
  taken: extra.taken ?? (event === 'xstate.init' ? [] : [`${event} taken`]),
});

const session: SequenceActorLike = {
  id: 'x:1',
  name: 'session',
  parent: null,
  startedAt: T - 10_000,
  value: { loggedIn: 'refreshing' },
  steps: [step(20, 'session.refresh', 'payment', { loggedIn: 'refreshing' }), step(-10_000, 'xstate.init', '', { loggedIn: 'idle' })],
};

const toast: SequenceActorLike = {
  id: 'x:2',
  name: 'toast',
  parent: null,
  startedAt: T - 10_000,
  value: 'showing',
  steps: [
    step(60, 'toast.show', 'payment', 'showing', { payload: { toast: { message: { key: 'payment.success' }, type: 'success' } } }),
    step(-10_000, 'xstate.init', '', 'idle'),
  ],
};

export const payment: SequenceActorLike = {
  id: 'x:5',
  name: 'payment',
  parent: null,
  startedAt: T - 2_000,
  value: 'success',
  steps: [
    step(60, 'xstate.done.actor.pollOrder', 'pollOrder', 'success', { payload: { output: { status: 'paid', orderId: 42 } } }),
    step(50, 'app.resumed', '', { paying: 'polling' }),
    step(40, 'xstate.done.actor.cardEntry', 'cardEntry', { paying: 'polling' }, { payload: { output: { confirmed: true } } }),
    step(30, 'xstate.done.actor.buy', '', { paying: 'confirmingCard' }, { payload: { output: { orderId: 42 } } }),
    step(10, 'user.submit', '', { paying: 'buying' }),
    step(-2_000, 'xstate.init', '', 'editing'),
  ],
};

const cardEntry: SequenceActorLike = {
  id: 'x:6',
  name: 'cardEntry',
  parent: 'x:5',
  startedAt: T + 30,
  value: 'confirmed',
  steps: [
    step(40, 'xstate.done.actor.confirmWithProcessor', '', 'confirmed', { payload: { output: { status: 'succeeded' } } }),
    step(30, 'xstate.init', 'payment', 'confirmingWithProcessor', { payload: { input: { card: { kind: 'saved', paymentMethodId: 'pm_1' } } } }),
  ],
};

const pollOrder: SequenceActorLike = {
  id: 'x:7',
  name: 'pollOrder',
  parent: 'x:5',
  startedAt: T + 40,
  value: 'done',
  steps: [
    step(60, 'xstate.done.actor.fetch', '', 'done', { payload: { output: { status: 'paid' } } }),
    // Polling already fetching: the forwarded event changes nothing.
    step(50, 'app.resumed', 'payment', 'fetching', { taken: [] }),
    step(40, 'xstate.init', 'payment', 'fetching', { payload: { input: { orderId: 42 } } }),
  ],
};

/** In the recorder's order: the app-wide actors the shell starts first, then the flow and its children. */
export const payingTab = { actors: [session, toast, payment, cardEntry, pollOrder] };
