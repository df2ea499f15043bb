/**
 * The rest of the app's flows with their real effects, supplied here once (the core flows' are in core-logic.ts):
 * toasts and popups, favourites, the analytics session, the player with its preroll child and the browser's media
 * element, and every read the viewer waits for. This module loads with the app's chunk, after the startup requests
 * have gone out.
 *
 * Screens start their flows from this logic (`Flow.Scope`, src/app/flow.tsx); tests pass logic of their own through
 * the same provider (`AppLogicProvider`), built from this one with `.provide()`.
 */
import { createActor, fromCallback, fromPromise, type Actor, type AnyActorRef } from 'xstate';
import { createAnalyticsSessionActors, createReporter, type AnalyticsEnvironment } from '../../../machines/analytics-session/analytics-session.actors';
import { analyticsSessionMachine } from '../../../machines/analytics-session/analytics-session.machine';
import { whenViewerKnown } from './viewer-known';
import type { AnalyticsSession } from '../../../machines/analytics-session/analytics-session.types';
import { createFavouritesActors } from '../../../machines/favourites/favourites.actors';
import { favouritesMachine } from '../../../machines/favourites/favourites.machine';
import { type LanguagePreferences, languageMachine } from '../../../machines/language/language.machine';
import { accountFormMachine } from '../../../machines/account-form/account-form.machine';
import { createAccountFormActors } from '../../../machines/account-form/account-form.actors';
import { createClipCreationActors } from '../../../machines/clip-creation/clip-creation.actors';
import { clipCreationMachine } from '../../../machines/clip-creation/clip-creation.machine';
import type { DeletionAnswer, DeletionQuestion } from '../../../machines/clip-creation/clip-creation.types';
import { createEventDownloadActors } from '../../../machines/event-download/event-download.actors';
import { eventDownloadMachine } from '../../../machines/event-download/event-download.machine';
import type { AccountRequestKind } from '../../../machines/account-form/account-form.types';
import { navigationMachine, type PageRecord } from '../../../machines/navigation/navigation.machine';
import { afterCustomFormChange } from '../../../machines/navigation/navigation-rules';
import type { Language } from '../../../machines/language/languages';
import { createAutoRenewalActors } from '../../../machines/auto-renewal/auto-renewal.actors';
import { autoRenewalMachine } from '../../../machines/auto-renewal/auto-renewal.machine';
import { createFreeTrialActors } from '../../../machines/free-trial/free-trial.actors';
import { freeTrialMachine } from '../../../machines/free-trial/free-trial.machine';
import { createPaymentActors } from '../../../machines/payment/payment.actors';
import { paymentMachine } from '../../../machines/payment/payment.machine';
import { createPlayerActors } from '../../../machines/player/player.actors';
import { playerMachine } from '../../../machines/player/player.machine';
import type { FirstFrameParams } from '../../../machines/player/player.types';
import { popupQueueMachine } from '../../../machines/popup-queue/popup-queue.machine';
import type { Read } from '../../../machines/resource/read';
import { resourceMachine } from '../../../machines/resource/resource.machine';
import { toastMachine } from '../../../machines/toast/toast.machine';
import { navigate } from 'wouter/use-browser-location';
import { createHlsStream } from '../../adapters/hls-player';
import { confirmWithStripe } from '../../adapters/stripe-card';
import { createStorageKeyStore } from '../../adapters/key-store';
import { saveLink } from '../../adapters/save-file';
import { isLocalhost, pushCheckoutEvent, pushViewItemList } from '../../adapters/tag-manager';
import { switchLanguage } from '../../i18n/i18n';
import { outerSource } from '../outer-source';
import type { CoreActors } from './core-logic';
import type { LiveInspection } from './live-inspection';
import { socialLoginUrl } from './social-link';
import { viewingClassification } from './viewing';

/** Every flow the app's chunk starts, or that a screen starts, with its real effects. */
export interface AppLogic {
  toasts: typeof toastMachine;
  popups: typeof popupQueueMachine;
  favourites: typeof favouritesMachine;
  analytics: typeof analyticsSessionMachine;
  player: typeof playerMachine;
  payment: typeof paymentMachine;
  /** A plan's free trial, started with a card that is charged when the free days end. */
  freeTrial: typeof freeTrialMachine;
  /** A subscription's auto-renewal, and cancelling it. */
  autoRenewal: typeof autoRenewalMachine;
  language: typeof languageMachine;
  navigation: typeof navigationMachine;
  /** An account form or a followed mailed link (verification, password reset, profile edit, deletion, passes form). */
  accountForm: typeof accountFormMachine;
  /** Cutting a clip from the event being watched, then sharing, downloading or deleting it. */
  clipCreation: typeof clipCreationMachine;
  /** Downloading a finished game's recording. */
  eventDownload: typeof eventDownloadMachine;
  /** The resource machine whose `load` is this read (one machine per read definition, built once). */
  read(definition: Read<never, unknown>): typeof resourceMachine;
}

const STORED_ANALYTICS_SESSION = 'analytics_session';
/** The previous page, kept across a sign-in that leaves the app (the social provider) and comes back. */
const STORED_PREVIOUS_PAGE = 'previous_page';
const PREVIOUS_PAGE_LIFETIME_MS = 30 * 60_000;

function parsePageRecord(text: string | null): PageRecord | null {
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as Partial<PageRecord> | null;
    if (typeof value?.url !== 'string' || typeof value.path !== 'string' || typeof value.query !== 'string') return null;
    // Only a page of this app: a stored value is never a way to send the viewer elsewhere.
    if (!value.path.startsWith('/') || value.path.startsWith('//')) return null;
    return { url: value.url, path: value.path, query: value.query, params: {} };
  } catch {
    return null;
  }
}

/** The pages of the visit: the router's history, and the previous page kept in storage for a sign-in that leaves. */
function provideNavigation(core: CoreActors): typeof navigationMachine {
  const { storage } = core;
  return navigationMachine.provide({
    actions: {
      goBack: () => window.history.back(),
      navigate: (_, href) => navigate(href, { replace: true }),
      keepPrevious: (_, page) => {
        if (page) storage.set(STORED_PREVIOUS_PAGE, JSON.stringify(page), PREVIOUS_PAGE_LIFETIME_MS);
        else storage.remove(STORED_PREVIOUS_PAGE);
      },
    },
  });
}

/**
 * Account forms: what a request changed reaches the session. A saved profile is the session's new profile (a new
 * password ends a temporary one); a verification, a reset, a deletion or a passes form changes what the session
 * loads, so it loads again (a deleted account's session is then refused, and the viewer is signed out).
 */
const CHANGES_THE_SESSION: ReadonlySet<AccountRequestKind> = new Set(['verifyEmail', 'passwordReset', 'confirmAccountDeletion', 'profileUpdate', 'passesForm']);

/** The stream analytics names: a clip by its own id (a shared one's route id is its event's), else the source. */
function analyticsStream({ source, details, grant }: FirstFrameParams): { streamId: number; streamType: 'live' | 'vod' | 'clip' } {
  if (details?.kind === 'clip') return { streamId: details.clip.id, streamType: 'clip' };
  return { streamId: source.id, streamType: source.kind === 'clip' || source.kind === 'sharedClip' ? 'clip' : grant.streamType };
}

/**
 * Clips: the browser's share sheet where there is one, else the link is copied and a toast says so; a download is
 * handed to the browser as a link to save; a deletion is confirmed in the popup queue first.
 */
function provideClipCreation(core: CoreActors): typeof clipCreationMachine {
  return clipCreationMachine.provide({
    actors: {
      ...createClipCreationActors({ client: core.client }),
      confirmDeletion: fromCallback<DeletionAnswer, DeletionQuestion>(({ input, sendBack }) =>
        core.links.askPopup({ kind: 'confirmClipDeletion', id: `clip-deletion-${input.clipId}`, data: { name: input.name } }, (confirmed) =>
          sendBack({ type: confirmed ? 'deletion.confirmed' : 'deletion.cancelled' }),
        ),
      ),
    },
    actions: {
      shareClip: (_, url) => {
        if (typeof navigator.share === 'function') {
          // Closing the share sheet rejects: nothing to tell.
          navigator.share({ url }).catch(() => undefined);
          return;
        }
        navigator.clipboard?.writeText(url).then(
          () => core.links.showToast({ text: 'clips.linkCopied', type: 'success' }),
          () => core.links.showToast({ text: 'clips.copyYourself', type: 'info' }),
        );
      },
      saveDownload: (_, download) => saveLink(download.url, download.file_name),
    },
  });
}

function provideAccountForm(core: CoreActors): typeof accountFormMachine {
  const { client, session } = core;
  return accountFormMachine.provide({
    actors: createAccountFormActors({ client }),
    actions: {
      announceDone: (_, { request, result }) => {
        if (result.profile) session.send({ type: 'profile.updated', profile: result.profile });
        else if (CHANGES_THE_SESSION.has(request.kind)) session.send({ type: 'session.refresh' });
        if (request.kind === 'passesForm') {
          const to = afterCustomFormChange(window.location.pathname, request.form.flag);
          if (to) navigate(to, { replace: true });
        }
      },
    },
  });
}
/** Where the viewer's choice of language is kept (the entry reads it too, to start i18n in it). */
export const STORED_LANGUAGE = 'language';

/** The language flow: the stored choice and the browser's languages, and the i18next instance the app renders with. */
function provideLanguage(core: CoreActors): typeof languageMachine {
  const { storage, links } = core;
  return languageMachine.provide({
    actors: {
      readPreferences: fromPromise<LanguagePreferences>(async () => ({
        stored: storage.get(STORED_LANGUAGE),
        browser: globalThis.navigator?.languages ?? [],
      })),
      switchLanguage: fromPromise<void, Language>(async ({ input }) => {
        const instance = links.i18n();
        if (!instance) throw new Error('no i18next instance to switch');
        await switchLanguage(instance, input);
      }),
    },
    actions: { storeChoice: (_, language) => storage.set(STORED_LANGUAGE, language) },
  });
}

function parseAnalyticsSession(text: string): AnalyticsSession | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { hash, data } = value as Partial<AnalyticsSession>;
    return typeof hash === 'string' && typeof data === 'object' && data !== null ? { hash, data } : null;
  } catch {
    return null;
  }
}

/** Analytics (SPEC §5: needs the channel's profile key and is never sent from localhost; §8: failures swallowed). */
function provideAnalytics(core: CoreActors): typeof analyticsSessionMachine {
  const { client, storage, platform, appLoad, session } = core;
  const environment = platform.analyticsEnvironment;
  const deps = {
    client,
    profileKey: () => {
      const key = appLoad.getSnapshot().context.parts.settings?.product_analytics_key ?? null;
      return environment && !isLocalhost(new URL(platform.pageUrl()).hostname) ? key : null;
    },
    environment: (): AnalyticsEnvironment => ({
      ...(environment?.() ?? { originUrl: platform.pageUrl(), deviceType: 'desktop', userAgent: '', resolution: '0x0' }),
      outerSource: outerSource(storage),
    }),
    storage: {
      read: () => {
        const stored = storage.getWithExpiry(STORED_ANALYTICS_SESSION);
        const value = stored ? parseAnalyticsSession(stored.value) : null;
        return stored && value ? { session: value, remainingMs: stored.remainingMs } : null;
      },
      write: (value: AnalyticsSession, lifetimeMs: number) => storage.set(STORED_ANALYTICS_SESSION, JSON.stringify(value), lifetimeMs),
    },
    viewer: () => {
      const profile = session.getSnapshot().context.profile;
      return profile ? { id: profile.id, email: profile.email } : null;
    },
  };
  return analyticsSessionMachine.provide({
    actors: createAnalyticsSessionActors(deps),
    actions: { report: createReporter(deps), pushItemList: (_, list) => pushViewItemList(list) },
  });
}

/**
 * The player: the client for the details and the grant, the preroll rules with the viewer's no_ads flag and local
 * storage, hls.js on the player's `<video>` element, and the analytics session for the first frame and the time
 * watched (each view, from its first frame on, has its own UUID: a replay or a retry is a new view).
 */
function providePlayer(core: CoreActors, analytics: () => Actor<typeof analyticsSessionMachine> | null): typeof playerMachine {
  const { storage, session, appLoad } = core;
  const views = new WeakMap<object, string>();
  return playerMachine
    .provide({
      actors: {
        ...createPlayerActors({
          // The grant the entry asked for already (src/app/early-watch.ts), when it is this viewer's.
          client: core.early.client,
          preroll: {
            // Who watches is known once the session has settled: a kept token restored and its profile (with the
            // capabilities) loaded, or no viewer at all. A watch page may hold its grant before then.
            viewer: () => whenViewerKnown(session),
            storage: {
              read: (key) => {
                const stored = storage.get(key);
                return stored === null || !Number.isFinite(Number(stored)) ? null : Number(stored);
              },
              // Kept until prerolls may play again, then the entry expires by itself.
              write: (key, untilMs) => storage.set(key, String(untilMs), Math.max(untilMs - Date.now(), 0)),
            },
            clock: { now: () => Date.now() },
            random: () => Math.random(),
          },
        }),
        stream: createHlsStream(),
      },
      actions: {
        reportFirstFrame: ({ self }, params) => {
          const viewUuid = crypto.randomUUID();
          views.set(self, viewUuid);
          analytics()?.send({ type: 'video.event', video: { viewUuid, ...analyticsStream(params), event: 'first_frame' } });
        },
        reportViewing: ({ self }, params) => {
          const viewUuid = views.get(self) ?? crypto.randomUUID();
          views.set(self, viewUuid);
          analytics()?.send({
            type: 'video.viewing',
            video: {
              viewUuid,
              ...analyticsStream(params),
              viewingTime: Math.round(params.seconds),
              ...viewingClassification(params.details, appLoad.getSnapshot().context.parts),
            },
          });
        },
      },
    });
}

/** Where the order being paid is kept, so that a reload resumes following it (src/app/facades/payment.ts reads it). */
export const STORED_OPEN_ORDER = 'open_order';
/** An order settles within seconds; one still open after a day was abandoned by the processor. */
const OPEN_ORDER_LIFETIME_MS = 24 * 3600_000;

/**
 * The payment: the reference processor confirms cards, or Stripe.js in the page on a Stripe channel; a
 * failed order is shown in the popup queue; the order being paid is kept in storage until it settles; each step is
 * an ecommerce tag event.
 */
function providePayment(core: CoreActors): typeof paymentMachine {
  const { client, cache, links, storage } = core;
  return paymentMachine.provide({
    actors: createPaymentActors({ client, confirmWithStripe }),
    actions: {
      showPopup: (_, popup) => links.showPopup(popup),
      // What the viewer may watch changed everywhere (has_access on every event card): nothing read before holds.
      announcePurchase: () => cache.clear(),
      rememberOpenOrder: (_, { orderId, purchase }) => {
        if (orderId === null || purchase === null) return;
        storage.set(STORED_OPEN_ORDER, JSON.stringify({ orderId, type: purchase.type, id: purchase.id }), OPEN_ORDER_LIFETIME_MS);
      },
      forgetOpenOrder: () => storage.remove(STORED_OPEN_ORDER),
      reportCheckout: (_, report) => {
        if (report) pushCheckoutEvent(report);
      },
    },
  });
}

/** Builds every flow's logic of the app's chunk, once. */
function provideAppLogic(
  core: CoreActors,
  actors: { analytics: () => Actor<typeof analyticsSessionMachine> | null },
): AppLogic {
  const { client, cache } = core;
  const reads = new WeakMap<Read<never, unknown>, typeof resourceMachine>();
  return {
    toasts: toastMachine,
    popups: popupQueueMachine,
    favourites: favouritesMachine.provide({
      actors: createFavouritesActors({ client }),
      actions: {
        // One popup however many stars a visitor clicks: the queue keeps a popup id at most once.
        askToSignIn: () => core.links.showPopup({ kind: 'signInToFollow', id: 'sign-in-to-follow' }),
        announceFailure: (_, message) => core.links.showToast({ text: message, type: 'error' }),
      },
    }),
    analytics: provideAnalytics(core),
    player: providePlayer(core, actors.analytics),
    language: provideLanguage(core),
    navigation: provideNavigation(core),
    accountForm: provideAccountForm(core),
    clipCreation: provideClipCreation(core),
    eventDownload: eventDownloadMachine.provide({
      actors: createEventDownloadActors({ client }),
      actions: { saveDownload: (_, download) => saveLink(download.url, download.file_name) },
    }),
    payment: providePayment(core),
    freeTrial: freeTrialMachine.provide({ actors: createFreeTrialActors({ client, now: () => Date.now(), confirmWithStripe }) }),
    autoRenewal: autoRenewalMachine.provide({ actors: createAutoRenewalActors({ client }) }),
    read(definition) {
      const known = reads.get(definition);
      if (known) return known;
      const logic = resourceMachine.provide({
        actors: { load: fromPromise<unknown, unknown>(({ input, signal }) => definition.load({ cache, client }, input as never, signal)) },
      });
      reads.set(definition, logic);
      return logic;
    },
  };
}

/** Everything the views use: the core actors, those started with the app's chunk, and the logic screens start from. */
export interface AppActors extends CoreActors {
  toasts: Actor<typeof toastMachine>;
  popups: Actor<typeof popupQueueMachine>;
  analytics: Actor<typeof analyticsSessionMachine>;
  favourites: Actor<typeof favouritesMachine>;
  language: Actor<typeof languageMachine>;
  /** The pages of this visit (navigation rules, the previous page). */
  navigation: Actor<typeof navigationMachine>;
  logic: AppLogic;
  /** The running actors as the statechart studio shows them live; null when the studio is not in the build. */
  live: LiveInspection | null;
  /**
   * Where the browser goes to sign in with a social provider: the API's consent page, with the API key as its
   * `state` (SPEC §7) and this browser's sign-in nonce (social-nonce.ts), without which the code it comes back with
   * is not traded; null while there is no key yet.
   */
  socialLoginUrl(provider: 'google' | 'facebook'): string | null;
}

/**
 * Starts the app-wide actors of the app's chunk and registers them in the links, so the core flows' effects reach
 * them. `logic` replaces some flows' logic (tests), through the same path as the real one.
 */
export function startApp(
  core: CoreActors,
  options: { language?: Language; logic?: (logic: AppLogic) => Partial<AppLogic>; live?: LiveInspection } = {},
): AppActors {
  let analytics: Actor<typeof analyticsSessionMachine> | null = null;
  const provided = provideAppLogic(core, { analytics: () => analytics });
  const logic: AppLogic = { ...provided, ...options.logic?.(provided) };
  const live = options.live ?? null;
  // The studio's live view records the core actors from here on, and the app's from their first state.
  for (const actor of [core.appLoad, core.session, core.reloadScreen, core.globalError]) live?.observe(actor);
  const start = <T extends AnyActorRef>(actor: T): T => {
    live?.observe(actor);
    actor.start();
    return actor;
  };
  const toasts = start(createActor(logic.toasts));
  const popups = start(createActor(logic.popups));
  const favourites = start(createActor(logic.favourites));
  const language = start(createActor(logic.language, { input: { language: options.language ?? 'en' } }));
  const navigation = start(
    createActor(logic.navigation, { input: { previous: parsePageRecord(core.storage.get(STORED_PREVIOUS_PAGE)) } }),
  );
  analytics = start(createActor(logic.analytics));
  const started = analytics;
  core.links.register('toasts', toasts);
  core.links.register('popups', popups);
  core.links.register('favourites', favourites);
  core.links.register('navigation', navigation);
  // The session may have logged the viewer in before this chunk loaded (a kept token): favourites hears of it now.
  if (core.session.getSnapshot().hasTag('loggedIn')) favourites.send({ type: 'session.loggedIn' });
  const keyStore = createStorageKeyStore(core.storage);
  const apiBase = (core.platform.apiBase ?? new URL('/api', core.platform.endpoint).href).replace(/\/+$/, '');
  return {
    ...core,
    socialLoginUrl: (provider) => socialLoginUrl(apiBase, provider, keyStore.getApiKey(), core.storage),
    toasts,
    popups,
    favourites,
    language,
    navigation,
    analytics: started,
    logic,
    live,
    stop() {
      for (const actor of [started, favourites, language, navigation, toasts, popups]) actor.stop();
      core.stop();
      live?.close();
    },
  };
}
