/**
 * Model of polling (machines/polling): what a fetch may answer (not finished, done, failed) and the failures it may
 * meet (one that passes, one that does not), with two failures in a row borne at most, and, as clip creation
 * configures it, every failure borne.
 */
import { type Polled, type PollingInput, type PollingOutput, pollingMachine } from './polling.machine';
import { defineModel } from '../shared/machine-model';
import { requestError } from '../shared/client-fixtures';
import { networkDown } from '../shared/commerce-fixtures';

const answers: Polled<string>[] = [
  { verdict: 'again', value: 'processing' },
  { verdict: 'done', value: 'paid' },
  { verdict: 'failed', value: 'declined' },
];

export const pollingModel = defineModel({
  machine: pollingMachine,
  inputs: [
    { intervalMs: 2000, maxFailures: 2, query: { orderId: 42 } },
    // Bounded by a parent's timer instead (clip creation): no count ends it, but a refusal still does.
    { intervalMs: 3000, maxFailures: Number.POSITIVE_INFINITY, query: { eventId: 1, clipId: 9 } },
  ] satisfies PollingInput[],
  outputs: { fetch: answers },
  errors: { fetch: [networkDown, requestError('notFound', 404, 'Order not found')] },
  // Failures in a row are only counted up to what the finite input bears; past that the count does not matter.
  abstractState: (snapshot) => ({
    value: snapshot.value,
    bounded: Number.isFinite(snapshot.context.maxFailures),
    last: snapshot.context.last,
    failures: Math.min(snapshot.context.failures, 2),
    error: snapshot.context.error,
  }),
  check: (snapshot, step) => {
    const { failures, maxFailures, last, error } = snapshot.context;
    if (step.actions.length > 0) throw new Error(`polling has no app effects, yet ran ${step.actions.map((a) => a.type).join(', ')}`);
    if (snapshot.status === 'active') {
      if (!snapshot.hasTag('polling')) throw new Error('polling without the polling tag');
      if (failures >= maxFailures) throw new Error(`still polling after ${failures} failures in a row`);
      if (last !== null && last !== 'processing') throw new Error(`still polling what is ${String(last)}`);
      return;
    }
    const output = snapshot.output as PollingOutput<string>;
    if (snapshot.matches('done') && !(output.result === 'done' && output.value === 'paid')) throw new Error('done without the value');
    if (snapshot.matches('failed') && !(output.result === 'failed' && output.value === 'declined')) throw new Error('failed without the value');
    if (snapshot.matches('gaveUp') && !(output.result === 'gaveUp' && output.error === error && error !== null && output.value === last)) {
      throw new Error('giving up must end with the failure and the last value read');
    }
  },
});
