/**
 * The session with its real actors against the real stack: the reference API and Mesh on an ephemeral port, and a
 * real `createChannelClient` whose bearer token is the session actor's, as in the app shell.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createSessionActors, type SocialNonceStore } from '../../machines/session/session.actors';
import { sessionMachine } from '../../machines/session/session.machine';
import { INVALID_CREDENTIALS } from '../../machines/session/session.types';
import type { ClientEventType } from '../../mesh/client/events';
import { createMemoryKeyStore } from '../../mesh/client/keys';
import { createChannelClient } from '../../mesh/client/transport';
import { DEMO_PASSWORD, startTestApi, SUMMIT, type TestApi } from '../server/harness';
import { newNonce, providerHandOff } from '../server/provider-flow';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({}, { graphql: true });
});
afterAll(() => api.close());

function session(socialNonce?: SocialNonceStore) {
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
      actors: createSessionActors({ client, ...(socialNonce ? { socialNonce } : {}) }),
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

/** The nonce this browser kept when it sent the viewer to the provider, as src/app/logic/social-nonce.ts keeps it. */
function keptNonce(nonce: string | null) {
  let kept = nonce;
  const store: SocialNonceStore = {
    take() {
      const taken = kept;
      kept = null;
      return taken;
    },
  };
  return { store, kept: () => kept };
}

describe('the social hand-off with the real client', () => {
  const addSessionCalls = () => api.requestLog.entries.filter((entry) => entry.operationId === 'addSession').length;

  it('trades the code with the nonce this browser started its sign-in with, and forgets the nonce', async () => {
    const nonce = keptNonce(newNonce());
    const { actor } = session(nonce.store);
    await waitFor(actor, (s) => s.matches('anonymous'));
    const email = `hand-off-${Date.now()}@summit.test`;
    const { code } = await providerHandOff(api, { key: await api.apiKey(), email, nonce: nonce.kept() ?? '' });

    actor.send({ type: 'user.socialCode', code });
    const loaded = await waitFor(actor, (s) => s.matches({ loggedIn: 'loaded' }), settledTimeout);
    expect(loaded.context.profile?.email).toBe(email);
    expect(nonce.kept()).toBeNull();
  });

  it('a code this browser did not ask for (no nonce kept) is never sent, so it signs nobody in', async () => {
    const nonce = keptNonce(null);
    const { actor } = session(nonce.store);
    await waitFor(actor, (s) => s.matches('anonymous'));
    const attackersNonce = newNonce();
    const { code } = await providerHandOff(api, { key: await api.apiKey(), email: `csrf-link-${Date.now()}@summit.test`, nonce: attackersNonce });
    const calls = addSessionCalls();

    actor.send({ type: 'user.socialCode', code });
    const refused = await waitFor(actor, (s) => s.matches('anonymous') && s.context.error !== null, settledTimeout);
    expect(refused.context.token).toBeNull();
    expect(refused.context.error?.form).toBe('login');
    expect(addSessionCalls()).toBe(calls);
  });

  it('a code of someone else’s sign-in is refused by the API: the nonce kept here is not its own, and is forgotten', async () => {
    const nonce = keptNonce(newNonce());
    const { actor } = session(nonce.store);
    await waitFor(actor, (s) => s.matches('anonymous'));
    const { code } = await providerHandOff(api, { key: await api.apiKey(), email: `csrf-code-${Date.now()}@summit.test`, nonce: newNonce() });

    actor.send({ type: 'user.socialCode', code });
    const refused = await waitFor(actor, (s) => s.matches('anonymous') && s.context.error !== null, settledTimeout);
    expect(refused.context.token).toBeNull();
    expect(refused.context.error?.message).toEqual({ key: 'server.verificationFailed' });
    expect(refused.context.error?.fieldErrors).toHaveProperty('nonce');
    expect(nonce.kept()).toBeNull();
  });
});
