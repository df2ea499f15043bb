/**
 * The app's flows wired as the app wires them (src/app/logic): the session tells favourites who the viewer is, the
 * read cache forgets a viewer's answers when they leave, and a payment's failure reaches the popup queue. Over the
 * real reference API behind Mesh.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { PAYMENT_FAILED } from '../../../mesh/validation';
import { PageDocument } from '../../../mesh/client/generated/documents/Page';
import { paidEventPurchase } from '../../machines/commerce-fixtures';
import { CARDS, card, Shop } from '../../server/commerce-helpers';
import { SUMMIT, startTestApi, type TestApi } from '../../server/harness';
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

describe('what a machine tells the viewer', () => {
  it("a payment whose order fails puts the machine's failure popup into the popup queue", async () => {
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
    const shown = await waitFor(actors.popups, (s) => s.hasTag('visible'), { timeout: 5_000 });
    expect(shown.context.queue).toEqual([
      {
        id: expect.any(String),
        kind: 'purchaseFailed',
        data: { orderId: failed.context.order?.id, title: PAYMENT_FAILED, message: 'Your card was declined.', reason: 'card_declined' },
      },
    ]);
    payment.stop();
  });
});
