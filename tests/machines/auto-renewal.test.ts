/** SPEC §4 auto-renewal (active → cancelling → cancelled, failure back to active) and the §3 renewal labels. */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  AUTO_RENEWAL_LABELS,
  autoRenewalLabel,
  autoRenewalMachine,
  type RenewablePlan,
} from '../../machines/auto-renewal/auto-renewal.machine';
import { SOMETHING_WENT_WRONG } from '../../machines/shared/failures';
import { CANCELLED, EXPIRED, RENEWING } from '../../machines/auto-renewal/auto-renewal.model';
import { requestError } from '../../machines/shared/client-fixtures';

const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function start(loaded: RenewablePlan, cancellations: Array<RenewablePlan | Error>) {
  const asked: number[] = [];
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const machine = autoRenewalMachine.provide({
    actors: {
      loadSubscription: fromPromise<RenewablePlan, { subscriptionId: number }>(async () => loaded),
      cancelAutoRenewal: fromPromise<RenewablePlan, { subscriptionId: number }>(async ({ input }) => {
        asked.push(input.subscriptionId);
        await gate;
        const answer = cancellations.shift();
        if (answer === undefined || answer instanceof Error) throw answer ?? new Error('no answer left');
        return answer;
      }),
    },
  });
  const actor = createActor(machine, { input: { subscriptionId: 3 } }).start();
  return { actor, snapshot: () => actor.getSnapshot(), asked, release };
}

describe('auto-renewal', () => {
  it('uses the SPEC §3 labels', () => {
    expect(AUTO_RENEWAL_LABELS).toEqual({ active: 'Auto-Renewal', cancelled: 'Auto-Renewal Cancelled' });
  });

  it('goes active → cancelling (processing) → cancelled, labelled Auto-Renewal then Auto-Renewal Cancelled', async () => {
    const { actor, snapshot, asked, release } = start(RENEWING, [CANCELLED]);
    await settle();
    expect(snapshot().value).toBe('active');
    expect(autoRenewalLabel(snapshot())).toBe('Auto-Renewal');
    actor.send({ type: 'user.cancelRenewal' });
    expect(snapshot().value).toBe('cancelling');
    expect(snapshot().hasTag('processing')).toBe(true);
    expect(autoRenewalLabel(snapshot())).toBe('Auto-Renewal');
    release();
    await settle();
    expect(asked).toEqual([3]);
    expect(snapshot().value).toBe('cancelled');
    expect(autoRenewalLabel(snapshot())).toBe('Auto-Renewal Cancelled');
    expect(snapshot().context.plan).toEqual(CANCELLED);
  });

  it("falls back to active with the server's message when the cancellation is refused, and with the generic one on an outage", async () => {
    const { actor, snapshot, release } = start(RENEWING, [
      requestError('http', 409, 'The subscription is not active'),
      requestError('crash', 503, 'Service Unavailable'),
      CANCELLED,
    ]);
    release();
    await settle();
    actor.send({ type: 'user.cancelRenewal' });
    await settle();
    expect(snapshot().value).toBe('active');
    expect(snapshot().context.errorMessage).toEqual({ text: 'The subscription is not active' });
    actor.send({ type: 'user.cancelRenewal' });
    expect(snapshot().context.errorMessage).toBeNull();
    await settle();
    expect(snapshot().context.errorMessage).toBe(SOMETHING_WENT_WRONG);
    actor.send({ type: 'user.cancelRenewal' });
    await settle();
    expect(snapshot().value).toBe('cancelled');
  });

  it('shows an already cancelled renewal as cancelled, and nothing for an expired subscription', async () => {
    const cancelled = start(CANCELLED, []);
    await settle();
    expect(autoRenewalLabel(cancelled.snapshot())).toBe('Auto-Renewal Cancelled');
    const expired = start(EXPIRED, []);
    await settle();
    expect(expired.snapshot().value).toBe('notRenewable');
    expect(autoRenewalLabel(expired.snapshot())).toBeNull();
    expect(expired.snapshot().can({ type: 'user.cancelRenewal' })).toBe(false);
  });

  it('fails safely without the real actors, and lets the viewer retry', async () => {
    const actor = createActor(autoRenewalMachine, { input: { subscriptionId: 3 } }).start();
    await settle();
    expect(actor.getSnapshot().value).toBe('loadFailed');
    expect(actor.getSnapshot().context.errorMessage).toBe(SOMETHING_WENT_WRONG);
    actor.send({ type: 'user.retry' });
    expect(actor.getSnapshot().value).toBe('loading');
  });
});
