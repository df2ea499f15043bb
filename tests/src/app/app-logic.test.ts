/**
 * The app's flows wired as the app wires them (src/app/logic): the session tells favourites who the viewer is, the
 * read cache forgets a viewer's answers when they leave, and a payment's failure stays on its page. Over the
 * real reference API behind Mesh. A clip is deleted only after the viewer confirms it in the popup queue. A social
 * sign-in's code is traded only with the nonce this browser's link to the provider carried.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { CreateClipDocument } from '../../../mesh/client/generated/documents/CreateClip';
import { EventsListDocument } from '../../../mesh/client/generated/documents/EventsList';
import { PageDocument } from '../../../mesh/client/generated/documents/Page';
import { UserClipsDocument } from '../../../mesh/client/generated/documents/UserClips';
import { paidEventPurchase } from '../../machines/commerce-fixtures';
import { CARDS, card, Shop } from '../../server/commerce-helpers';
import { SUMMIT, startTestApi, type TestApi } from '../../server/harness';
import { newNonce, providerHandOff } from '../../server/provider-flow';
import { createLiveInspection } from '../../../src/app/logic/live-inspection';
import { LOGGED_IN, createTestApp, startupSettled, type TestApp } from '../app-actors-fixture';

let api: TestApi;
let app: TestApp | null = null;

beforeAll(async () => {
  api = await startTestApi({}, { graphql: true });
});

afterAll(async () => {
  await api.close();
});

afterEach(() => {
  app?.actors.stop();
  app = null;
});

async function fanApp(): Promise<TestApp> {
  const token = await api.login('fan@summit.test', await api.apiKey());
  app = createTestApp({ viewer: LOGGED_IN, api: { graphqlUrl: api.graphqlUrl, channelKey: SUMMIT.channelKey, token } });
  await startupSettled(app.actors);
  return app;
}

describe('the session and the flows that depend on who the viewer is', () => {
  it('favourites load when the session logs the viewer in, and are forgotten when it logs them out', async () => {
    const { actors } = await fanApp();
    const loaded = await waitFor(actors.favourites, (s) => s.hasTag('loaded'), { timeout: 10_000 });
    // The fan's seeded favourites: a team and a school.
    expect(loaded.context.favourites.map((f) => f.favoritable_type).sort()).toEqual(['group', 'participant']);
    actors.session.send({ type: 'user.logout' });
    const forgotten = await waitFor(actors.favourites, (s) => s.matches('loggedOut'), { timeout: 10_000 });
    expect(forgotten.context.favourites).toEqual([]);
  });

  it('a read kept for the viewer is read again once they have logged out', async () => {
    const { actors } = await fanApp();
    api.requestLog.clear();
    const pages = () => api.requestLog.entries.filter((entry) => entry.path.endsWith('/pages/about-network')).length;
    await actors.cache.request(PageDocument, { alias: 'about-network' });
    await actors.cache.request(PageDocument, { alias: 'about-network' });
    expect(pages()).toBe(1);
    actors.session.send({ type: 'user.logout' });
    await waitFor(actors.session, (s) => s.hasTag('anonymous'), { timeout: 10_000 });
    await actors.cache.request(PageDocument, { alias: 'about-network' });
    expect(pages()).toBe(2);
  });
});

describe('flows reach each other in the app\'s actor system', () => {
  it('a message between flows is an XState event with its sender, which the studio\'s live view shows', async () => {
    const live = createLiveInspection({ channel: null, where: () => '/' });
    app = createTestApp({ live });
    await startupSettled(app.actors);
    const { actors } = app;
    // The app-wide actors are found by their system ids.
    expect(actors.system.system.get('popups')).toBe(actors.popups);
    expect(actors.system.system.get('session')).toBe(actors.session);
    // A visitor's star: favourites asks the popup queue, through the system, to invite them to sign in.
    actors.favourites.send({ type: 'user.add', target: { id: 1, kind: 'participant' } });
    const shown = await waitFor(actors.popups, (s) => s.hasTag('visible'), { timeout: 5_000 });
    expect(shown.context.queue.map((popup) => popup.kind)).toEqual(['signInToFollow']);
    const popups = live.tabs()[0]?.actors.find((actor) => actor.machine === 'popupQueue');
    expect(popups?.steps.find((step) => step.event === 'popup.open')).toMatchObject({ from: 'favourites' });
    live.close();
  });
});

describe('what a machine tells the viewer', () => {
  it('a payment whose order fails says why in its own error state, and opens no popup over the page', async () => {
    const shop = new Shop(api, await api.apiKey());
    const buyer = await shop.newViewer('popup-buyer');
    const { purchase } = await paidEventPurchase(shop);
    app = createTestApp({ viewer: LOGGED_IN, api: { graphqlUrl: api.graphqlUrl, channelKey: SUMMIT.channelKey, token: buyer.token } });
    await startupSettled(app.actors);
    const { actors } = app;
    // The payment as a buy screen starts it: the app's logic, nothing replaced.
    const payment = createActor(actors.logic.payment, { input: { purchase } }).start();
    await waitFor(payment, (s) => s.matches({ editing: 'ready' }), { timeout: 10_000 });
    payment.send({ type: 'user.enterNewCard', details: card(CARDS.declined), save: false });
    payment.send({ type: 'user.submit' });
    await waitFor(payment, (s) => s.matches({ processing: 'polling' }), { timeout: 10_000 });
    // The card processor settles the order a little later; its job runs on the API's clock.
    api.clock.advance(3);
    api.runJobs();
    const failed = await waitFor(payment, (s) => s.hasTag('error'), { timeout: 15_000 });
    expect(failed.context.errorMessage).toEqual({ key: 'server.cardDeclined' });
    expect(failed.context.order).toMatchObject({ status: 'failed', failure_reason: 'card_declined' });
    // Said once, beside its retry (issue 32): the popup queue stays empty.
    expect(actors.popups.getSnapshot().context.queue).toEqual([]);
    expect(failed.can({ type: 'user.retry' })).toBe(true);
    payment.stop();
  });

  it('a clip is deleted only once the viewer confirms the popup its row opens; closing it keeps the clip', async () => {
    const shop = new Shop(api, await api.apiKey());
    const viewer = await shop.newViewer('clip-deleter');
    api.db.prepare('UPDATE users SET capabilities = ? WHERE email = ?').run(JSON.stringify(['Watch', 'Clipping', 'Vod_Media']), viewer.email);
    app = createTestApp({ viewer: LOGGED_IN, api: { graphqlUrl: api.graphqlUrl, channelKey: SUMMIT.channelKey, token: viewer.token } });
    await startupSettled(app.actors);
    const { actors } = app;
    const { events } = await actors.client.request(EventsListDocument, { streamStatus: 'vod', limit: 50 });
    const event = events?.data.find((e) => e?.type === 'free');
    if (!event) throw new Error('no free finished event');
    const { clip: created } = await actors.client.request(CreateClipDocument, { eventId: event.id, name: 'Keep or not', startTime: 10, duration: 10 });
    api.clock.advance(3);
    api.runJobs();
    // The clip list as the profile starts it: the app's logic, nothing replaced; the row's own clip actor asks.
    const list = createActor(actors.logic.clipList, { input: { canDownload: false } }).start();
    const listed = await waitFor(list, (s) => s.hasTag('listed'), { timeout: 10_000 });
    const row = listed.context.rows.find((r) => r.clip.id === created?.id)?.actor;
    if (!row) throw new Error('the clip is not listed');
    await waitFor(row, (s) => s.hasTag('ready'), { timeout: 5_000 });
    const asked = async () => (await waitFor(actors.popups, (s) => s.hasTag('visible'), { timeout: 5_000 })).context.queue[0];

    row.send({ type: 'user.delete' });
    const first = await asked();
    expect(first).toEqual({ id: `clip-deletion-${created?.id}`, kind: 'confirmClipDeletion', data: { name: 'Keep or not' } });
    actors.popups.send({ type: 'user.cancel', id: first?.id ?? '' });
    await waitFor(row, (s) => s.hasTag('ready') && !s.hasTag('deleting'), { timeout: 5_000 });
    expect(api.requestLog.entries.some((entry) => entry.method === 'DELETE')).toBe(false);

    row.send({ type: 'user.delete' });
    const second = await asked();
    actors.popups.send({ type: 'user.resolve', id: second?.id ?? '' });
    await waitFor(row, (s) => s.hasTag('deleted'), { timeout: 10_000 });
    const { clips: after } = await actors.client.request(UserClipsDocument, {});
    expect(after?.data.map((c) => c?.id)).not.toContain(created?.id);
    list.stop();
  });

  it('a clip that stops while its popup asks closes the popup', async () => {
    const { actors } = await fanApp();
    const clip = { id: 77, uuid: 'u-77', event_id: 1, name: 'Gone', start_time: 0, duration: 5, tags: ['DEFAULT'], status: 'processed' as const, created_at: 0, share_url: 'http://x/share/1/u-77', playlist_url: null };
    // Cutting clips as the watch page starts it, picking this clip up again: its clip child asks.
    const flow = createActor(actors.logic.clipCreation, {
      input: { eventId: 1, endTime: 60, capabilities: { clipping: true, download_clip: false }, clips: [clip] },
    }).start();
    flow.getSnapshot().children.clip?.send({ type: 'user.delete' });
    await waitFor(actors.popups, (s) => s.hasTag('visible'), { timeout: 5_000 });
    flow.stop();
    expect(actors.popups.getSnapshot().hasTag('visible')).toBe(false);
  });
});


describe('the social sign-in is this browser’s own (login CSRF)', () => {
  /** The nonce the app's link to the provider carries. */
  const nonceOf = (link: string | null): string => new URL(link ?? 'http://invalid/').searchParams.get('nonce') ?? '';
  const stateOf = (link: string | null): string => new URL(link ?? 'http://invalid/').searchParams.get('state') ?? '';

  /** A visitor's app that has its API key (the links to the providers wait for one). */
  async function visitorApp(): Promise<TestApp> {
    app = createTestApp({
      api: { graphqlUrl: api.graphqlUrl, channelKey: SUMMIT.channelKey },
      // A sign-in takes the viewer back where they were: there is no browser history here to go through.
      logic: (logic) => ({ navigation: logic.navigation.provide({ actions: { navigate: () => undefined, goBack: () => undefined } }) }),
    });
    await startupSettled(app.actors);
    await app.actors.client.request(EventsListDocument, { limit: 1 });
    return app;
  }
  const sessionsOf = (email: string): number =>
    api.db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM user_sessions s JOIN users u ON u.id = s.user_id WHERE u.email = ?').get(email)!.n;

  it('the link to the provider carries the nonce the session then trades the code with, once', async () => {
    const { actors } = await visitorApp();
    const link = actors.socialLoginUrl('google');
    const nonce = nonceOf(link);
    expect(new URL(link ?? '').pathname).toBe('/api/auth/login/google');
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Rendered again, the links say the same: the sign-in that starts is the one this browser keeps.
    expect(nonceOf(actors.socialLoginUrl('facebook'))).toBe(nonce);

    const email = `app-hand-off-${Date.now()}@summit.test`;
    const { code } = await providerHandOff(api, { key: stateOf(link), email, nonce });
    actors.session.send({ type: 'user.socialCode', code });
    await waitFor(actors.session, (s) => !s.hasTag('busy') && s.context.socialCode === code, { timeout: 10_000 });
    expect(sessionsOf(email)).toBe(1);
    // Used once: the next sign-in starts with another nonce.
    expect(nonceOf(actors.socialLoginUrl('google'))).not.toBe(nonce);
  });

  it('a /login?code= link someone else made signs nobody in: the code is not this browser’s sign-in', async () => {
    const { actors } = await visitorApp();
    // The visitor has been to the login page (a nonce is kept), but the attacker's code comes from their own sign-in.
    nonceOf(actors.socialLoginUrl('google'));
    const attacker = `app-attacker-${Date.now()}@summit.test`;
    const { code } = await providerHandOff(api, { key: await api.apiKey(), email: attacker, nonce: newNonce() });

    actors.session.send({ type: 'user.socialCode', code });
    const refused = await waitFor(actors.session, (s) => s.matches('anonymous') && s.context.error !== null, { timeout: 10_000 });
    expect(refused.context.token).toBeNull();
    expect(refused.context.error?.message).toEqual({ key: 'server.verificationFailed' });
    expect(sessionsOf(attacker)).toBe(0);
  });
});
