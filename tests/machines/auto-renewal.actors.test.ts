/**
 * The auto-renewal with its real actors (createAutoRenewalActors over mesh/client) against the reference API behind
 * Mesh: a viewer subscribed to the monthly plan turns the renewal off (active → cancelling → cancelled). The failure
 * path: the server fails the cancellation, and the renewal is still on with the generic message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createAutoRenewalActors } from '../../machines/auto-renewal/auto-renewal.actors';
import { AUTO_RENEWAL_LABELS, autoRenewalLabel, autoRenewalMachine } from '../../machines/auto-renewal/auto-renewal.machine';
import { SOMETHING_WENT_WRONG } from '../../machines/shared/failures';
import { SubscriptionPlanDocument } from '../../mesh/client/generated/documents/SubscriptionPlan';
import { Shop } from '../server/commerce-helpers';
import { startTestApi, type TestApi } from '../server/harness';
import { realClient } from './real-client';

let api: TestApi;
let shop: Shop;

beforeAll(async () => {
  api = await startTestApi({}, { graphql: true });
  shop = new Shop(api, await api.apiKey());
});

afterAll(async () => {
  await api.close();
});

/** A new viewer with a paid monthly subscription (bought through the REST API), and the machine for it. */
async function subscribed(label: string) {
  const viewer = await shop.newViewer(label);
  const real = realClient(api);
  await real.login(viewer.email);
  const monthly = await shop.plan('monthly');
  const order = await shop.purchase(viewer.token, { type: 'subscription', id: monthly.id });
  expect(order.status).toBe('paid');
  const actor = createActor(autoRenewalMachine.provide({ actors: createAutoRenewalActors({ client: real.client }) }), {
    input: { subscriptionId: monthly.id },
  }).start();
  const until = (predicate: (s: ReturnType<typeof actor.getSnapshot>) => boolean) => waitFor(actor, predicate, { timeout: 10_000 });
  return { real, monthly, actor, until };
}

describe('auto-renewal with the real client', () => {
  it('turns the renewal of a monthly subscription off', async () => {
    const { real, monthly, actor, until } = await subscribed('renewer');
    const active = await until((s) => !s.hasTag('loading'));
    expect(active.value).toBe('active');
    expect(autoRenewalLabel(active)).toBe(AUTO_RENEWAL_LABELS.active);

    actor.send({ type: 'user.cancelRenewal' });
    expect(actor.getSnapshot().hasTag('processing')).toBe(true);
    const cancelled = await until((s) => !s.hasTag('processing'));
    expect(cancelled.value).toBe('cancelled');
    expect(autoRenewalLabel(cancelled)).toBe('Auto-Renewal Cancelled');
    const { subscription } = await real.client.request(SubscriptionPlanDocument, { id: monthly.id });
    // Access lasts until the paid period ends.
    expect(subscription).toMatchObject({ status: 'canceled', auto_renew: false, is_purchased: true });
  });

  it('stays on, with the generic message, when the server fails the cancellation', async () => {
    const { real, monthly, actor, until } = await subscribed('renewer-outage');
    await until((s) => !s.hasTag('loading'));
    api.faults.add({ operationId: 'unsubscribe', status: 500, times: 2 });
    actor.send({ type: 'user.cancelRenewal' });
    const back = await until((s) => !s.hasTag('processing'));
    expect(back.value).toBe('active');
    expect(back.context.errorMessage).toBe(SOMETHING_WENT_WRONG);
    expect(autoRenewalLabel(back)).toBe('Auto-Renewal');
    const { subscription } = await real.client.request(SubscriptionPlanDocument, { id: monthly.id });
    expect(subscription).toMatchObject({ status: 'active', auto_renew: true });
  });
});
