/** Following a trace recorded live in the studio's simulation: each event matched to an option, on the real payment model. */
import { describe, expect, it } from 'vitest';
import type { StateValue } from 'xstate';
import type { TraceStep } from '../../statecharts/live-trace';
import { resembles } from '../../statecharts/model-testing/follow-trace';
import { createSimulation } from '../../statecharts/model-testing/simulate';
import { buildModel } from '../../statecharts/model-testing/test-model';
import { machineModels } from '../../machines/models';
import { PAID_EVENT, VISA } from '../../machines/payment/payment.model';
import type { PurchaseSelection } from '../../machines/payment/payment.types';

const payment = buildModel('payment', machineModels.payment);

/** The order the reference processor opens, as the live view records it: its timestamps are plain seconds. */
const order = (status: 'processing' | 'paid' | 'failed') => ({
  id: 42,
  type: 'event',
  status,
  activity_status: status === 'paid' ? 'active' : 'inactive',
  product: { id: 7, name: 'Summit vs Boreal', event_category_id: null, participant_id: null },
  amount: 999,
  service_fee: 100,
  currency: 'USD',
  coupon: null,
  discount: 0,
  created_at: 1767225600,
  paid_at: status === 'paid' ? 1767225602 : null,
  failure_reason: status === 'failed' ? 'card_declined' : null,
  expires_at: null,
  subscription_event: null,
  auto_renew: null,
});

let clock = 1_767_225_600_000;
/** A step as the live view records it: the event without its type as payload, secrets already hidden. */
const step = (event: string, value: StateValue, payload?: unknown, taken: string[] = [`payment ${event}`]): TraceStep => ({
  at: (clock += 250),
  event,
  from: '',
  ...(payload === undefined ? {} : { payload }),
  taken,
  value,
});

/** A viewer buys Lakers @ Huskies with a new card, the order is paid: the events the live payment receives. */
const paidWithNewCard: TraceStep[] = [
  step('xstate.init', 'loadingPurchases', { input: {} }),
  step('xstate.done.actor.loadOrders', { editing: 'ready' }, { output: [], actorId: 'loadOrders' }),
  step('xstate.done.actor.loadSavedCards', { editing: 'ready' }, { output: [], actorId: 'loadSavedCards' }),
  step('user.selectPurchase', { editing: 'ready' }, { purchase: PAID_EVENT }),
  // The page going offline while the form shows: the state ignores it.
  step('app.offline', { editing: 'ready' }, undefined, []),
  // The card's number, expiry and CVC were hidden where they were recorded.
  step('user.enterNewCard', { editing: 'ready' }, { details: { number: '•••', exp_month: '•••', exp_year: '•••', cvc: '•••' }, save: true }),
  step('user.submit', { processing: 'buying' }),
  step(
    'xstate.done.actor.buy',
    { processing: 'confirmingCard' },
    { output: { order: order('processing'), clientSecret: '•••', provider: 'reference', publishableKey: null }, actorId: 'buy' },
  ),
  step('xstate.done.actor.cardEntry', { processing: 'polling' }, { output: { result: 'confirmed' }, actorId: 'cardEntry' }),
  step('xstate.done.actor.pollOrder', 'success', { output: { result: 'done', value: order('paid') }, actorId: 'pollOrder' }),
];

/** A package as the checkout page selects it (machines/resource/commerce.reads.ts): not one of the model's. */
const pass: PurchaseSelection = {
  type: 'package',
  name: 'Hockey Season Pass',
  currency: 'USD',
  id: 3,
  price: 4999,
  isTeamPass: false,
  eventCategoryIds: [1],
  participantIds: [],
};
const SUBMIT = 'payment.editing.ready user.submit #4';

describe('following a trace of the payment', () => {
  it('replays a paid purchase to the state it ended in, with the model’s own variants where the trace resembles them', async () => {
    const simulation = createSimulation(payment);
    const replay = await simulation.follow(paidWithNewCard);
    expect(replay).toEqual({ replayed: 10, total: 10 });
    const view = simulation.view();
    expect(view).toMatchObject({ state: 'success', status: 'done' });
    // The start and the ignored event are skipped: eight steps chosen, none edited (the hidden card is the model's).
    expect(view.chosen).toHaveLength(8);
    expect(view.steps.some((s) => s.edited)).toBe(false);
    expect(view.steps.at(-1)?.text).toMatch(/^let pollOrder finish with \{"result":"done"/);
    // The chosen options are a link: replayed, they lead to the same view.
    const linked = createSimulation(payment);
    await linked.replay(view.chosen);
    expect(linked.view()).toEqual(view);
  });

  it('sends a payload the model has no variant for as an edit, marked as one', async () => {
    const dearer = { ...PAID_EVENT, price: 1499 };
    const trace = paidWithNewCard.map((s) => (s.event === 'user.selectPurchase' ? { ...s, payload: { purchase: dearer } } : s));
    const simulation = createSimulation(payment);
    expect(await simulation.follow(trace)).toEqual({ replayed: 10, total: 10 });
    const view = simulation.view();
    expect(view.state).toBe('success');
    expect(view.steps.filter((s) => s.edited).map((s) => s.text)).toEqual([`send user.selectPurchase ${JSON.stringify({ purchase: dearer })}`]);
    expect(JSON.parse(view.context)).toMatchObject({ purchase: { id: 7, price: 1499 } });
  });

  it('lets an invoked actor finish with the outcome the trace recorded, not merely one that leads to the same state', async () => {
    // The order was never answered: three outcomes lead to the error state; the trace says which.
    const neverAnswered = { result: 'gaveUp', value: null, error: 'ClientRequestError: Order not found' };
    const trace = [...paidWithNewCard.slice(0, -1), step('xstate.done.actor.pollOrder', 'error', { output: neverAnswered, actorId: 'pollOrder' })];
    const simulation = createSimulation(payment);
    expect(await simulation.follow(trace)).toEqual({ replayed: 10, total: 10 });
    const view = simulation.view();
    expect(view.state).toBe('error');
    expect(view.steps.at(-1)?.text).toBe('let pollOrder finish with {"result":"gaveUp","value":null,"error":"ClientRequestError(Order not found)"}');
  });

  it('tries the other outcomes when the recorded one is hidden, keeping the one that leads where the trace went', async () => {
    const trace = [...paidWithNewCard.slice(0, 7), step('xstate.done.actor.buy', 'success', { output: '•••', actorId: 'buy' })];
    const simulation = createSimulation(payment);
    expect(await simulation.follow(trace)).toEqual({ replayed: 8, total: 8 });
    expect(simulation.view()).toMatchObject({ state: 'success' });
    expect(simulation.view().steps.at(-1)?.text).toMatch(/^let buy finish with \{"order":\{"id":42,"type":"event","status":"paid"/);
  });

  it('sends, as recorded, an event the model does not offer but the machine takes: a real viewer paid for another pass', async () => {
    // The model offers a card only for its own two purchases; the live view saw a viewer pay for a season pass.
    const trace = paidWithNewCard.map((s) => (s.event === 'user.selectPurchase' ? { ...s, payload: { purchase: pass } } : s));
    const simulation = createSimulation(payment);
    expect(await simulation.follow(trace)).toEqual({ replayed: 10, total: 10 });
    const view = simulation.view();
    expect(view.state).toBe('success');
    expect(view.steps.filter((s) => s.edited).map((s) => s.text)).toEqual([
      `send user.selectPurchase ${JSON.stringify({ purchase: pass })}`,
      expect.stringMatching(/^send user\.enterNewCard /),
    ]);
    // A link can name options only: it keeps the steps before the card, and says which step it leaves out.
    expect(view.chosen).toHaveLength(3);
    expect(view.unlinked).toBe(5);
  });

  it('does not count as followed a step that made the machine fail, though its state stayed where the trace’s did', async () => {
    // A package without its teams: the purchase check throws, and the actor fails in editing.ready.
    const withoutTeams = Object.fromEntries(Object.entries(pass).filter(([name]) => name !== 'participantIds'));
    const trace = paidWithNewCard.map((s) => (s.event === 'user.selectPurchase' ? { ...s, payload: { purchase: withoutTeams } } : s));
    const simulation = createSimulation(payment);
    const replay = await simulation.follow(trace);
    expect(replay).toMatchObject({ replayed: 3, total: 10, stopped: { step: 4, event: 'user.selectPurchase', why: { kind: 'refused' } } });
    expect(replay.stopped?.why).toMatchObject({ detail: expect.stringMatching(/^the machine failed here \(TypeError: /) });
    expect(simulation.view()).toMatchObject({ state: 'editing.ready', status: 'active' });
  });

  it('does not count as followed a step that reached the trace’s state by other transitions', async () => {
    // The viewer's promo code was checked with the server; a blank one is refused where it stands, in the same state.
    const trace = [
      ...paidWithNewCard.slice(0, 4),
      step('user.applyPromoCode', { editing: 'ready' }, { code: '  ' }, ['payment.editing.ready user.applyPromoCode #1']),
    ];
    const replay = await createSimulation(payment).follow(trace);
    expect(replay).toMatchObject({ replayed: 4, total: 5, stopped: { step: 5, event: 'user.applyPromoCode', why: { kind: 'refused' } } });
    expect(replay.stopped?.why).toMatchObject({ detail: expect.stringMatching(/^here it takes payment\.editing\.ready user\.applyPromoCode #2; in the trace, /) });
  });

  it('replays what the live view exports of a pass bought: from the start it recorded, its outputs hidden', async () => {
    // The checkout page starts the payment with the pass as its input; the card is chosen, then given on paying.
    const trace: TraceStep[] = [
      step('xstate.init', 'loadingPurchases', { input: { purchase: pass, openOrderId: null } }, []),
      step('xstate.done.actor.loadOrders', { editing: 'ready' }, { output: '•••', actorId: 'loadOrders' }, [
        'payment.loadingPurchases xstate.done.actor.loadOrders #0',
        'payment.routing always #2',
      ]),
      step('xstate.done.actor.loadSavedCards', { editing: 'ready' }, { output: [], actorId: 'loadSavedCards' }, [
        'payment.editing xstate.done.actor.loadSavedCards #0',
      ]),
      step('user.enterNewCard', { editing: 'ready' }, { details: null, save: false }, ['payment.editing user.enterNewCard #0']),
      step('user.enterNewCard', { editing: 'ready' }, { details: { number: '•••', exp_month: '•••', exp_year: '•••', cvc: '•••' }, save: false }, [
        'payment.editing user.enterNewCard #0',
      ]),
      step('user.submit', { processing: 'buying' }, undefined, [SUBMIT]),
      step('xstate.done.actor.buy', { processing: 'confirmingCard' }, { output: '•••', actorId: 'buy' }, [
        'payment.processing.buying xstate.done.actor.buy #1',
      ]),
      step('xstate.done.actor.cardEntry', { processing: 'polling' }, { output: { result: 'confirmed' }, actorId: 'cardEntry' }, [
        'payment.processing.confirmingCard xstate.done.actor.cardEntry #0',
      ]),
      step('xstate.done.actor.pollOrder', 'success', { output: '•••', actorId: 'pollOrder' }, [
        'payment.processing.polling xstate.done.actor.pollOrder #0',
      ]),
    ];
    const simulation = createSimulation(payment);
    expect(await simulation.follow(trace)).toEqual({ replayed: 9, total: 9 });
    const view = simulation.view();
    expect(view).toMatchObject({ state: 'success', status: 'done' });
    expect(JSON.parse(view.context)).toMatchObject({ purchase: { id: 3 }, card: { kind: 'new', details: VISA, save: false } });
    // None of the model's inputs is the pass: a link, which starts from one, can name none of these steps.
    expect(view).toMatchObject({ chosen: [], unlinked: 1, input: 0 });

    // Started from a model's input, the same purchase is linked up to the card the model does not offer for the pass.
    const selected: TraceStep[] = [
      step('xstate.init', 'loadingPurchases', { input: {} }, []),
      ...trace.slice(1, 3),
      step('user.selectPurchase', { editing: 'ready' }, { purchase: pass }, ['payment.editing user.selectPurchase #0', 'payment.routing always #2']),
      ...trace.slice(3),
    ];
    const linked = createSimulation(payment);
    expect(await linked.follow(selected)).toEqual({ replayed: 10, total: 10 });
    expect(linked.view()).toMatchObject({ state: 'success', unlinked: 5 });
    expect(linked.view().chosen).toHaveLength(3);
    // The link leads to the step before the card, with the model's own variant for the pass it could not name.
    const replayed = createSimulation(payment);
    await replayed.replay(linked.view().chosen);
    expect(replayed.view()).toMatchObject({ state: 'editing.ready', input: 0 });
  });

  it('stops at an event the simulated state does not offer, saying how far it got', async () => {
    const trace = [...paidWithNewCard.slice(0, 4), step('player.play', { editing: 'ready' }), ...paidWithNewCard.slice(4)];
    const simulation = createSimulation(payment);
    expect(await simulation.follow(trace)).toEqual({
      replayed: 4,
      total: 11,
      stopped: { step: 5, event: 'player.play', why: { kind: 'notOffered', state: 'editing.ready' } },
    });
    // It stays where the last step it followed led.
    expect(simulation.view()).toMatchObject({ state: 'editing.ready', chosen: [expect.any(Number), expect.any(Number), 0] });
    expect(JSON.parse(simulation.view().context)).toMatchObject({ purchase: { id: 7 } });
  });

  it('stops where the simulation leads elsewhere than the trace went, and stays before that step', async () => {
    const trace = [...paidWithNewCard.slice(0, 6), step('user.submit', 'success')];
    const simulation = createSimulation(payment);
    expect(await simulation.follow(trace)).toEqual({
      replayed: 6,
      total: 7,
      stopped: { step: 7, event: 'user.submit', why: { kind: 'elsewhere', state: 'processing.buying', expected: 'success' } },
    });
    expect(simulation.view()).toMatchObject({ state: 'editing.ready' });
    expect(simulation.view().chosen).toHaveLength(4);
  });

  it('refuses a send whose recorded payload is not an object', async () => {
    const trace = [paidWithNewCard[0] as TraceStep, paidWithNewCard[1] as TraceStep, step('user.selectPurchase', { editing: 'ready' }, [7])];
    const replay = await createSimulation(payment).follow(trace);
    expect(replay).toEqual({
      replayed: 2,
      total: 3,
      stopped: { step: 3, event: 'user.selectPurchase', why: { kind: 'refused', detail: 'the payload is not a JSON object' } },
    });
  });
});

describe('a recorded value resembling the model’s', () => {
  it('reads `•••` as any value, or any run of characters inside a text', () => {
    expect(resembles('•••', { number: '4242424242424242' })).toBe(true);
    expect(resembles('/verify?email=•••&expires=•••', '/verify?email=a@b.co&expires=99')).toBe(true);
    expect(resembles('/verify?email=•••&expires=•••', '/verify?mail=a@b.co&expires=99')).toBe(false);
    expect(resembles('pi_•••_secret', 'pi_secret')).toBe(false);
    expect(resembles('ClientRequestError: fetch failed', new Error('fetch failed'))).toBe(false);
    expect(resembles({ a: 1, b: [1, '•••'] }, { a: 1, b: [1, 2], gone: undefined })).toBe(true);
    expect(resembles({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(resembles([1], [1, 2])).toBe(false);
  });
});
