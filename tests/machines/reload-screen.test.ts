/**
 * SPEC §4 "Reload screen" and §9 "Reload button lock" with the real constants: a 60-second lock counted down in
 * 1-second steps on a simulated clock, the button disabled meanwhile and while a key request runs, the page reloaded
 * after a successful key request, and the screen hidden when the errors are cleared.
 */
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, fromPromise } from 'xstate';
import {
  RELOAD_COUNTDOWN_STEP_MS,
  RELOAD_LOCK_SECONDS,
  RELOAD_SCREEN_MESSAGE,
  reloadScreenMachine,
} from '../../machines/reload-screen/reload-screen.machine';
import { CHANNEL_KEY_ERROR, NETWORK, requestError } from '../../machines/shared/client-fixtures';

/**
 * Moves the simulated clock second by second: each tick schedules the next one from the clock's time, so a single
 * big jump would fire only the first.
 */
function pass(clock: SimulatedClock, ms: number): void {
  for (let left = ms; left > 0; left -= RELOAD_COUNTDOWN_STEP_MS) clock.increment(Math.min(left, RELOAD_COUNTDOWN_STEP_MS));
}

/** Lets the fake key request settle. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

function start(requestKey: () => Promise<string> = async () => 'api-key-2') {
  const clock = new SimulatedClock();
  let reloads = 0;
  let keyRequests = 0;
  const machine = reloadScreenMachine.provide({
    actors: {
      requestKey: fromPromise(() => {
        keyRequests += 1;
        return requestKey();
      }),
    },
    actions: { reloadPage: () => void (reloads += 1) },
  });
  const actor = createActor(machine, { clock }).start();
  const button = () => ({
    disabled: actor.getSnapshot().hasTag('buttonDisabled'),
    secondsLeft: actor.getSnapshot().context.secondsLeft,
  });
  return { clock, actor, button, reloads: () => reloads, keyRequests: () => keyRequests };
}

describe('reload screen', () => {
  it('uses the SPEC §9 lock: 60 seconds in 1-second steps, and the SPEC §8 message', () => {
    expect(RELOAD_LOCK_SECONDS).toBe(60);
    expect(RELOAD_COUNTDOWN_STEP_MS).toBe(1000);
    expect(RELOAD_SCREEN_MESSAGE).toBe('Apologies! Our service is currently experiencing technical difficulties. Please refresh the page');
  });

  it('is hidden until a key error, then locks the button for 60 seconds, counting down each second', () => {
    const { clock, actor, button } = start();
    expect(actor.getSnapshot().hasTag('visible')).toBe(false);

    actor.send({ type: 'client.keyError', error: CHANNEL_KEY_ERROR });
    expect(actor.getSnapshot().hasTag('visible')).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual(CHANNEL_KEY_ERROR);
    expect(button()).toEqual({ disabled: true, secondsLeft: 60 });

    for (let left = 59; left >= 1; left -= 1) {
      clock.increment(999);
      expect(button().secondsLeft).toBe(left + 1);
      clock.increment(1);
      expect(button()).toEqual({ disabled: true, secondsLeft: left });
      expect(actor.getSnapshot().can({ type: 'user.reload' })).toBe(false);
    }
    clock.increment(999);
    expect(button().disabled).toBe(true);
    clock.increment(1);
    expect(button()).toEqual({ disabled: false, secondsLeft: 0 });
    expect(actor.getSnapshot().can({ type: 'user.reload' })).toBe(true);
  });

  it('keeps counting when another key error arrives', () => {
    const { clock, actor, button } = start();
    actor.send({ type: 'client.keyError', error: CHANNEL_KEY_ERROR });
    pass(clock, 10_000);
    actor.send({ type: 'client.keyError', error: NETWORK });
    expect(button().secondsLeft).toBe(50);
    expect(actor.getSnapshot().context.error).toEqual(NETWORK);
    pass(clock, 50_000);
    expect(button().disabled).toBe(false);
  });

  it('disables the button while the key request runs, and reloads the page once a key arrives', async () => {
    let answer: (key: string) => void = () => undefined;
    const { clock, actor, button, reloads, keyRequests } = start(() => new Promise((resolve) => (answer = resolve)));
    actor.send({ type: 'client.keyError', error: CHANNEL_KEY_ERROR });
    pass(clock, 60_000);

    actor.send({ type: 'user.reload' });
    expect(button().disabled).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    actor.send({ type: 'user.reload' });
    expect(keyRequests()).toBe(1);
    expect(reloads()).toBe(0);

    answer('api-key-2');
    await settle();
    expect(reloads()).toBe(1);
    expect(actor.getSnapshot().matches({ shown: 'reloading' })).toBe(true);
  });

  it('locks the button for another 60 seconds when the key request fails', async () => {
    const { clock, actor, button, reloads } = start(async () => {
      throw requestError('network', 0, 'fetch failed');
    });
    actor.send({ type: 'client.keyError', error: CHANNEL_KEY_ERROR });
    pass(clock, 60_000);
    actor.send({ type: 'user.reload' });
    await settle();
    expect(button()).toEqual({ disabled: true, secondsLeft: 60 });
    expect(actor.getSnapshot().context.error).toMatchObject({ kind: 'network' });
    expect(reloads()).toBe(0);
    pass(clock, 60_000);
    expect(button().disabled).toBe(false);
  });

  it('hides when the errors are cleared, and starts a fresh lock on the next key error', () => {
    const { clock, actor, button } = start();
    actor.send({ type: 'client.keyError', error: CHANNEL_KEY_ERROR });
    pass(clock, 30_000);
    actor.send({ type: 'app.clearErrors' });
    expect(actor.getSnapshot().hasTag('visible')).toBe(false);
    expect(actor.getSnapshot().context.error).toBeNull();

    // The countdown stopped with the screen.
    pass(clock, 60_000);
    expect(actor.getSnapshot().value).toBe('hidden');
    actor.send({ type: 'client.keyError', error: CHANNEL_KEY_ERROR });
    expect(button()).toEqual({ disabled: true, secondsLeft: 60 });
  });

  it('takes another lock length from the app shell', () => {
    const clock = new SimulatedClock();
    const actor = createActor(reloadScreenMachine, { clock, input: { lockSeconds: 5 } }).start();
    actor.send({ type: 'client.keyError', error: CHANNEL_KEY_ERROR });
    expect(actor.getSnapshot().context.secondsLeft).toBe(5);
    pass(clock, 5000);
    expect(actor.getSnapshot().hasTag('buttonDisabled')).toBe(false);
  });
});
