/**
 * SPEC §4/§8/§9 order polling, the shared polling machine configured for orders (machines/payment/order-polling.ts):
 * every 2000 ms until paid (done, with the order) or failed (failed, with the order data, for the payment's failure
 * popup); passing failures are borne up to MAX_CONSECUTIVE_POLL_FAILURES in a row.
 */
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor } from 'xstate';
import {
  MAX_CONSECUTIVE_POLL_FAILURES,
  ORDER_POLL_INTERVAL_MS,
  type OrderQuery,
  orderPolling,
  orderPollingInput,
} from '../../machines/payment/order-polling';
import type { Order } from '../../machines/payment/payment.types';
import { pollingMachine } from '../../machines/polling/polling.machine';
import { requestError } from '../../machines/shared/client-fixtures';
import { networkDown, order } from '../../machines/shared/commerce-fixtures';
import { serverDown } from './commerce-fixtures';

const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Polling with a fake server that answers each poll from `answers` in turn (an Error is a failed poll). */
function start(answers: Array<Order | Error>) {
  const clock = new SimulatedClock();
  const asked: number[] = [];
  const machine = orderPolling(async (query: OrderQuery) => {
    asked.push(query.orderId);
    const answer = answers.shift();
    if (answer === undefined) throw new Error('no answer left');
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const actor = createActor(machine, { clock, input: orderPollingInput(42) }).start();
  const tick = async (ms = ORDER_POLL_INTERVAL_MS) => {
    clock.increment(ms);
    await settle();
  };
  return { actor, asked, tick };
}

describe('order polling', () => {
  it('asks for the order every 2000 ms, not sooner, while it is processing', async () => {
    expect(ORDER_POLL_INTERVAL_MS).toBe(2000);
    const { actor, asked, tick } = start([order('processing'), order('processing'), order('paid')]);
    await tick(1999);
    expect(asked).toEqual([]);
    await tick(1);
    expect(asked).toEqual([42]);
    await tick(1999);
    expect(asked).toHaveLength(1);
    await tick(1);
    expect(asked).toHaveLength(2);
    expect(actor.getSnapshot().status).toBe('active');
    await tick();
    expect(asked).toHaveLength(3);
  });

  it('resolves with the order once it is paid', async () => {
    const paid = order('paid');
    const { actor, tick } = start([order('processing'), paid]);
    await tick();
    await tick();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ result: 'done', value: paid });
  });

  it('ends a failed order with the order data', async () => {
    const failed = order('failed');
    const { actor, tick } = start([failed]);
    await tick();
    expect(actor.getSnapshot().output).toEqual({ result: 'failed', value: failed });
    expect(failed.failure_reason).toBe('card_declined');
  });

  it('treats a refund while polling as a failure', async () => {
    const { actor, tick } = start([order('refunded')]);
    await tick();
    expect(actor.getSnapshot().output).toMatchObject({ result: 'failed', value: { status: 'refunded' } });
  });

  it(`bears ${MAX_CONSECUTIVE_POLL_FAILURES - 1} passing failures in a row, and gives up at the ${MAX_CONSECUTIVE_POLL_FAILURES}th`, async () => {
    const seen = order('processing');
    const failures = Array.from({ length: MAX_CONSECUTIVE_POLL_FAILURES }, (_, i) => [networkDown, serverDown, requestError('throttled', 429, 'Too Many Attempts.')][i % 3]!);
    const { actor, tick } = start([seen, ...failures]);
    for (let poll = 0; poll < MAX_CONSECUTIVE_POLL_FAILURES; poll += 1) {
      await tick();
      expect(actor.getSnapshot().status).toBe('active');
    }
    expect(actor.getSnapshot().context.failures).toBe(MAX_CONSECUTIVE_POLL_FAILURES - 1);
    await tick();
    expect(actor.getSnapshot().value).toBe('gaveUp');
    // The last order seen goes with the failure.
    expect(actor.getSnapshot().output).toEqual({ result: 'gaveUp', value: seen, error: failures.at(-1) });
  });

  it('counts failures in a row only: an answer in between starts the count again', async () => {
    const some = (n: number) => Array.from({ length: n }, () => networkDown);
    const { actor, tick } = start([...some(MAX_CONSECUTIVE_POLL_FAILURES - 1), order('processing'), ...some(MAX_CONSECUTIVE_POLL_FAILURES - 1), order('paid')]);
    for (let poll = 0; poll < 2 * MAX_CONSECUTIVE_POLL_FAILURES - 1; poll += 1) await tick();
    expect(actor.getSnapshot().status).toBe('active');
    await tick();
    expect(actor.getSnapshot().output).toMatchObject({ result: 'done' });
  });

  it('gives up at once when the order is refused (not found, session gone)', async () => {
    const refused = requestError('notFound', 404, 'Order not found');
    const { actor, tick } = start([refused]);
    await tick();
    expect(actor.getSnapshot().output).toEqual({ result: 'gaveUp', value: null, error: refused });
  });

  it('checks at once when the page is visible again', async () => {
    const { actor, asked } = start([order('paid')]);
    actor.send({ type: 'app.resumed' });
    await settle();
    expect(asked).toEqual([42]);
    expect(actor.getSnapshot().output).toMatchObject({ result: 'done' });
  });

  it('without the real fetch, gives up at the first check (safe default)', async () => {
    const clock = new SimulatedClock();
    const actor = createActor(pollingMachine, { clock, input: orderPollingInput(42) }).start();
    clock.increment(ORDER_POLL_INTERVAL_MS);
    await settle();
    expect(actor.getSnapshot().output).toMatchObject({ result: 'gaveUp', value: null });
  });
});
