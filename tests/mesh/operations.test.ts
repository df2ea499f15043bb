/**
 * Every operation the app sends (mesh/operations/*.graphql), through the real stack: the typed documents codegen
 * made from those files, sent to GraphQL Mesh over the reference API (fresh database, the test's own clock). Each
 * answer is checked for what the screen needs, and each REST call Mesh made is checked against SPEC.md §7's key
 * rule from the API's request log. keys.graphql and log.graphql belong to mesh/client and are tested with it.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { Kind, parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationDocument } from '../../mesh/client/document';
import { AddFavoriteDocument } from '../../mesh/client/generated/documents/AddFavorite';
import { AddSessionDocument } from '../../mesh/client/generated/documents/AddSession';
import { AfterLoginDocument } from '../../mesh/client/generated/documents/AfterLogin';
import { AnalyticsHashDocument } from '../../mesh/client/generated/documents/AnalyticsHash';
import { ApplyCouponDocument } from '../../mesh/client/generated/documents/ApplyCoupon';
import { BuyDocument } from '../../mesh/client/generated/documents/Buy';
import { CancelAutoRenewalDocument } from '../../mesh/client/generated/documents/CancelAutoRenewal';
import { CardsDocument } from '../../mesh/client/generated/documents/Cards';
import { ClipDownloadDocument } from '../../mesh/client/generated/documents/ClipDownload';
import { ConfirmAccountDeletionDocument } from '../../mesh/client/generated/documents/ConfirmAccountDeletion';
import { ConfirmPaymentDocument } from '../../mesh/client/generated/documents/ConfirmPayment';
import { ConfirmSetupIntentDocument } from '../../mesh/client/generated/documents/ConfirmSetupIntent';
import { CreateClipDocument } from '../../mesh/client/generated/documents/CreateClip';
import { CreateSetupIntentDocument } from '../../mesh/client/generated/documents/CreateSetupIntent';
import { CustomerPortalDocument } from '../../mesh/client/generated/documents/CustomerPortal';
import { CustomFormDocument } from '../../mesh/client/generated/documents/CustomForm';
import { DeleteClipDocument } from '../../mesh/client/generated/documents/DeleteClip';
import { EventClipsDocument } from '../../mesh/client/generated/documents/EventClips';
import { EventDetailDocument } from '../../mesh/client/generated/documents/EventDetail';
import { EventDownloadDocument } from '../../mesh/client/generated/documents/EventDownload';
import { EventFiltersDocument } from '../../mesh/client/generated/documents/EventFilters';
import { EventPurchaseDocument } from '../../mesh/client/generated/documents/EventPurchase';
import { EventsListDocument } from '../../mesh/client/generated/documents/EventsList';
import { EventsWithClipsDocument } from '../../mesh/client/generated/documents/EventsWithClips';
import { FaqDocument } from '../../mesh/client/generated/documents/Faq';
import { FavoriteEventsDocument } from '../../mesh/client/generated/documents/FavoriteEvents';
import { FavoritesDocument } from '../../mesh/client/generated/documents/Favorites';
import { HomeEventsDocument } from '../../mesh/client/generated/documents/HomeEvents';
import { LoginDocument } from '../../mesh/client/generated/documents/Login';
import { LogoutDocument } from '../../mesh/client/generated/documents/Logout';
import { OrdersDocument } from '../../mesh/client/generated/documents/Orders';
import { OrderStatusDocument } from '../../mesh/client/generated/documents/OrderStatus';
import { PackageDocument } from '../../mesh/client/generated/documents/Package';
import { PackagesDocument } from '../../mesh/client/generated/documents/Packages';
import { PageDocument } from '../../mesh/client/generated/documents/Page';
import { ParticipantsDocument } from '../../mesh/client/generated/documents/Participants';
import { ProfileDocument } from '../../mesh/client/generated/documents/Profile';
import { RegisterDocument } from '../../mesh/client/generated/documents/Register';
import { RemoveFavoriteDocument } from '../../mesh/client/generated/documents/RemoveFavorite';
import { RequestAccountDeletionDocument } from '../../mesh/client/generated/documents/RequestAccountDeletion';
import { RequestPasswordResetDocument } from '../../mesh/client/generated/documents/RequestPasswordReset';
import { ResetPasswordDocument } from '../../mesh/client/generated/documents/ResetPassword';
import { SharedClipDocument } from '../../mesh/client/generated/documents/SharedClip';
import { SlidesDocument } from '../../mesh/client/generated/documents/Slides';
import { SocialLoginDocument } from '../../mesh/client/generated/documents/SocialLogin';
import { StartAnalyticsSessionDocument } from '../../mesh/client/generated/documents/StartAnalyticsSession';
import { StartTrialDocument } from '../../mesh/client/generated/documents/StartTrial';
import { StartupDocument } from '../../mesh/client/generated/documents/Startup';
import { SendContactRequestDocument } from '../../mesh/client/generated/documents/SendContactRequest';
import { SubmitCustomFormDocument } from '../../mesh/client/generated/documents/SubmitCustomForm';
import { SubscriptionPlanDocument } from '../../mesh/client/generated/documents/SubscriptionPlan';
import { TrackApiRequestDocument } from '../../mesh/client/generated/documents/TrackApiRequest';
import { TrackLoginDocument } from '../../mesh/client/generated/documents/TrackLogin';
import { TrackPageViewDocument } from '../../mesh/client/generated/documents/TrackPageView';
import { TrackVideoEventDocument } from '../../mesh/client/generated/documents/TrackVideoEvent';
import { TrackVideoViewingDocument } from '../../mesh/client/generated/documents/TrackVideoViewing';
import { TransactionsDocument } from '../../mesh/client/generated/documents/Transactions';
import { UpdateProfileDocument } from '../../mesh/client/generated/documents/UpdateProfile';
import { UserAccessDocument } from '../../mesh/client/generated/documents/UserAccess';
import { UserClipsDocument } from '../../mesh/client/generated/documents/UserClips';
import { VerifyEmailDocument } from '../../mesh/client/generated/documents/VerifyEmail';
import { VodItemDocument } from '../../mesh/client/generated/documents/VodItem';
import { VodLibraryDocument } from '../../mesh/client/generated/documents/VodLibrary';
import { VodMediaListDocument } from '../../mesh/client/generated/documents/VodMediaList';
import { WatchEventDocument } from '../../mesh/client/generated/documents/WatchEvent';
import { WatchVodDocument } from '../../mesh/client/generated/documents/WatchVod';
import { ResumePositionsDocument } from '../../mesh/client/generated/documents/ResumePositions';
import { RemoveWatchProgressDocument } from '../../mesh/client/generated/documents/RemoveWatchProgress';
import { SaveWatchProgressDocument } from '../../mesh/client/generated/documents/SaveWatchProgress';
import { WatchProgressDocument } from '../../mesh/client/generated/documents/WatchProgress';
import { VodSearchDocument } from '../../mesh/client/generated/documents/VodSearch';
import type { LoggedRequest } from '../../server/http/test-hooks';
import { loadContract } from '../../server/openapi/contract';
import { ANALYTICS_READ_TOKEN, profileOf, readAnalytics } from '../server/analytics-fixtures';
import { channelByApiKey } from '../../server/domain/channels';
import { socialAccessToken } from '../../server/domain/social';
import { DEMO_PASSWORD, startTestApi, SUMMIT, type TestApi } from '../server/harness';
import { media } from '../server/media-helpers';
import { providerHandOff } from '../server/provider-flow';
import { persistedRequest } from './documents';

/** Operation files of mesh/client (tested with the transport), not sent by the app itself. */
const CLIENT_FILES = ['keys.graphql', 'log.graphql'];
const OPERATIONS_DIR = new URL('../../mesh/operations/', import.meta.url);
const VISA = { number: '4242424242424242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123' };

interface GraphqlError {
  message: string;
  path?: Array<string | number>;
  extensions?: { response?: { status: number; body: { error?: { message: string; errors: Record<string, string[]> } } } };
}
interface Caller {
  key?: string | null;
  token?: string | null;
}
interface Answer<TData> {
  data: TData | null;
  errors: GraphqlError[];
  /** The REST calls Mesh made for this request, as the API saw them. */
  rest: LoggedRequest[];
}

let api: TestApi;
let key: string;
let fan: string;
let counter = 0;
/** Operation names sent, and every REST call they caused (for the key rule at the end). */
const sent = new Set<string>();
const restCalls: Array<LoggedRequest & { graphql: string }> = [];

beforeAll(async () => {
  api = await startTestApi({ analyticsReadToken: ANALYTICS_READ_TOKEN }, { graphql: true });
  key = await api.apiKey(SUMMIT.channelKey);
  fan = await api.login('fan@summit.test', key);
});
afterAll(() => api.close());

/** Sends one typed document as the browser would: by its hash, with the API key and the viewer's token as headers. */
async function send<TData, TVariables>(
  document: OperationDocument<TData, TVariables>,
  variables: TVariables,
  caller: Caller = { key },
): Promise<Answer<TData>> {
  const name = document.__meta__.name;
  sent.add(name);
  api.requestLog.clear();
  const response = await fetch(api.graphqlUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(caller.key ? { 'x-api-key': caller.key } : {}),
      ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}),
    },
    body: JSON.stringify(persistedRequest(document, variables)),
  });
  expect(response.status, name).toBe(200);
  const body = (await response.json()) as { data?: TData | null; errors?: GraphqlError[] };
  const rest = [...api.requestLog.entries];
  restCalls.push(...rest.map((entry) => ({ ...entry, graphql: name })));
  return { data: body.data ?? null, errors: body.errors ?? [], rest };
}

/** `send`, expecting no errors. */
async function ok<TData, TVariables>(
  document: OperationDocument<TData, TVariables>,
  variables: TVariables,
  caller: Caller = { key },
): Promise<TData & { rest: LoggedRequest[] }> {
  const answer = await send(document, variables, caller);
  expect(answer.errors, document.__meta__.name).toEqual([]);
  expect(answer.data).not.toBeNull();
  return { ...(answer.data as object), rest: answer.rest } as TData & { rest: LoggedRequest[] };
}

/** The REST status and error envelope of the one failed field. */
function failure(answer: Answer<unknown>): { status: number; message: string; fields: string[] } {
  expect(answer.errors).toHaveLength(1);
  const response = answer.errors[0]?.extensions?.response;
  return { status: response?.status ?? 0, message: response?.body.error?.message ?? '', fields: Object.keys(response?.body.error?.errors ?? {}) };
}

const asFan = (): Caller => ({ key, token: fan });
const freshEmail = (label: string): string => `gql-${label}-${++counter}@summit.test`;

async function register(label: string): Promise<{ email: string; token: string; id: number }> {
  const email = freshEmail(label);
  const { session } = await ok(RegisterDocument, {
    firstName: 'Robin',
    lastName: 'Graph',
    email,
    password: DEMO_PASSWORD,
    passwordConfirmation: DEMO_PASSWORD,
    terms: true,
  });
  return { email, token: session!.token, id: session!.user.id };
}

/** The query of the newest mailed link of a kind (the outbox keeps what would have been mailed). */
function mailedLink(email: string, kind: string): { email: string; expires: number; signature: string } {
  const row = api.db
    .prepare<[string, string], { link: string }>('SELECT link FROM outbox WHERE email = ? AND kind = ? ORDER BY id DESC LIMIT 1')
    .get(email, kind);
  if (!row) throw new Error(`No ${kind} mail for ${email}`);
  const query = new URL(row.link).searchParams;
  return { email: query.get('email') ?? '', expires: Number(query.get('expires')), signature: query.get('signature') ?? '' };
}

// ------------------------------------------------------------------ startup.graphql

describe('startup.graphql', () => {
  it('Startup answers the ten reads for the fan in one request', async () => {
    const data = await ok(StartupDocument, {}, asFan());
    expect(data.profile?.email).toBe('fan@summit.test');
    expect(data.settings).toMatchObject({ channel: { alias: 'summit' }, currency: 'USD' });
    expect(data.access?.capabilities.clipping).toBe(true);
    expect(data.participants?.data.length).toBeGreaterThan(0);
    expect(data.rest).toHaveLength(10);
  });
});

// ------------------------------------------------------------------ auth.graphql

describe('auth.graphql', () => {
  it('Login, then Profile, UserAccess and AfterLogin with the new session', async () => {
    const { session } = await ok(LoginDocument, { email: 'fan@summit.test', password: DEMO_PASSWORD });
    expect(session).toMatchObject({ token_type: 'Bearer', user: { email: 'fan@summit.test' } });
    const token = session!.token;

    const { profile } = await ok(ProfileDocument, {}, { key, token });
    expect(profile).toMatchObject({ email: 'fan@summit.test', is_geo_blocked: false });
    expect(profile?.capabilities.map((c) => c?.toLowerCase())).toEqual(
      expect.arrayContaining(['watch', 'download', 'clipping', 'download_clip', 'no_ads', 'vod_media']),
    );

    const { access } = await ok(UserAccessDocument, {}, { key, token });
    expect(access?.capabilities).toMatchObject({ watch: true, clipping: true, vod_media_access: true });
    expect(access?.events.length).toBeGreaterThan(0);

    const after = await ok(AfterLoginDocument, {}, { key, token });
    expect(after.profile?.id).toBe(profile?.id);
    expect(after.passesForm).toMatchObject({ alias: 'passes', flag: true });
    expect(after.passesForm?.fields.map((f) => f?.name)).toContain('basic_pass');
  });

  it('Login with a wrong password fails with the REST status and message', async () => {
    const answer = await send(LoginDocument, { email: 'fan@summit.test', password: 'not-the-password' });
    expect(answer.data?.session).toBeNull();
    expect(failure(answer)).toMatchObject({ status: 422, message: 'Wrong auth data', fields: ['email'] });
  });

  it('Register, then VerifyEmail with the mailed link', async () => {
    const { email, token } = await register('verify');
    const before = await ok(ProfileDocument, {}, { key, token });
    expect(before.profile).toMatchObject({ email, email_verified: false, basic_pass_selected: false });

    const { verifyEmail } = await ok(VerifyEmailDocument, mailedLink(email, 'email_verify'));
    expect(verifyEmail?.message).toBe('Email verified');
    expect((await ok(ProfileDocument, {}, { key, token })).profile?.email_verified).toBe(true);
  });

  it('RequestPasswordReset, then ResetPassword with the mailed link; the new password signs in', async () => {
    const { email } = await register('reset');
    const requested = await ok(RequestPasswordResetDocument, { email });
    expect(requested.requestPasswordReset?.message).toMatch(/reset link/);
    const newPassword = 'Another-Password-9';
    const reset = await ok(ResetPasswordDocument, {
      ...mailedLink(email, 'password_reset'),
      password: newPassword,
      passwordConfirmation: newPassword,
    });
    expect(reset.resetPassword?.message).toMatch(/changed/);
    expect((await ok(LoginDocument, { email, password: newPassword })).session?.user.email).toBe(email);
  });

  it('UpdateProfile without _method updates the profile; the REST call carried _method and the key in its body', async () => {
    const { token } = await register('update');
    const { profile, rest } = await ok(UpdateProfileDocument, { firstName: 'Robin', lastName: 'Patched', phone: '+1 612 555 0199', language: 'fr' }, { key, token });
    expect(profile).toMatchObject({ first_name: 'Robin', last_name: 'Patched', phone: '+1 612 555 0199', language: 'fr' });
    expect(rest).toHaveLength(1);
    expect(rest[0]).toMatchObject({ operationId: 'updateProfile', method: 'POST', apiKeyIn: 'body' });
    expect(rest[0]?.bodyKeys).toEqual(['_method', 'api_key', 'first_name', 'language', 'last_name', 'phone']);
    expect((await ok(ProfileDocument, {}, { key, token })).profile).toMatchObject({ last_name: 'Patched', language: 'fr' });

    // Only the variables given are sent: the name stays, the phone is cleared.
    const cleared = await ok(UpdateProfileDocument, { phone: null }, { key, token });
    expect(cleared.profile).toMatchObject({ last_name: 'Patched', phone: null });
    expect(cleared.rest[0]?.bodyKeys).toEqual(['_method', 'api_key', 'phone']);

    // The REST contract itself still refuses the update without _method.
    const direct = await api.call<{ error: { errors: Record<string, string[]> } }>('POST', '/profile', { key, token, body: { first_name: 'Nobody' } });
    expect(direct.status).toBe(422);
    expect(direct.body.error.errors['_method']).toEqual(['Field is required']);
  });

  it('RequestAccountDeletion mails a link; ConfirmAccountDeletion deletes the account without an API key', async () => {
    const { email, token } = await register('delete');
    const { profile, rest } = await ok(RequestAccountDeletionDocument, {}, { key, token });
    expect(profile?.email).toBe(email);
    expect(rest[0]?.bodyKeys).toEqual(['_method', 'api_key']);

    const confirmed = await ok(ConfirmAccountDeletionDocument, mailedLink(email, 'account_deletion'), { key: null });
    expect(confirmed.confirmAccountDeletion?.message).toBe('Your account has been deleted');
    expect(confirmed.rest[0]?.apiKeyIn).toBe('none');
    expect(failure(await send(LoginDocument, { email, password: DEMO_PASSWORD }))).toMatchObject({ status: 422, message: 'Wrong auth data' });
  });

  it('AddSession signs in with the code the provider’s callback hands to /login; SocialLogin with a provider token', async () => {
    const email = freshEmail('social');
    const { code, nonce, landing } = await providerHandOff(api, { key, email, name: 'Sam Social' });
    // A bearer credential never travels in the app's URL: only the one-time code does.
    expect(landing.searchParams.has('access_token')).toBe(false);

    const added = await ok(AddSessionDocument, { code, nonce });
    expect(added.session?.user).toMatchObject({ email, first_name: 'Sam', last_name: 'Social' });
    const channel = channelByApiKey(api.db, key);
    if (!channel) throw new Error('the API key names no channel');
    const accessToken = socialAccessToken(channel, 'google', email, 'Sam Social', api.clock.now() + 600);
    const social = await ok(SocialLoginDocument, { provider: 'google', accessToken });
    expect(social.session?.user.id).toBe(added.session?.user.id);
    expect(social.session?.token).not.toBe(added.session?.token);
  });

  it('Logout ends the session: the profile then answers 401', async () => {
    const { token } = await register('logout');
    expect((await ok(LogoutDocument, {}, { key, token })).logout?.message).toBe('Logged out');
    const after = await send(ProfileDocument, {}, { key, token });
    expect(after.data?.profile).toBeNull();
    expect(failure(after).status).toBe(401);
  });
});

// ------------------------------------------------------------------ channel.graphql

describe('channel.graphql', () => {
  it('Faq, Page and Slides answer the channel’s content', async () => {
    const { faq } = await ok(FaqDocument, {});
    expect(faq?.data.length).toBeGreaterThan(0);
    expect(faq?.data.map((q) => q?.answer).join(' ')).toContain('All sales are final, with no refunds.');

    const { page } = await ok(PageDocument, { alias: 'about-network' });
    expect(page).toMatchObject({ name: 'About the Network', url: '/about-network' });
    expect(page?.content).toContain('<h2>');

    const { slides } = await ok(SlidesDocument, { type: 'main' });
    expect(slides?.data.length).toBeGreaterThan(0);
    expect(new Set(slides?.data.map((s) => s?.slidable_type))).toEqual(new Set(['main']));
  });

  it('CustomForm, then SubmitCustomForm selects the basic pass', async () => {
    const { token } = await register('passes');
    const { form } = await ok(CustomFormDocument, { alias: 'passes' }, { key, token });
    expect(form).toMatchObject({ alias: 'passes', flag: true, values: [], submitted_at: null });
    const pass = form?.fields.find((f) => f?.name === 'basic_pass')?.options[0]?.value ?? '';

    const submitted = await ok(SubmitCustomFormDocument, { alias: 'passes', values: [{ name: 'basic_pass', value: pass }] }, { key, token });
    expect(submitted.form?.values).toEqual([{ name: 'basic_pass', value: pass }]);
    expect((await ok(ProfileDocument, {}, { key, token })).profile?.basic_pass_selected).toBe(true);
  });

  it('SendContactRequest stores a visitor’s message once, however often it is sent', async () => {
    const variables = { name: 'Dana Fan', email: 'dana-mesh@example.com', phone: null, subject: 'Replay audio', message: 'No sound on the replay.' };
    const { receipt, rest } = await ok(SendContactRequestDocument, variables);
    expect(receipt?.message).toContain('reviewed within 5 business days');
    expect(rest.map((r) => r.operationId)).toEqual(['createContactRequest']);
    const again = await ok(SendContactRequestDocument, variables);
    expect(again.receipt?.id).toBe(receipt?.id);
  });
});

// ------------------------------------------------------------------ catalogue.graphql

describe('catalogue.graphql', () => {
  it('HomeEvents answers live, upcoming and finished events, and filters by group', async () => {
    const { home } = await ok(HomeEventsDocument, {});
    for (const status of ['live', 'upcoming', 'vod'] as const) {
      expect(home?.[status].length, status).toBeGreaterThan(0);
      expect(new Set(home?.[status].map((e) => e?.stream_status)), status).toEqual(new Set([status]));
    }
    const group = { alias: 'northfield-university' };
    const { participants } = await ok(ParticipantsDocument, { noLimit: 1 });
    const groupId = (await ok(StartupDocument, {}, asFan())).groups?.data.find((g) => g?.alias === group.alias)?.id;
    const inGroup = new Set(participants?.data.filter((p) => p?.group_id === groupId).map((p) => p?.id));
    const filtered = await ok(HomeEventsDocument, { group: group.alias });
    const events = [...(filtered.home?.live ?? []), ...(filtered.home?.upcoming ?? []), ...(filtered.home?.vod ?? [])];
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) expect(event?.participants.some((p) => inGroup.has(p?.id))).toBe(true);
  });

  it('EventsList filters and pages; EventDetail answers one event with its venue', async () => {
    const { events } = await ok(EventsListDocument, { streamStatus: 'upcoming', limit: 3, sortField: 'event_utc_ts', sortDirection: 'asc' });
    expect(events?.meta).toMatchObject({ limit: 3, offset: 0 });
    expect(events?.data).toHaveLength(3);
    const times = events?.data.map((e) => e?.event_utc_ts ?? 0) ?? [];
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(events?.data.map((e) => e?.stream_status))).toEqual(new Set(['upcoming']));

    const women = await ok(EventsListDocument, { gender: 'female', sport: 'hockey' });
    expect(women.events?.data.length).toBeGreaterThan(0);
    for (const event of women.events?.data ?? []) {
      expect(event?.participants.some((p) => (p?.properties as Record<string, string[]>)['gender']?.includes('female'))).toBe(true);
    }

    const first = events?.data[0];
    const { event } = await ok(EventDetailDocument, { id: first?.id ?? 0 });
    expect(event).toMatchObject({ id: first?.id, name: first?.name, stream_status: 'upcoming' });
    expect(event?.location?.city).toBeTruthy();
  });

  it('EventFilters and Participants answer the filter values and the teams', async () => {
    const { properties, locations } = await ok(EventFiltersDocument, {});
    expect(properties?.data.find((p) => p?.name === 'gender')?.values).toEqual(expect.arrayContaining(['male', 'female']));
    expect(locations?.data.length).toBeGreaterThan(0);
    expect(locations?.data[0]).toMatchObject({ city: expect.any(String), state: expect.any(String) });

    const { participants } = await ok(ParticipantsDocument, { search: 'Lakers', limit: 50 });
    expect(participants?.data.length).toBeGreaterThan(0);
    for (const team of participants?.data ?? []) expect(team?.name).toContain('Lakers');
  });
});

// ------------------------------------------------------------------ vod.graphql

describe('vod.graphql', () => {
  it('VodLibrary, VodMediaList and VodItem answer the library', async () => {
    const { rails, categories } = await ok(VodLibraryDocument, {});
    expect(rails?.data.length).toBeGreaterThan(0);
    expect(rails?.data[0]?.vod_media_items.length).toBeGreaterThan(0);
    expect(categories?.data.map((c) => c?.alias)).toContain('highlights');

    const { vod } = await ok(VodMediaListDocument, { limit: 2 });
    expect(vod?.data).toHaveLength(2);
    expect(vod?.meta.total).toBeGreaterThan(2);

    const { item } = await ok(VodItemDocument, { id: vod?.data[0]?.id ?? 0 });
    expect(item).toMatchObject({ id: vod?.data[0]?.id, title: vod?.data[0]?.title });
    expect(item?.assets.length).toBeGreaterThan(0);
  });

  it('VodSearch sends SPEC.md §5’s defaults (limit 10, offset 0, sort_field date)', async () => {
    const { vod } = await ok(VodMediaListDocument, { limit: 1 });
    const word = vod?.data[0]?.title.split(' ')[0] ?? '';
    const { results, rest } = await ok(VodSearchDocument, { title: word });
    expect(results?.meta).toMatchObject({ limit: 10, offset: 0 });
    expect(results?.data.length).toBeGreaterThan(0);
    for (const found of results?.data ?? []) expect(found?.title.toLowerCase()).toContain(word.toLowerCase());
    expect(rest[0]?.queryKeys).toEqual(['api_key', 'limit', 'offset', 'sort_field', 'title']);
  });
});

// ------------------------------------------------------------------ media.graphql

describe('media.graphql', () => {
  it('WatchEvent answers the event and its grant in one request; a refused grant leaves the event', async () => {
    const { events } = await ok(EventsListDocument, { streamStatus: 'live', limit: 50 });
    const free = events?.data.find((e) => e?.type === 'free');
    const watched = await ok(WatchEventDocument, { id: free?.id ?? 0 });
    expect(watched.event?.id).toBe(free?.id);
    expect(watched.playback).toMatchObject({ stream_type: 'live', url: expect.stringContaining('/media/') });
    expect(watched.rest.map((r) => r.operationId).sort()).toEqual(['getEvent', 'getEventPlayback']);
    expect(watched.playback?.expires_at).toBeGreaterThan(api.clock.now());
    const playlist = await media(watched.playback?.url ?? '');
    expect(playlist.status).toBe(200);
    expect(playlist.text).toContain('#EXTM3U');

    const upcoming = (await ok(EventsListDocument, { streamStatus: 'upcoming', limit: 50 })).events?.data.find((e) => e?.type === 'free');
    expect(failure(await send(WatchEventDocument, { id: upcoming?.id ?? 0 }, asFan()))).toMatchObject({ status: 409, fields: ['stream_status'] });

    const paid = events?.data.find((e) => e?.type === 'paid' && !e.has_access);
    const refused = await send(WatchEventDocument, { id: paid?.id ?? 0 });
    expect(failure(refused)).toMatchObject({ status: 401 });
    expect((refused.data as { event: { id: number } | null } | null)?.event?.id).toBe(paid?.id);
  });

  it('WatchVod answers the item and its grant for the fan', async () => {
    const { vod } = await ok(VodMediaListDocument, { limit: 50 });
    const item = vod?.data.find((v) => v?.event_id === null);
    const watched = await ok(WatchVodDocument, { id: item?.id ?? 0 }, asFan());
    expect(watched.item?.title).toBe(item?.title);
    expect(watched.playback).toMatchObject({ stream_type: 'vod', url: expect.stringContaining('/media/') });
  });

  it('EventDownload answers a signed link for the fan and counts it', async () => {
    const { events } = await ok(EventsListDocument, { streamStatus: 'vod', limit: 50 }, asFan());
    const finished = events?.data.find((e) => e?.has_access);
    const before = (await ok(ProfileDocument, {}, asFan())).profile?.featureCount.downloads ?? 0;
    const { download } = await ok(EventDownloadDocument, { id: finished?.id ?? 0 }, asFan());
    expect(download).toMatchObject({ content_type: 'video/mp2t', featureCount: { downloads: before + 1 } });
    expect(download?.url).toContain('/media/');
  });
});

// ------------------------------------------------------------------ clips.graphql

describe('clips.graphql', () => {
  it('CreateClip queues a clip with the DEFAULT tag; it is processed, listed, shared, downloaded and deleted', async () => {
    const { events } = await ok(EventsListDocument, { streamStatus: 'vod', limit: 50 }, asFan());
    const finished = events?.data.find((e) => e?.type === 'free');
    const eventId = finished?.id ?? 0;
    const { clip } = await ok(CreateClipDocument, { eventId, name: 'Overtime winner', startTime: 30, duration: 15 }, asFan());
    expect(clip).toMatchObject({ event_id: eventId, name: 'Overtime winner', tags: ['DEFAULT'], status: 'queued', share_url: null });

    api.clock.advance(3);
    api.runJobs();
    const { clips } = await ok(EventClipsDocument, { eventId }, asFan());
    const processed = clips?.data.find((c) => c?.id === clip?.id);
    expect(processed).toMatchObject({ status: 'processed', share_url: `${api.origin}/share/${eventId}/${clip?.uuid}` });

    const mine = await ok(UserClipsDocument, { status: 'processed' }, asFan());
    expect(mine.clips?.data.map((c) => c?.id)).toContain(clip?.id);
    const withClips = await ok(EventsWithClipsDocument, {}, asFan());
    expect(withClips.events?.data.map((e) => e?.id)).toContain(eventId);

    const shared = await ok(SharedClipDocument, { uuid: clip?.uuid ?? '' }, { key });
    expect(shared.clip).toMatchObject({ id: clip?.id, status: 'processed', playlist_url: expect.stringContaining(clip?.uuid ?? '') });

    const { download } = await ok(ClipDownloadDocument, { id: clip?.id ?? 0 }, asFan());
    expect(download?.url).toContain('/media/');

    expect((await ok(DeleteClipDocument, { id: clip?.id ?? 0 }, asFan())).deleteClip?.message).toBeTruthy();
    const after = await ok(UserClipsDocument, {}, asFan());
    expect(after.clips?.data.map((c) => c?.id)).not.toContain(clip?.id);
  });

  it('CreateClip past the end of what was broadcast fails with the SPEC.md §5 message', async () => {
    const { events } = await ok(EventsListDocument, { streamStatus: 'live', limit: 50 }, asFan());
    const live = events?.data.find((e) => e?.type === 'free');
    const sinceStart = api.clock.now() - (live?.event_utc_ts ?? 0);
    const answer = await send(CreateClipDocument, { eventId: live?.id ?? 0, name: 'Too long', startTime: sinceStart - 5, duration: 60, tags: ['goal'] }, asFan());
    const { status, fields } = failure(answer);
    expect(status).toBe(422);
    expect(fields).toEqual(['duration']);
    expect(answer.errors[0]?.extensions?.response?.body.error?.errors['duration']).toEqual(['Your clip duration is longer than the end time']);
  });
});

// ------------------------------------------------------------------ favorites.graphql

describe('favorites.graphql', () => {
  it('AddFavorite, Favorites, FavoriteEvents and RemoveFavorite', async () => {
    const { token } = await register('favorites');
    const viewer = { key, token };
    const { participants } = await ok(ParticipantsDocument, { search: 'Lakers', limit: 1 });
    const team = participants?.data[0];

    const { favorite } = await ok(AddFavoriteDocument, { id: team?.id ?? 0, type: 'participant' }, viewer);
    expect(favorite).toMatchObject({ favoritable_id: team?.id, favoritable_type: 'participant', name: team?.name });
    const { favorites } = await ok(FavoritesDocument, {}, viewer);
    expect(favorites?.data.map((f) => f?.id)).toEqual([favorite?.id]);

    const { events } = await ok(FavoriteEventsDocument, { limit: 20 }, viewer);
    expect(events?.data.length).toBeGreaterThan(0);
    for (const event of events?.data ?? []) expect(event?.participants.map((p) => p?.id)).toContain(team?.id);

    expect((await ok(RemoveFavoriteDocument, { id: favorite?.id ?? 0 }, viewer)).removeFavorite?.message).toBeTruthy();
    expect((await ok(FavoritesDocument, {}, viewer)).favorites?.data).toEqual([]);
  });
});

// ------------------------------------------------------------------ watch-progress.graphql

describe('watch-progress.graphql', () => {
  it('SaveWatchProgress, WatchProgress, ResumePositions and RemoveWatchProgress: the viewer’s continue-watching row', async () => {
    const { token } = await register('progress');
    const viewer = { key, token };
    const { vod } = await ok(VodMediaListDocument, { limit: 1 });
    const item = vod?.data[0];
    const { saved } = await ok(SaveWatchProgressDocument, { type: 'vod_item', id: item?.id ?? 0, position: 61.5, duration: 240 }, viewer);
    expect(saved).toEqual({ item_type: 'vod_item', item_id: item?.id, finished: false });
    const { progress } = await ok(WatchProgressDocument, {}, viewer);
    expect(progress?.data).toEqual([
      expect.objectContaining({ item_type: 'vod_item', item_id: item?.id, position: 61.5, duration: 240, title: item?.title, link: `/vod_library/${item?.id}` }),
    ]);
    expect((await ok(ResumePositionsDocument, {}, viewer)).progress?.data).toEqual([{ item_type: 'vod_item', item_id: item?.id, position: 61.5 }]);
    expect((await ok(RemoveWatchProgressDocument, { type: 'vod_item', id: item?.id ?? 0 }, viewer)).removeWatchProgress?.message).toBeTruthy();
    expect((await ok(WatchProgressDocument, {}, viewer)).progress?.data).toEqual([]);
  });
});

// ------------------------------------------------------------------ payments.graphql

describe('payments.graphql', () => {
  it('Packages, Package and SubscriptionPlan answer the offers', async () => {
    const { packages, subscriptions } = await ok(PackagesDocument, {});
    expect(packages?.data.length).toBeGreaterThan(0);
    expect(new Set(packages?.data.map((p) => p?.type))).toEqual(new Set(['free', 'register', 'paid', 'ppv']));
    expect(subscriptions?.data.map((s) => s?.period).sort()).toEqual(['annual', 'monthly']);

    const teamPass = packages?.data.find((p) => p?.is_team_pass);
    const one = await ok(PackageDocument, { id: teamPass?.id ?? 0 });
    expect(one.package).toMatchObject({ id: teamPass?.id, is_team_pass: true, is_purchased: false });
    expect(one.package?.participants.length).toBeGreaterThan(0);

    const monthly = subscriptions?.data.find((s) => s?.period === 'monthly');
    const plan = await ok(SubscriptionPlanDocument, { id: monthly?.id ?? 0 }, asFan());
    expect(plan.subscription).toMatchObject({ id: monthly?.id, trial_period: 7 });
  });

  it('EventPurchase, ApplyCoupon, Buy → ConfirmPayment → OrderStatus (processing, then paid), Orders, Transactions', async () => {
    const { token } = await register('buyer');
    const viewer = { key, token };
    const { events } = await ok(EventsListDocument, { streamStatus: 'upcoming', limit: 50 }, viewer);
    const paid = events?.data.find((e) => e?.type === 'paid' && !e.has_access);
    const eventId = paid?.id ?? 0;
    const singleEventPackageId = paid?.single_event_package_id ?? 0;

    const lookup = await ok(EventPurchaseDocument, { eventId, singleEventPackageId }, viewer);
    expect(lookup.event?.id).toBe(eventId);
    expect(lookup.package).toMatchObject({ id: singleEventPackageId, event_id: eventId, price: (paid?.base_price ?? 0) + (paid?.service_fee ?? 0) });

    const { coupon } = await ok(ApplyCouponDocument, { code: 'WELCOME10', type: 'event', id: eventId }, viewer);
    expect(coupon).toMatchObject({ code: 'WELCOME10', discount_type: 'percent', discount: 10 });
    expect(coupon?.amount).toBe((coupon?.price ?? 0) - (coupon?.discount_amount ?? 0));
    const wrong = failure(await send(ApplyCouponDocument, { code: 'NOSUCHCODE', type: 'event', id: eventId }, viewer));
    expect(wrong).toMatchObject({ status: 422, fields: ['code'] });

    const { purchase } = await ok(BuyDocument, { type: 'event', id: eventId, singleEventPackageId }, viewer);
    expect(purchase).toMatchObject({ provider: 'reference', client_secret: expect.stringMatching(/^pi_/) });
    const orderId = purchase?.order.id ?? 0;

    const confirmed = await ok(ConfirmPaymentDocument, { clientSecret: purchase?.client_secret ?? '', card: VISA }, viewer);
    expect(confirmed.order).toMatchObject({ id: orderId, status: 'processing' });
    expect((await ok(OrderStatusDocument, { id: orderId }, viewer)).order?.status).toBe('processing');
    api.clock.advance(3);
    api.runJobs();
    const settled = await ok(OrderStatusDocument, { id: orderId }, viewer);
    expect(settled.order).toMatchObject({ id: orderId, status: 'paid', activity_status: 'active', type: 'event', product: { id: eventId } });

    const { orders } = await ok(OrdersDocument, { activityStatus: 'active' }, viewer);
    expect(orders?.data.map((o) => o?.id)).toEqual([orderId]);
    const { transactions } = await ok(TransactionsDocument, { status: 'paid' }, viewer);
    expect(transactions?.data[0]).toMatchObject({ order_id: orderId, status: 'paid', card_brand: 'visa', card_last4: '4242' });
    expect((await ok(UserAccessDocument, {}, viewer)).access?.events).toContain(eventId);
  });

  it('CreateSetupIntent → ConfirmSetupIntent saves a card (Cards); StartTrial, CancelAutoRenewal, CustomerPortal', async () => {
    const { token } = await register('trial');
    const viewer = { key, token };
    const { setupIntent } = await ok(CreateSetupIntentDocument, {}, viewer);
    expect(setupIntent).toMatchObject({ provider: 'reference', client_secret: expect.stringMatching(/^seti_/) });
    const { card } = await ok(ConfirmSetupIntentDocument, { clientSecret: setupIntent?.client_secret ?? '', card: VISA }, viewer);
    expect(card).toMatchObject({ brand: 'visa', last4: '4242', is_default: true });
    expect((await ok(CardsDocument, {}, viewer)).cards?.data.map((c) => c?.id)).toEqual([card?.id]);

    const monthly = (await ok(PackagesDocument, {})).subscriptions?.data.find((s) => s?.period === 'monthly');
    const trial = await ok(StartTrialDocument, { subscriptionId: monthly?.id ?? 0, paymentMethodId: card?.id ?? '' }, viewer);
    expect(trial.subscription).toMatchObject({ id: monthly?.id, status: 'active', auto_renew: true, is_purchased: true });
    expect(trial.subscription?.trial_ends_at).toBe(api.clock.now() + 7 * 86_400);

    const cancelled = await ok(CancelAutoRenewalDocument, { subscriptionId: monthly?.id ?? 0 }, viewer);
    expect(cancelled.subscription).toMatchObject({ status: 'canceled', auto_renew: false });

    const { portal } = await ok(CustomerPortalDocument, {}, viewer);
    expect(portal?.url).toBe(`${api.origin}/profile`);
  });
});

// ------------------------------------------------------------------ analytics.graphql

describe('analytics.graphql', () => {
  it('AnalyticsHash, StartAnalyticsSession and every tracking mutation are acknowledged and kept as sent', async () => {
    const profile = profileOf(api, 'summit');
    const originUrl = 'https://summit.example/upcoming';
    const analytics = { key: null };
    const { analytics: hash } = await ok(AnalyticsHashDocument, { profile, originUrl }, analytics);
    const session = hash?.hash ?? '';
    expect(session).toMatch(/^[0-9a-f-]{36}$/);

    const started = await ok(
      StartAnalyticsSessionDocument,
      { profile, session, deviceType: 'desktop', userAgent: encodeURIComponent('Mozilla/5.0 (X11; Linux x86_64)'), resolution: '1920x1080', originUrl },
      analytics,
    );
    expect(started.ack).toEqual({ ok: true, received_at: api.clock.now() });

    const track = { profile, sessionUuid: session, originUrl };
    const acks = [
      await ok(TrackPageViewDocument, { ...track, title: 'Schedule', location: originUrl, path: '/upcoming', outerSource: 'newsletter' }, analytics),
      await ok(TrackLoginDocument, { ...track, userId: 7, userEmail: 'fan@summit.test' }, analytics),
      await ok(
        TrackApiRequestDocument,
        { ...track, subEvent: 'getEvents', requestUrl: 'https://summit.example/api/events', status: 200, responseLength: 120, totalLength: 480 },
        analytics,
      ),
    ];
    for (const { ack } of acks) expect(ack?.ok).toBe(true);

    const view = randomUUID();
    const video = await ok(TrackVideoEventDocument, { ...track, videoViewUuid: view, streamId: 12, streamType: 'live', position: 0 }, analytics);
    expect(video.ack?.ok).toBe(true);
    const viewing = await ok(
      TrackVideoViewingDocument,
      { profile, videoViewUuid: view, streamId: 12, streamType: 'live', viewingTime: 30, sport: 'Hockey', gender: 'female', originUrl },
      analytics,
    );
    expect(viewing.ack?.ok).toBe(true);

    // What the service kept: the page view is anonymous (user_id and user_email sent as null), the API request a
    // success (error null), the video event the default first_frame.
    const kept = await readAnalytics<{ data: Array<Record<string, unknown>> }>(api, '/datalake/events/', { profile, session_uuid: session });
    expect(kept.body.data.map((e) => e['event'])).toEqual(['visit_page', 'login', 'api_request']);
    expect(kept.body.data[0]).toMatchObject({ user_id: null, user_email: null, title: 'Schedule', path: '/upcoming', outer_source: 'newsletter' });
    expect(kept.body.data[2]).toMatchObject({ sub_event: 'getEvents', error: null, status: 200 });
    const events = await readAnalytics<{ data: Array<Record<string, unknown>> }>(api, '/datalake/video/events/', { profile, video_view_uuid: view });
    expect(events.body.data[0]).toMatchObject({ event: 'first_frame', user_id: null });
  });
});

// ------------------------------------------------------------------ across the files

describe('every operation', () => {
  const contract = loadContract();

  it('sent each REST call with the key where SPEC.md §7 puts it: the query for GET and DELETE, the body otherwise, none when exempt', () => {
    const kinds = new Set<string>();
    for (const call of restCalls) {
      const op = contract.operations.find((o) => o.operationId === call.operationId);
      expect(op, call.operationId).toBeDefined();
      const expected = op?.apiKeyExempt ? 'none' : call.method === 'GET' || call.method === 'DELETE' ? 'query' : 'body';
      expect(call.apiKeyIn, `${call.graphql} → ${call.method} ${call.path}`).toBe(expected);
      kinds.add(`${call.method} ${expected}`);
    }
    expect([...kinds].sort()).toEqual(['DELETE query', 'GET none', 'GET query', 'POST body', 'POST none', 'PUT body']);
  });

  it('includes each operation of the app’s files', () => {
    const files = readdirSync(OPERATIONS_DIR).filter((f) => f.endsWith('.graphql') && !CLIENT_FILES.includes(f));
    const declared = files.flatMap((file) =>
      parse(readFileSync(new URL(file, OPERATIONS_DIR), 'utf8')).definitions.flatMap((d) =>
        d.kind === Kind.OPERATION_DEFINITION && d.name ? [d.name.value] : [],
      ),
    );
    expect(declared.length).toBeGreaterThan(60);
    expect(declared.filter((name) => !sent.has(name))).toEqual([]);
  });
});
