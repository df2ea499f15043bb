/**
 * The session with its real actors against the real stack: the reference API and Mesh on an ephemeral port, and a
 * real `createChannelClient` whose bearer token is the session actor's, as in the app shell.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createSessionActors } from '../../machines/session/session.actors';
import { sessionMachine } from '../../machines/session/session.machine';
import { INVALID_CREDENTIALS } from '../../machines/session/session.types';
import type { ClientEventType } from '../../mesh/client/events';
import { createMemoryKeyStore } from '../../mesh/client/keys';
import { createChannelClient } from '../../mesh/client/transport';
import { DEMO_PASSWORD, startTestApi, SUMMIT, type TestApi } from '../server/harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({}, { graphql: true });
});
afterAll(() => api.close());

function session() {
  const keyStore = createMemoryKeyStore();
  const client = createChannelClient({
    endpoint: api.graphqlUrl,
    keyStore,
    channelKey: SUMMIT.channelKey,
    // As in the app shell: the client reads the token from the session (only once the actor below exists).
    getToken: () => actor.getSnapshot().context.token,
    reporting: false,
    retry: { delayMs: 20 },
  });
  const events: ClientEventType[] = [];
  for (const type of ['keyError', 'userReset', 'globalError'] as const) client.events.on(type, () => events.push(type));
  const stored: Array<string | null> = [];
  const actor = createActor(
    sessionMachine.provide({
      actors: createSessionActors({ client }),
      actions: { storeToken: (_, token) => void stored.push(token), forgetToken: () => void stored.push(null) },
    }),
  ).start();
  return { actor, keyStore, events, stored };
}

const settledTimeout = { timeout: 15_000 };

describe('session with the real client', () => {
  it('logs in (after a mistyped password), loads the profile and passes form, and logs out with a new API key', async () => {
    const { actor, keyStore, stored } = session();
    await waitFor(actor, (s) => s.matches('anonymous'));

    actor.send({ type: 'user.login', credentials: { email: 'fan@summit.test', password: 'not-the-password' } });
    const refused = await waitFor(actor, (s) => s.matches('anonymous') && s.context.error !== null, settledTimeout);
    expect(refused.context.error?.message).toBe(INVALID_CREDENTIALS);

    actor.send({ type: 'user.login', credentials: { email: 'fan@summit.test', password: DEMO_PASSWORD } });
    const loaded = await waitFor(actor, (s) => s.matches({ loggedIn: 'loaded' }), settledTimeout);
    const token = loaded.context.token;
    expect(token).toMatch(/.+/);
    expect(stored).toEqual([token]);
    expect(loaded.context.profile?.email).toBe('fan@summit.test');
    expect(loaded.context.access?.capabilities.watch).toBe(true);
    expect(loaded.context.passesForm?.flag).toBe(true);
    // The demo fan has chosen a basic pass: no navigation rule holds them back.
    expect(loaded.matches({ loggedIn: { loaded: 'ready' } })).toBe(true);
    const keyBefore = keyStore.getApiKey();

    actor.send({ type: 'user.logout' });
    const out = await waitFor(actor, (s) => s.matches('anonymous'), settledTimeout);
    expect(out.context).toMatchObject({ token: null, profile: null, error: null });
    expect(stored).toEqual([token, null]);
    expect(keyStore.getApiKey()).toMatch(/.+/);
    expect(keyStore.getApiKey()).not.toBe(keyBefore);
    // The API ended the session: the old token is refused.
    const profile = await api.call('GET', '/profile', { key: keyStore.getApiKey(), token });
    expect(profile.status).toBe(401);
  });

  it('returns to anonymous when the API stops accepting the token (a 401 resets the user)', async () => {
    const { actor, events } = session();
    await waitFor(actor, (s) => s.matches('anonymous'));
    actor.send({ type: 'user.login', credentials: { email: 'basic@summit.test', password: DEMO_PASSWORD } });
    const forced = await waitFor(actor, (s) => s.matches({ loggedIn: 'loaded' }), settledTimeout);
    expect(forced.hasTag('temporaryPassword')).toBe(true);

    api.db.prepare('DELETE FROM user_sessions').run();
    actor.send({ type: 'session.refresh' });
    const reset = await waitFor(actor, (s) => s.matches('anonymous'), settledTimeout);
    expect(reset.context).toMatchObject({ token: null, profile: null, access: null, passesForm: null });
    expect(events).toEqual(['userReset']);
  });
});
