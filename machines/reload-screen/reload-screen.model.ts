/**
 * Model of the reload screen (machines/reload-screen).
 *
 * The lock is 3 seconds here, not SPEC §9's 60: xstate/graph keeps one snapshot per model state, so reaching the
 * last second takes one distinct model state per second, and each becomes a path of its own. Abstracting the
 * counter (60 / between / 1 / 0) cannot help: the traversal would tick from 59 to 58, find "between" known, and
 * never reach 1, leaving the unlock untested. Three seconds take every transition (the first tick, the ticks between,
 * the last one) in a handful of paths; tests/machines/reload-screen.test.ts checks the real 60 one-second steps.
 */
import { reloadScreenMachine } from './reload-screen.machine';
import { defineModel } from '../shared/machine-model';
import { CHANNEL_KEY_ERROR, requestError } from '../shared/client-fixtures';

const LOCK_SECONDS = 3;

export const reloadScreenModel = defineModel({
  machine: reloadScreenMachine,
  input: { lockSeconds: LOCK_SECONDS },
  events: {
    'client.keyError': [{ type: 'client.keyError', error: CHANNEL_KEY_ERROR }],
  },
  outputs: { requestKey: ['api-key-2'] },
  errors: { requestKey: [requestError('network', 0, 'fetch failed')] },
  check: (snapshot) => {
    const { secondsLeft, lockSeconds, error } = snapshot.context;
    const locked = snapshot.matches({ shown: 'locked' });
    if (snapshot.hasTag('visible') !== !snapshot.matches('hidden')) throw new Error('visible while hidden');
    if (snapshot.matches('hidden') && (error !== null || secondsLeft !== 0)) throw new Error('hidden but an error is kept');
    if (snapshot.hasTag('visible') && error === null) throw new Error('the screen shows no error');
    if (locked !== (secondsLeft > 0)) throw new Error(`${secondsLeft} s left in ${JSON.stringify(snapshot.value)}`);
    if (secondsLeft > lockSeconds) throw new Error(`${secondsLeft} s left of a ${lockSeconds} s lock`);
    const disabled = locked || snapshot.matches({ shown: 'requestingKey' }) || snapshot.matches({ shown: 'reloading' });
    if (snapshot.hasTag('buttonDisabled') !== disabled) throw new Error('the button is enabled while locked or busy');
    if (snapshot.can({ type: 'user.reload' }) !== snapshot.matches({ shown: 'unlocked' })) {
      throw new Error('the reload button works while disabled');
    }
  },
});
