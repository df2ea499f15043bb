/**
 * Order polling with its real fetch (createOrderPolling over mesh/client) against the reference API behind Mesh. An
 * order is bought and confirmed through the REST API (the payment machine's own test covers that part); polling then
 * follows it: through a passing outage (503 on the order, kept polling) until it is paid, and, for a declined card,
 * until it failed (with the order, whose reason the payment shows beside its retry).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, waitFor } from 'xstate';
import { createOrderPolling, ORDER_POLL_INTERVAL_MS, orderPollingInput } from '../../machines/payment/order-polling';
import { CARDS, card, Shop } from '../server/commerce-helpers';
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

/** A new viewer buys a paid event and confirms it with `number`: the order is processing. */
async function confirmedOrder(label: string, number: string) {
  const viewer = await shop.newViewer(label);
  const real = realClient(api);
  await real.login(viewer.email);
  const event = (await shop.paidEvents()).find((e) => e.single_event_package_id !== null);
  if (!event) throw new Error('no paid event in the seed');
  const bought = await shop.buyEvent(viewer.token, event);
  const confirmed = await shop.confirm(viewer.token, bought.client_secret, { card: card(number) });
  expect(confirmed.status).toBe('processing');

  const clock = new SimulatedClock();
  const machine = createOrderPolling({ client: real.client });
  const actor = createActor(machine, { clock, input: orderPollingInput(bought.order.id) }).start();
  /** Moves the machine's clock to its next poll and waits until that poll has been answered. */
  const poll = async () => {
    clock.increment(ORDER_POLL_INTERVAL_MS);
    await waitFor(actor, (s) => !s.matches('fetching'), { timeout: 10_000 });
    return actor.getSnapshot();
  };
  return { orderId: bought.order.id, event, poll };
}

describe('order polling with the real client', () => {
  it('keeps polling through an outage and resolves with the order once it is paid', async () => {
    const { orderId, event, poll } = await confirmedOrder('poll-paid', CARDS.visa);
    // Both the request and the client's own retry answer 503: the poll fails, polling goes on.
    api.faults.add({ operationId: 'getOrder', status: 503, times: 2 });
    const outage = await poll();
    expect(outage.value).toBe('waiting');
    expect(outage.context.failures).toBe(1);

    const processing = await poll();
    expect(processing.context).toMatchObject({ failures: 0, last: { id: orderId, status: 'processing' } });

    api.clock.advance(3);
    api.runJobs();
    const paid = await poll();
    expect(paid.status).toBe('done');
    expect(paid.output).toMatchObject({ result: 'done', value: { id: orderId, status: 'paid', product: { id: event.id } } });
  });

  it('ends a declined payment with the failed order', async () => {
    const { orderId, poll } = await confirmedOrder('poll-declined', CARDS.declined);
    api.clock.advance(3);
    api.runJobs();
    const failed = await poll();
    expect(failed.output).toMatchObject({
      result: 'failed',
      value: { id: orderId, status: 'failed', failure_reason: 'card_declined' },
    });
  });
});
