/**
 * A working example request for every operation of the contract, each built from a real flow against the running
 * reference API (registering, buying and paying, cutting clips, recording analytics). Used by contract.test.ts,
 * which sends each example and validates the answer strictly against the documented response schema.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { channelByApiKey } from '../../server/domain/channels';
import { CLIP_PROCESSING_DELAY_SECONDS } from '../../server/domain/clips';
import { socialAccessToken } from '../../server/domain/social';
import {
  ANALYTICS_READ_TOKEN,
  analytics,
  apiRequestEventBody,
  LOG_READ_TOKEN,
  logBody,
  ORIGIN_URL,
  profileOf,
  sessionBody,
  startSession,
  startView,
  videoEventBody,
  viewingBody,
} from './analytics-fixtures';
import { card, type Order, Shop } from './commerce-helpers';
import { type CallResult, DEMO_PASSWORD, SUMMIT, type TestApi } from './harness';
import { eventsIn, viewerWith } from './media-helpers';
import { confirmationLink, newNonce, PROVIDER_PASSWORD, ProviderBrowser, providerHandOff } from './provider-flow';

export const FAN = 'fan@summit.test';

export interface ExampleRequest {
  path: string;
  query?: Record<string, string | number>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Defaults to the fan's token when the operation requires a viewer, none otherwise (a read token is a bearer too). */
  token?: string | null;
  /** Extra assertions on the answer (required for browser operations, whose answers are not JSON). */
  check?: (result: CallResult) => void;
}

export type Example = () => ExampleRequest | Promise<ExampleRequest>;

/** What the examples need: an API started with the read tokens configured, a key of summit and the fan's session. */
interface ExampleContext {
  api: TestApi;
  key: string;
  fanToken: string;
}

export const formBody = (fields: Record<string, string>) => ({
  body: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

/** Runs `make` once, the first time it is asked for, and answers the same promise after. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

interface ClipItem {
  id: number;
  uuid: string;
  event_id: number;
  status: string;
}
type ListAnswer = CallResult<{ data: unknown[] }>;

/** The answer is a page holding at least one item, so the item schema is exercised too. */
const nonEmpty = (result: CallResult) => expect((result as ListAnswer).body.data.length, 'the list holds items').toBeGreaterThan(0);

export function contractExamples({ api, key, fanToken }: ExampleContext): Record<string, Example> {
  const shop = new Shop(api, key);
  const summitProfile = profileOf(api, 'summit');

  async function registerViewer(email: string): Promise<string> {
    const result = await api.call<{ token: string }>('POST', '/v2/auth/register', {
      key,
      body: { first_name: 'Contract', last_name: 'Tester', email, password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD, terms: true },
    });
    expect(result.status, JSON.stringify(result.body)).toBe(201);
    return result.body.token;
  }

  /** The signed-link fields of the last mail of a kind to an address (the reference API keeps mail in `outbox`). */
  function mailedLink(email: string, kind: string): { email: string; expires: number; signature: string } {
    const row = api.db
      .prepare<[string, string], { link: string }>('SELECT link FROM outbox WHERE email = ? AND kind = ? ORDER BY id DESC LIMIT 1')
      .get(email, kind);
    expect(row, `a ${kind} mail to ${email}`).toBeDefined();
    const query = new URL(row?.link ?? 'http://invalid/').searchParams;
    return { email: query.get('email') ?? '', expires: Number(query.get('expires')), signature: query.get('signature') ?? '' };
  }

  /**
   * A browser at the reference provider whose identity's mailbox is proven, its consent page open: what it posts and
   * the cookie it posts it with.
   */
  async function consentingBrowser(email: string) {
    await providerHandOff(api, { key, email, name: 'Social Viewer' });
    const browser = new ProviderBrowser(api);
    const page = await browser.open(key, newNonce());
    const form = { state: page.state, flow: page.flow, email, password: PROVIDER_PASSWORD, name: '' };
    return { browser, page, form, cookie: `social_sign_in=${browser.flowCookie ?? ''}` };
  }

  /** The token of the link mailed to a new identity's address (its mailbox not yet proven). */
  async function confirmationToken(email: string): Promise<string> {
    const browser = new ProviderBrowser(api);
    const opened = await browser.submit(await browser.open(key, newNonce()), { email, password: PROVIDER_PASSWORD, name: 'Confirm Viewer' });
    expect(opened.status).toBe(401);
    return new URL(confirmationLink(api, email) ?? 'http://invalid/').searchParams.get('token') ?? '';
  }

  /** Moves the API's clock past the settlement and clip-processing delays and runs the jobs then due. */
  function runDueJobs(): void {
    api.clock.advance(CLIP_PROCESSING_DELAY_SECONDS);
    api.runJobs();
  }

  // ------------------------------------------------------------ shared set-ups (each made once, when first needed)

  /** A paid event nobody has bought. */
  const paidEvent = once(async () => {
    const [event] = await shop.paidEvents();
    if (!event) throw new Error('No paid event in the demo seed');
    return event;
  });

  /** A viewer who bought a paid event, paid it with the Visa test card and whose order has settled. */
  const customer = once(async () => {
    const viewer = await shop.newViewer('contract-customer');
    const bought = await shop.buyEvent(viewer.token, await paidEvent());
    const confirmed = await shop.confirm(viewer.token, bought.client_secret);
    expect(confirmed.status).toBe('processing');
    runDueJobs();
    return { token: viewer.token, orderId: bought.order.id };
  });

  /** A viewer with an active monthly subscription, paid by card (saved for renewals). */
  const subscriber = async (label: string) => {
    const viewer = await shop.newViewer(label);
    const monthly = await shop.plan('monthly');
    const paid = await shop.purchase(viewer.token, { type: 'subscription', id: monthly.id });
    expect(paid.status).toBe('paid');
    return { token: viewer.token, planId: monthly.id };
  };
  const sharedSubscriber = once(() => subscriber('contract-subscriber'));

  const freeEventIn = async (status: 'live' | 'vod') => {
    const event = (await eventsIn(api, key, status)).find((e) => e.type === 'free');
    if (!event) throw new Error(`No free ${status} event in the demo seed`);
    return event;
  };

  /** A viewer allowed to clip and download clips, and a clip of a finished free event, cut and processed. */
  const clipper = once(async () => viewerWith(api, key, ['Watch', 'Clipping', 'Download_Clip']));
  const clipBody = async (name: string) => ({ event_id: (await freeEventIn('vod')).id, name, start_time: 30, duration: 15, tags: ['DEFAULT'] });
  const processedClip = async (name: string): Promise<ClipItem> => {
    const created = await api.call<ClipItem>('POST', '/clip', { key, token: (await clipper()).token, body: await clipBody(name) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    runDueJobs();
    return created.body;
  };
  const sharedClip = once(() => processedClip('Contract highlight'));

  /** A session with one event of each list the analytics read-back answers: an api_request, a video view and its viewing. */
  const analyticsTrail = once(async () => {
    const session = await startSession(api, summitProfile);
    const view = await startView(api, summitProfile, session);
    for (const [path, body] of [
      ['/datalake/event/', apiRequestEventBody(summitProfile, session)],
      ['/datalake/video/viewing/', viewingBody(summitProfile, view)],
    ] as const) {
      const result = await analytics(api, 'POST', path, { body });
      expect(result.status, JSON.stringify(result.body)).toBe(200);
    }
    return { session, view };
  });
  const readBack = (query: Record<string, string | number>) => ({ query: { profile: summitProfile, ...query }, token: ANALYTICS_READ_TOKEN, check: nonEmpty });

  return {
    // ---------------------------------------------------------------------------------- channel and account
    getChannelKey: () => ({ path: '/keys' }),
    getApiKey: () => ({ path: '/get_api_key', body: { channel_key: SUMMIT.channelKey } }),
    getProfile: () => ({ path: '/profile' }),
    updateProfile: () => ({ path: '/profile', body: { _method: 'PATCH', phone: '+1 612 555 0100' } }),
    getUserAccess: () => ({ path: '/user/access' }),
    login: () => ({ path: '/v2/auth/login', body: { email: FAN, password: DEMO_PASSWORD } }),
    register: () => ({
      path: '/v2/auth/register',
      body: {
        first_name: 'Riley',
        last_name: 'Contract',
        email: 'contract-register@summit.test',
        password: DEMO_PASSWORD,
        password_confirmation: DEMO_PASSWORD,
        phone: '+1 (612) 555-0101',
        terms: true,
        language: 'en',
      },
    }),
    socialLogin: () => {
      // The reference provider hands the app a code, not a token: the token a real provider would hand it is minted.
      const channel = channelByApiKey(api.db, key);
      expect(channel).toBeDefined();
      const accessToken = channel ? socialAccessToken(channel, 'google', 'contract-social@summit.test', 'Social Viewer', api.clock.now() + 600) : '';
      return { path: '/v2/auth/social/google', body: { access_token: accessToken } };
    },
    socialConsentPage: () => ({
      path: '/auth/login/google',
      query: { state: key, nonce: newNonce() },
      check: (result) => {
        expect(result.headers.get('content-type') ?? '').toMatch(/^text\/html/);
        const html = String(result.body);
        expect(html).toContain(`<form method="post" action="${api.baseUrl}/auth/login/google">`);
        expect(html).toContain(`name="state" value="${key}"`);
        const flow = /social_sign_in=([^;]+);/.exec(result.headers.get('set-cookie') ?? '')?.[1];
        expect(html).toContain(`name="flow" value="${flow}"`);
        expect(html).toMatch(/name="email"/);
        expect(html).toMatch(/name="password"/);
        expect(html).toMatch(/name="name"/);
      },
    }),
    socialConsentSubmit: async () => {
      const { form, cookie } = await consentingBrowser('contract-consent@summit.test');
      const sent = formBody(form);
      return {
        path: '/auth/login/google',
        body: sent.body,
        headers: { ...sent.headers, cookie },
        check: (result) => {
          const location = new URL(result.headers.get('location') ?? '');
          expect(`${location.origin}${location.pathname}`).toBe(`${api.baseUrl}/auth/login/google/callback`);
          expect(location.searchParams.get('code')).toMatch(/\S+/);
          expect(location.searchParams.get('state')).toBe(key);
        },
      };
    },
    socialCallback: async () => {
      const { browser, page, form, cookie } = await consentingBrowser('contract-callback@summit.test');
      const consented = await browser.submit(page, form);
      expect(consented.status).toBe(302);
      const target = new URL(consented.headers.get('location') ?? '');
      return {
        path: '/auth/login/google/callback',
        query: { code: target.searchParams.get('code') ?? '', state: key },
        headers: { cookie },
        check: (result) => {
          const location = new URL(result.headers.get('location') ?? '');
          expect(`${location.origin}${location.pathname}`).toBe(`${api.origin}/login`);
          expect(location.searchParams.get('code')).toBe(target.searchParams.get('code'));
          expect(location.searchParams.get('provider')).toBe('google');
          expect(location.searchParams.has('access_token')).toBe(false);
        },
      };
    },
    logout: async () => ({ path: '/auth/logout', token: await api.login(FAN, key) }),
    verifyEmail: async () => {
      await registerViewer('contract-verify@summit.test');
      return { path: '/auth/email-verify', body: mailedLink('contract-verify@summit.test', 'email_verify') };
    },
    requestPasswordReset: () => ({ path: '/auth/password-reset-request', body: { email: 'basic@summit.test' } }),
    resetPassword: async () => {
      const email = 'contract-reset@summit.test';
      await registerViewer(email);
      const requested = await api.call('POST', '/auth/password-reset-request', { key, body: { email } });
      expect(requested.status).toBe(200);
      const newPassword = 'NewPassword456!';
      return { path: '/auth/password-reset', body: { ...mailedLink(email, 'password_reset'), password: newPassword, password_confirmation: newPassword } };
    },
    socialConfirmPage: async () => ({
      path: '/auth/login/google/confirm',
      query: { token: await confirmationToken('contract-confirm-page@summit.test') },
      check: (result) => {
        const html = String(result.body);
        expect(html).toContain('contract-confirm-page@summit.test');
        expect(html).toContain(`<form method="post" action="${api.baseUrl}/auth/login/google/confirm">`);
      },
    }),
    socialConfirmSubmit: async () => ({
      path: '/auth/login/google/confirm',
      ...formBody({ token: await confirmationToken('contract-confirm@summit.test') }),
      check: (result) => expect(String(result.body)).toContain('contract-confirm@summit.test is confirmed'),
    }),
    addSession: async () => {
      const { code, nonce } = await providerHandOff(api, { key, email: 'contract-session@summit.test' });
      return { path: '/auth/add_session', body: { code, nonce } };
    },
    confirmAccountDeletion: async () => {
      const email = 'contract-delete@summit.test';
      const token = await registerViewer(email);
      const asked = await api.call('POST', '/profile', { key, token, body: { _method: 'DELETE' } });
      expect(asked.status).toBe(200);
      return { path: '/delete-account-confirm', body: mailedLink(email, 'account_deletion') };
    },
    getSettings: () => ({ path: '/settings' }),
    getMenu: () => ({ path: '/menu' }),
    getSlides: () => ({ path: '/slides/web', query: { type: 'main' } }),
    getPages: () => ({ path: '/pages' }),
    getPage: () => ({ path: '/pages/about-network' }),
    getColorSettings: () => ({ path: '/color-settings/web' }),
    getGeo: () => ({ path: '/geo', token: fanToken }),
    getFaq: () => ({ path: '/faq' }),
    getCustomForm: () => ({ path: '/custom-forms/passes', token: fanToken }),
    submitCustomForm: () => ({
      path: '/custom-forms/passes',
      body: { values: [{ name: 'basic_pass', value: 'free-basic-2023-24' }, { name: 'newsletter', value: 'true' }] },
    }),
    createContactRequest: () => ({
      path: '/contact-requests',
      token: null,
      body: { name: 'Dana Fan', email: 'dana@example.com', phone: '+1 555 010 2000', subject: 'Replay audio', message: 'The replay of Friday’s game has no sound.' },
    }),

    // ---------------------------------------------------------------------------------- catalogue
    listEvents: () => ({ path: '/events', query: { no_limit: 1 }, token: fanToken }),
    getEvent: () => ({ path: '/events/1' }),
    listEventCategories: () => ({ path: '/events-categories' }),
    getHomepageEvents: () => ({ path: '/events-for-homepage' }),
    listFavoriteEvents: () => ({ path: '/events/favorite', query: { limit: 100 } }),
    listEventLocations: () => ({ path: '/events-locations' }),
    listParticipants: () => ({ path: '/participants', query: { no_limit: 1 } }),
    listParticipantGroups: () => ({ path: '/participant-groups' }),
    listParticipantGroupProperties: () => ({ path: '/participant-group-properties' }),
    listVodMedia: () => ({ path: '/vod-media-items', query: { no_limit: 1 } }),
    getVodMedia: () => ({ path: '/vod-media-items/1' }),
    listVodCategories: () => ({ path: '/vod-media-categories' }),
    searchVodMedia: () => ({ path: '/vod-media/search', query: { title: 'hockey' } }),
    listVodRails: () => ({ path: '/vod-media-rails' }),
    listFavorites: () => ({ path: '/favorites' }),
    addFavorite: () => ({ path: '/favorite', body: { favoritable_id: 4, favoritable_type: 'group' } }),
    removeFavorite: async () => {
      const added = await api.call<{ id: number }>('POST', '/favorite', {
        key,
        token: fanToken,
        body: { favoritable_id: 1, favoritable_type: 'category' },
      });
      expect(added.status).toBe(200);
      return { path: `/favorite/${added.body.id}` };
    },

    listWatchProgress: () => ({ path: '/watch_progress' }),
    saveWatchProgress: async () => ({
      path: '/watch_progress',
      body: { item_type: 'event', item_id: (await freeEventIn('vod')).id, position: 42.5, duration: 3600 },
      check: (result) => expect(result.body).toMatchObject({ item_type: 'event', position: 42.5, finished: false }),
    }),
    removeWatchProgress: async () => {
      const saved = await api.call('PUT', '/watch_progress', {
        key,
        token: fanToken,
        body: { item_type: 'vod_item', item_id: 1, position: 60, duration: 240 },
      });
      expect(saved.status).toBe(200);
      return { path: '/watch_progress/vod_item/1' };
    },

    // ---------------------------------------------------------------------------------- playback and downloads
    getEventPlayback: async () => ({
      path: `/events/${(await freeEventIn('live')).id}/playback`,
      token: fanToken,
      check: (result) => expect(result.body).toMatchObject({ stream_type: 'live', url: expect.stringMatching(/\/index\.m3u8$/) }),
    }),
    getVodMediaPlayback: async () => {
      const items = await api.call<{ data: Array<{ id: number; event_id: number | null }> }>('GET', '/vod-media-items', { key, query: { no_limit: 1 } });
      const item = items.body.data.find((i) => i.event_id === null);
      expect(item, 'a VOD item of its own (not an event recording)').toBeDefined();
      return {
        path: `/vod-media-items/${item?.id ?? 0}/playback`,
        token: fanToken,
        check: (result) => expect(result.body).toMatchObject({ stream_type: 'vod' }),
      };
    },
    downloadEvent: async () => {
      const event = await freeEventIn('vod');
      return { path: `/download-event/${event.id}`, check: (result) => expect(result.body).toMatchObject({ file_name: `event-${event.id}.ts` }) };
    },

    // ---------------------------------------------------------------------------------- offers and payments
    listPackages: () => ({ path: '/packages', token: fanToken, check: nonEmpty }),
    getPackage: async () => {
      const teamPass = await shop.pass((p) => p.is_team_pass);
      return { path: `/packages/${teamPass.id}`, token: fanToken };
    },
    listSubscriptions: async () => ({ path: '/subscriptions', token: (await sharedSubscriber()).token, check: nonEmpty }),
    getSubscription: async () => {
      const { token, planId } = await sharedSubscriber();
      return { path: `/subscriptions/${planId}`, token, check: (result) => expect(result.body).toMatchObject({ status: 'active', is_purchased: true }) };
    },
    listOrders: async () => ({ path: '/orders', token: (await customer()).token, check: nonEmpty }),
    getOrder: async () => {
      const { token, orderId } = await customer();
      return { path: `/orders/${orderId}`, token, check: (result) => expect((result.body as Order).status).toBe('paid') };
    },
    buy: async () => {
      const viewer = await shop.newViewer('contract-buy');
      const event = await paidEvent();
      return {
        path: '/stripe/buy',
        token: viewer.token,
        body: { type: 'event', id: event.id, single_event_package_id: event.single_event_package_id },
        check: (result) => expect(result.body).toMatchObject({ provider: 'reference', order: { status: 'processing' } }),
      };
    },
    applyCoupon: async () => {
      const hockey = await shop.pass((p) => p.name === 'Hockey Season Pass');
      return { path: '/apply_coupon', query: { code: 'WELCOME10', type: 'package', id: hockey.id } };
    },
    confirmPayment: async () => {
      const viewer = await shop.newViewer('contract-confirm');
      const bought = await shop.buyEvent(viewer.token, await paidEvent());
      return { path: '/stripe/confirm', token: viewer.token, body: { client_secret: bought.client_secret, card: card(), save_card: true } };
    },
    unsubscribe: async () => {
      const { token, planId } = await subscriber('contract-unsubscribe');
      return {
        path: '/stripe/unsubscribe',
        token,
        body: { subscription_id: planId },
        check: (result) => expect(result.body).toMatchObject({ status: 'canceled', auto_renew: false }),
      };
    },
    startSubscriptionTrial: async () => {
      const viewer = await shop.newViewer('contract-trial');
      const saved = await shop.saveCard(viewer.token);
      return {
        path: '/stripe/subscription/start_trial',
        token: viewer.token,
        body: { subscription_id: (await shop.plan('monthly')).id, setup_intent_id: saved.setupIntentId },
        check: (result) => expect(result.body).toMatchObject({ status: 'active', is_purchased: true }),
      };
    },
    getCustomerPortal: () => ({ path: '/stripe/customer-portal' }),
    listCards: () => ({ path: '/stripe/list-cards', check: nonEmpty }),
    createSetupIntent: async () => ({ path: '/stripe/setup-intent', token: (await shop.newViewer('contract-intent')).token, body: {} }),
    confirmSetupIntent: async () => {
      const viewer = await shop.newViewer('contract-save-card');
      const intent = await shop.ok<{ client_secret: string }>('POST', '/stripe/setup-intent', viewer.token, { body: {} });
      return { path: '/stripe/setup-intent/confirm', token: viewer.token, body: { client_secret: intent.client_secret, card: card(), set_default: true } };
    },
    listTransactions: async () => ({ path: '/transactions', token: (await customer()).token, check: nonEmpty }),

    // ---------------------------------------------------------------------------------- clips
    createClip: async () => ({
      path: '/clip',
      token: (await clipper()).token,
      body: await clipBody('Contract clip'),
      check: (result) => expect(result.body).toMatchObject({ status: 'queued' }),
    }),
    listEventClips: async () => ({ path: `/clips/event/${(await sharedClip()).event_id}`, token: (await clipper()).token, check: nonEmpty }),
    listUserClips: async () => {
      await sharedClip();
      return { path: '/clips/user', token: (await clipper()).token, check: nonEmpty };
    },
    listEventsWithClips: async () => {
      await sharedClip();
      return { path: '/events/with_clip', token: (await clipper()).token, check: nonEmpty };
    },
    getSharedClip: async () => ({
      path: `/shared-clip/${(await sharedClip()).uuid}`,
      check: (result) => expect(result.body).toMatchObject({ status: 'processed' }),
    }),
    downloadClip: async () => ({ path: `/clip/download/${(await sharedClip()).id}`, token: (await clipper()).token }),
    deleteClip: async () => ({ path: `/clip/${(await processedClip('Contract clip to delete')).id}`, token: (await clipper()).token }),

    // ---------------------------------------------------------------------------------- analytics service
    getAnalyticsHash: () => ({ path: '/datalake/hash/', query: { profile: summitProfile, origin_url: ORIGIN_URL } }),
    createAnalyticsSession: async () => {
      const hash = await analytics<{ hash: string }>(api, 'GET', '/datalake/hash/', { query: { profile: summitProfile, origin_url: ORIGIN_URL } });
      expect(hash.status).toBe(200);
      return { path: '/datalake/session/', body: sessionBody(summitProfile, hash.body.hash) };
    },
    trackAnalyticsEvent: async () => ({ path: '/datalake/event/', body: apiRequestEventBody(summitProfile, await startSession(api, summitProfile)) }),
    trackVideoEvent: async () => ({
      path: '/datalake/video/event/',
      body: videoEventBody(summitProfile, await startSession(api, summitProfile), randomUUID()),
    }),
    trackVideoViewing: async () => {
      const view = await startView(api, summitProfile, await startSession(api, summitProfile));
      return { path: '/datalake/video/viewing/', body: viewingBody(summitProfile, view) };
    },
    listAnalyticsSessions: async () => ({ path: '/datalake/sessions/', ...readBack({ session_uuid: (await analyticsTrail()).session }) }),
    listAnalyticsEvents: async () => ({ path: '/datalake/events/', ...readBack({ session_uuid: (await analyticsTrail()).session }) }),
    listVideoEvents: async () => ({ path: '/datalake/video/events/', ...readBack({ video_view_uuid: (await analyticsTrail()).view }) }),
    listVideoViewings: async () => ({ path: '/datalake/video/viewings/', ...readBack({ video_view_uuid: (await analyticsTrail()).view }) }),

    // ---------------------------------------------------------------------------------- log service
    sendLog: () => ({ path: '/logs', body: logBody(SUMMIT.channelKey) }),
    listLogs: async () => {
      const sent = await api.call('POST', '/logs', { service: 'logs', body: logBody(SUMMIT.channelKey) });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      return { path: '/logs', query: { channel: 'summit', limit: 10 }, token: LOG_READ_TOKEN, check: nonEmpty };
    },
  };
}
