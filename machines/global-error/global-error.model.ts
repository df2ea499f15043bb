/** Model of the global error (machines/global-error): crashes and throttles, with and without retry-after. */
import { globalErrorMachine } from './global-error.machine';
import { defineModel } from '../shared/machine-model';
import { CRASH, THROTTLED } from '../shared/client-fixtures';

const THROTTLED_30S = { ...THROTTLED, retryAfterSeconds: 30 };

export const globalErrorModel = defineModel({
  machine: globalErrorMachine,
  events: {
    'client.globalError': [CRASH, THROTTLED, THROTTLED_30S].map((error) => ({ type: 'client.globalError' as const, error })),
  },
  check: (snapshot) => {
    const { error, retryAfterSeconds } = snapshot.context;
    const shown = snapshot.matches('shown');
    if (snapshot.hasTag('visible') !== shown) throw new Error('visible while hidden');
    if (shown !== (error !== null)) throw new Error(`error ${error?.kind ?? 'null'} in ${JSON.stringify(snapshot.value)}`);
    const expected = error?.kind === 'throttled' ? error.retryAfterSeconds : null;
    if (retryAfterSeconds !== expected) throw new Error(`retry after ${retryAfterSeconds} s, not ${expected}`);
    if (snapshot.can({ type: 'user.dismiss' }) !== shown) throw new Error('dismissable while hidden');
  },
});
