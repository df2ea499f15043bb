/**
 * The reload screen with its real actors against the real stack: the reference API and Mesh on an ephemeral port,
 * a real `createChannelClient`, and the API's test-only fault setting to make the key requests fail. The button lock
 * runs on a simulated clock; the page reload (a browser effect) is a counted action.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, waitFor } from 'xstate';
import { createReloadScreenActors } from '../../machines/reload-screen/reload-screen.actors';
import { RELOAD_COUNTDOWN_STEP_MS, RELOAD_LOCK_SECONDS, reloadScreenMachine } from '../../machines/reload-screen/reload-screen.machine';
import { createMemoryKeyStore } from '../../mesh/client/keys';
import { createChannelClient } from '../../mesh/client/transport';
import { startTestApi, SUMMIT, type TestApi } from '../server/harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({}, { graphql: true });
});
afterAll(() => api.close());
beforeEach(() => api.faults.clear());

function reloadScreen() {
  const keyStore = createMemoryKeyStore();
  const client = createChannelClient({ endpoint: api.graphqlUrl, keyStore, channelKey: SUMMIT.channelKey, reporting: false, retry: { delayMs: 20 } });
  const clock = new SimulatedClock();
  let reloads = 0;
  const actor = createActor(
    reloadScreenMachine.provide({ actors: createReloadScreenActors({ client }), actions: { reloadPage: () => void (reloads += 1) } }),
    { clock },
  ).start();
  const waitOutLock = () => {
    for (let second = 0; second < RELOAD_LOCK_SECONDS; second += 1) clock.increment(RELOAD_COUNTDOWN_STEP_MS);
  };
  return { client, keyStore, actor, waitOutLock, reloads: () => reloads };
}

/** The API-key call fails, also on the client's retry. */
function failApiKeyCalls(): void {
  api.faults.add({ operationId: 'getApiKey', status: 503, times: 2 });
}

describe('reload screen with the real client', () => {
  it("comes up on the client's key error, and reloads the page once a new key arrives", async () => {
    const { client, keyStore, actor, waitOutLock, reloads } = reloadScreen();
    failApiKeyCalls();
    await expect(client.ensureApiKey()).rejects.toThrow();

    const shown = actor.getSnapshot();
    expect(shown.hasTag('visible')).toBe(true);
    expect(shown.hasTag('buttonDisabled')).toBe(true);
    expect(shown.context.error).toMatchObject({ kind: 'crash', status: 503 });

    waitOutLock();
    actor.send({ type: 'user.reload' });
    expect(actor.getSnapshot().hasTag('buttonDisabled')).toBe(true);
    await waitFor(actor, (s) => s.matches({ shown: 'reloading' }), { timeout: 15_000 });
    expect(reloads()).toBe(1);
    expect(keyStore.getApiKey()).toMatch(/.+/);
  });

  it('locks the button again when the new key request fails too', async () => {
    const { client, actor, waitOutLock, reloads } = reloadScreen();
    failApiKeyCalls();
    await expect(client.ensureApiKey()).rejects.toThrow();
    waitOutLock();

    failApiKeyCalls();
    actor.send({ type: 'user.reload' });
    const locked = await waitFor(actor, (s) => s.matches({ shown: 'locked' }), { timeout: 15_000 });
    expect(locked.context.secondsLeft).toBe(RELOAD_LOCK_SECONDS);
    expect(locked.context.error).toMatchObject({ kind: 'crash', status: 503 });
    expect(reloads()).toBe(0);
  });
});
