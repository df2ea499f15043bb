/**
 * Bad input to every writing operation of the payments API that the contract's schemas cannot catch alone: ids that
 * name nothing of this channel or viewer, fields that do not go with the kind of purchase, promo codes, card numbers
 * and expiry dates, secrets of nothing, and things already done. Each must answer a 4xx with the error envelope
 * naming the offending field, and leave the database exactly as it was. (Schema-level mutations of the same
 * operations run in bad-input.property.test.ts, and the nested card object is mutated here.)
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { card, CARDS, type EventItem, type Package, type Plan, Shop } from './commerce-helpers';
import { databaseSnapshot, startTestApi, SUMMIT, type TestApi } from './harness';

const NUM_RUNS = 40;

let api: TestApi;
let shop: Shop;
/** A viewer with a saved card, an event it owns, a payment waiting for confirmation, one already confirmed, an open setup intent and a used one. */
let viewer: {
  token: string;
  cardId: string;
  ownedEvent: EventItem;
  pendingSecret: string;
  confirmedSecret: string;
  setupSecret: string;
  usedSetupSecret: string;
};
/** A viewer whose free trial is used, with a card. */
let trialUsed: { token: string; cardId: string };
let someoneElsesCard: string;
let paidEvents: EventItem[];
let packages: Package[];
let plans: Plan[];

beforeAll(async () => {
  api = await startTestApi();
  shop = new Shop(api, await api.apiKey(SUMMIT.channelKey));
  paidEvents = await shop.paidEvents();
  packages = await shop.packages();
  plans = await shop.plans();

  const v = await shop.newViewer('bad-input');
  const saved = await shop.saveCard(v.token);
  const [owned, pending, confirmed] = paidEvents;
  await shop.purchase(v.token, { type: 'event', id: owned!.id, single_event_package_id: owned!.single_event_package_id });
  const waiting = await shop.buyEvent(v.token, pending!);
  const done = await shop.buyEvent(v.token, confirmed!);
  await shop.confirm(v.token, done.client_secret);
  const open = await shop.ok<{ client_secret: string }>('POST', '/stripe/setup-intent', v.token, { body: {} });
  const used = await shop.ok<{ client_secret: string }>('POST', '/stripe/setup-intent', v.token, { body: {} });
  await shop.ok('POST', '/stripe/setup-intent/confirm', v.token, { body: { client_secret: used.client_secret, card: card() } });
  viewer = {
    token: v.token,
    cardId: saved.id,
    ownedEvent: owned!,
    pendingSecret: waiting.client_secret!,
    confirmedSecret: done.client_secret!,
    setupSecret: open.client_secret,
    usedSetupSecret: used.client_secret,
  };

  const t = await shop.newViewer('trial-used');
  const tCard = await shop.saveCard(t.token);
  await shop.ok('POST', '/stripe/subscription/start_trial', t.token, { body: { subscription_id: monthly().id, payment_method_id: tCard.id } });
  await shop.ok('POST', '/stripe/unsubscribe', t.token, { body: { subscription_id: monthly().id } });
  trialUsed = { token: t.token, cardId: tCard.id };
  someoneElsesCard = tCard.id;
});
afterAll(() => api.close());

const monthly = (): Plan => plans.find((p) => p.trial_period > 0)!;
const annual = (): Plan => plans.find((p) => p.trial_period === 0)!;
const teamPass = (): Package => packages.find((p) => p.is_team_pass)!;

interface BadCall {
  kind: string;
  body: Record<string, unknown>;
  /** One of these must be named in `error.errors`. */
  fields: string[];
  /** Another viewer than the default one. */
  token?: string;
}

const bad = (kind: string, body: Record<string, unknown>, ...fields: string[]): BadCall => ({ kind, body, fields });

// ------------------------------------------------------------------------------------------- generators

const anyId = fc.integer({ min: 1, max: 2_000_000 });
const secretPart = fc.stringMatching(/^[A-Za-z0-9]{1,40}$/);
const unknownSecret = (prefix: 'pi' | 'seti') => fc.tuple(secretPart, secretPart).map(([id, secret]) => `${prefix}_${id}_secret_${secret}`);
/** A payment method id that is not the viewer's: made up, or another viewer's card. */
const foreignCardId = fc.oneof(
  secretPart.map((id) => `pm_${id}`),
  fc.constant(null).map(() => someoneElsesCard),
);
const luhnValid = (digits: string): boolean =>
  [...digits].reverse().reduce((sum, d, i) => sum + (i % 2 === 1 ? (Number(d) * 2 > 9 ? Number(d) * 2 - 9 : Number(d) * 2) : Number(d)), 0) % 10 === 0;
/** One item of a list known only once the suite has started. */
const oneOf = <T>(items: () => T[]) =>
  fc.nat().map((n) => {
    const list = items();
    return list[n % list.length]!;
  });
const CARD_FIELDS = ['number', 'exp_month', 'exp_year', 'cvc'];

interface BadCard {
  card: unknown;
  field: string;
}
const withCard = (field: string, value: unknown): BadCard => ({ card: { ...card(), [field]: value }, field: `card.${field}` });

/** What the nested card object's schema refuses: off-pattern strings, months and years out of range, missing or extra fields. */
const malformedCard: fc.Arbitrary<BadCard> = fc.oneof(
  fc.stringMatching(/^[0-9 a-z-]{0,25}$/).filter((n) => !/^[0-9]{12,19}$/.test(n)).map((n) => withCard('number', n)),
  fc.oneof(fc.integer({ min: -50, max: 0 }), fc.integer({ min: 13, max: 99 })).map((m) => withCard('exp_month', m)),
  fc.oneof(fc.integer({ min: 0, max: 1999 }), fc.integer({ min: 2101, max: 99_999 })).map((y) => withCard('exp_year', y)),
  fc.stringMatching(/^[0-9a-z]{0,6}$/).filter((c) => !/^[0-9]{3,4}$/.test(c)).map((c) => withCard('cvc', c)),
  fc.stringMatching(/^[a-z]{1,10}$/).filter((k) => !CARD_FIELDS.includes(k)).map((extra) => withCard(extra, 1)),
  fc.constantFrom(...CARD_FIELDS).map((missing) => ({
    card: Object.fromEntries(Object.entries(card()).filter(([k]) => k !== missing)),
    field: `card.${missing}`,
  })),
);

/** What the reference processor refuses at once: a number failing the Luhn check, or an expiry in the past. */
const unusableCard: fc.Arbitrary<BadCard> = fc.oneof(
  fc.stringMatching(/^[0-9]{12,19}$/).filter((n) => !luhnValid(n)).map((n) => withCard('number', n)),
  fc.integer({ min: 2000, max: new Date().getUTCFullYear() - 1 }).map((y) => withCard('exp_year', y)),
);

/** Ids of what can be bought, by kind (single-event packages are not listed, so they count as "not a package"). */
const buyable = (type: string): number[] =>
  type === 'event' ? paidEvents.map((e) => e.id) : type === 'package' ? packages.map((p) => p.id) : plans.map((p) => p.id);
const COUPONS_OF_THE_SEED = ['WELCOME10', 'PASS5', 'SUBSCRIBE20', 'STAFFPASS'];

const buyCalls: fc.Arbitrary<BadCall> = fc.oneof(
  fc
    .tuple(fc.constantFrom('event', 'package', 'subscription'), anyId)
    .filter(([type, id]) => !buyable(type).includes(id))
    .map(([type, id]) => bad('nothing to buy under this id', { type, id, single_event_package_id: 1 }, 'id', 'single_event_package_id')),
  fc
    .tuple(oneOf(() => paidEvents.slice(1)), fc.option(anyId, { nil: undefined }))
    .filter(([event, sep]) => sep !== event.single_event_package_id)
    .map(([event, sep]) => {
      const body = { type: 'event', id: event.id, ...(sep === undefined ? {} : { single_event_package_id: sep }) };
      return bad('paid event without its single-event package', body, 'single_event_package_id');
    }),
  fc
    .option(anyId, { nil: undefined })
    .filter((team) => team === undefined || !teamPass().participants.includes(team))
    .map((team) => {
      const body = { type: 'package', id: teamPass().id, ...(team === undefined ? {} : { participant_id: team }) };
      return bad('team pass without one of its teams', body, 'participant_id');
    }),
  fc
    .tuple(
      oneOf(() => [
        ...packages.filter((p) => !p.is_team_pass).map((p) => ({ type: 'package', id: p.id })),
        ...plans.map((p) => ({ type: 'subscription', id: p.id })),
      ]),
      fc.constantFrom('participant_id', 'single_event_package_id'),
      anyId,
    )
    .map(([product, field, value]) => bad(`${field} on a purchase that takes none`, { ...product, [field]: value }, field)),
  fc
    .tuple(fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/).filter((c) => !COUPONS_OF_THE_SEED.includes(c.toUpperCase())), oneOf(() => plans))
    .map(([coupon, plan]) => bad('unknown or expired promo code', { type: 'subscription', id: plan.id, coupon }, 'coupon')),
  fc
    .tuple(fc.constantFrom('PASS5', 'STAFFPASS', 'pass5'), oneOf(() => plans))
    .map(([coupon, plan]) => bad('promo code for another kind of purchase', { type: 'subscription', id: plan.id, coupon }, 'coupon')),
  fc
    .tuple(foreignCardId, oneOf(() => plans))
    .map(([pm, plan]) => bad('a card that is not the viewer’s', { type: 'subscription', id: plan.id, payment_method_id: pm }, 'payment_method_id')),
  fc.constant(null).map(() => {
    const event = viewer.ownedEvent;
    return bad('an event already owned', { type: 'event', id: event.id, single_event_package_id: event.single_event_package_id }, 'id');
  }),
  oneOf(() => paidEvents).map((event) => bad('a single-event package bought as a package', { type: 'package', id: event.single_event_package_id }, 'id')),
);

const confirmCalls: fc.Arbitrary<BadCall> = fc.oneof(
  unknownSecret('pi').map((secret) => bad('a payment that does not exist', { client_secret: secret, card: card() }, 'client_secret')),
  fc.constant(null).map(() => bad('a payment already confirmed', { client_secret: viewer.confirmedSecret, card: card() }, 'client_secret')),
  fc.boolean().map((both) =>
    bad(
      both ? 'both a new and a saved card' : 'no card at all',
      { client_secret: viewer.pendingSecret, ...(both ? { card: card(), payment_method_id: viewer.cardId } : {}) },
      'card',
      'payment_method_id',
    ),
  ),
  fc.oneof(unusableCard, malformedCard).map((c) => bad('an unusable card', { client_secret: viewer.pendingSecret, card: c.card }, c.field)),
  fc.boolean().map((save) =>
    bad('save_card with a saved card', { client_secret: viewer.pendingSecret, payment_method_id: viewer.cardId, save_card: save }, 'save_card'),
  ),
  foreignCardId.map((pm) => bad('a saved card that is not the viewer’s', { client_secret: viewer.pendingSecret, payment_method_id: pm }, 'payment_method_id')),
);

const setupCalls: fc.Arbitrary<BadCall> = fc.oneof(
  unknownSecret('seti').map((secret) => bad('a setup intent that does not exist', { client_secret: secret, card: card() }, 'client_secret')),
  fc.constant(null).map(() => bad('a setup intent already confirmed', { client_secret: viewer.usedSetupSecret, card: card() }, 'client_secret')),
  fc.oneof(unusableCard, malformedCard).map((c) => bad('an unusable card', { client_secret: viewer.setupSecret, card: c.card }, c.field)),
  fc
    .constantFrom(CARDS.declined, CARDS.insufficientFunds, '4000000000009987', '4000000000000069', '4111111111111111')
    .map((number) => bad('a card the processor declines', { client_secret: viewer.setupSecret, card: card(number) }, 'card')),
);

const trialCalls: fc.Arbitrary<BadCall> = fc.oneof(
  anyId
    .filter((id) => !plans.some((p) => p.id === id))
    .map((id) => bad('a plan that does not exist', { subscription_id: id, payment_method_id: viewer.cardId }, 'subscription_id')),
  fc.constant(null).map(() => bad('a plan without a trial', { subscription_id: annual().id, payment_method_id: viewer.cardId }, 'subscription_id')),
  fc.constant(null).map(() => ({
    ...bad('a trial already used', { subscription_id: monthly().id, payment_method_id: trialUsed.cardId }, 'subscription_id'),
    token: trialUsed.token,
  })),
  fc.tuple(fc.boolean(), secretPart).map(([both, id]) =>
    bad(
      both ? 'both a card and a setup intent' : 'no card at all',
      { subscription_id: monthly().id, ...(both ? { payment_method_id: viewer.cardId, setup_intent_id: `seti_${id}` } : {}) },
      'payment_method_id',
      'setup_intent_id',
    ),
  ),
  foreignCardId.map((pm) => bad('a card that is not the viewer’s', { subscription_id: monthly().id, payment_method_id: pm }, 'payment_method_id')),
  fc.oneof(secretPart.map((id) => `seti_${id}`), fc.constant(null).map(() => viewer.setupSecret.replace(/_secret_.*$/, ''))).map((seti) =>
    bad('a setup intent that is not the viewer’s or has not succeeded', { subscription_id: monthly().id, setup_intent_id: seti }, 'setup_intent_id'),
  ),
);

const unsubscribeCalls: fc.Arbitrary<BadCall> = fc.oneof(
  anyId.filter((id) => !plans.some((p) => p.id === id)).map((id) => bad('a plan that does not exist', { subscription_id: id }, 'subscription_id')),
  oneOf(() => plans).map((plan) => bad('a plan the viewer never had', { subscription_id: plan.id }, 'subscription_id')),
);

// ------------------------------------------------------------------------------------------- the property

async function expectRefused(path: string, call: BadCall): Promise<void> {
  const before = databaseSnapshot(api.db);
  const result = await shop.call<{ error?: { message?: unknown; errors?: Record<string, string[]> } }>('POST', path, call.token ?? viewer.token, {
    body: call.body,
  });
  const what = `${call.kind}: ${JSON.stringify(call.body)} → ${result.status} ${JSON.stringify(result.body)}`;
  expect(result.status, what).toBeGreaterThanOrEqual(400);
  expect(result.status, what).toBeLessThan(500);
  expect(typeof result.body.error?.message, what).toBe('string');
  const errors = result.body.error?.errors ?? {};
  expect(call.fields.some((field) => field in errors), `${what}: expected one of ${JSON.stringify(call.fields)}`).toBe(true);
  expect(databaseSnapshot(api.db) === before, `${what}: something was written`).toBe(true);
}

describe('bad input to the payments API: 4xx naming the field, nothing written', () => {
  it.each([
    ['/stripe/buy', () => buyCalls],
    ['/stripe/confirm', () => confirmCalls],
    ['/stripe/setup-intent/confirm', () => setupCalls],
    ['/stripe/subscription/start_trial', () => trialCalls],
    ['/stripe/unsubscribe', () => unsubscribeCalls],
  ] as const)('POST %s', async (path, calls) => {
    await fc.assert(
      fc.asyncProperty(calls(), (call) => expectRefused(path, call)),
      { numRuns: NUM_RUNS },
    );
  });

  it('left every fixture usable: the waiting payment and the open setup intent still confirm', async () => {
    expect((await shop.confirm(viewer.token, viewer.pendingSecret, { payment_method_id: viewer.cardId })).status).toBe('processing');
    await shop.ok('POST', '/stripe/setup-intent/confirm', viewer.token, { body: { client_secret: viewer.setupSecret, card: card() } });
  });
});
