/**
 * The rest of the app's flows, each with its real effects from its own module beside this one (navigation.ts,
 * account-form.ts, clips.ts, language.ts, analytics.ts, player.ts, payment.ts, favourites.ts, reads.ts); this module
 * assembles them and starts the app-wide ones in the app's actor system (system.ts). It loads with the app's chunk,
 * after the startup requests have gone out.
 *
 * Screens start their flows from this logic (`Flow.Scope`, src/app/flow.tsx); tests pass logic of their own through
 * the same provider (`AppLogicProvider`), built from this one with `.provide()`.
 */
import type { i18n } from 'i18next';
import { createActor, type Actor, type AnyActorRef } from 'xstate';
import type { accountFormMachine } from '../../../machines/account-form/account-form.machine';
import type { analyticsSessionMachine } from '../../../machines/analytics-session/analytics-session.machine';
import type { autoRenewalMachine } from '../../../machines/auto-renewal/auto-renewal.machine';
import type { clipCreationMachine } from '../../../machines/clip-creation/clip-creation.machine';
import type { clipListMachine } from '../../../machines/clip-list/clip-list.machine';
import type { downloadMachine } from '../../../machines/download/download.machine';
import type { favouritesMachine } from '../../../machines/favourites/favourites.machine';
import type { freeTrialMachine } from '../../../machines/free-trial/free-trial.machine';
import type { languageMachine } from '../../../machines/language/language.machine';
import type { Language } from '../../../machines/language/languages';
import type { navigationMachine } from '../../../machines/navigation/navigation.machine';
import type { paymentMachine } from '../../../machines/payment/payment.machine';
import type { playerMachine } from '../../../machines/player/player.machine';
import { popupQueueMachine } from '../../../machines/popup-queue/popup-queue.machine';
import type { Read } from '../../../machines/resource/read';
import type { resourceMachine } from '../../../machines/resource/resource.machine';
import { toastMachine } from '../../../machines/toast/toast.machine';
import { createStorageKeyStore } from '../../adapters/key-store';
import { provideAccountForm } from './account-form';
import { provideAnalytics } from './analytics';
import { provideClipCreation, provideClipList, provideDownload } from './clips';
import type { CoreActors } from './core-logic';
import { provideFavourites } from './favourites';
import { provideLanguage } from './language';
import type { LiveInspection } from './live-shared';
import { navigationInput, provideNavigation } from './navigation';
import { provideAutoRenewal, provideFreeTrial, providePayment } from './payment';
import { providePlayer } from './player';
import { provideReads } from './reads';
import { socialLoginUrl } from './social-link';
import type { AppSystem } from './system';

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
  /** Cutting a clip from the event being watched; its clip child follows it (share, download, delete). */
  clipCreation: typeof clipCreationMachine;
  /** The viewer's clips on the profile, one clip actor per row. */
  clipList: typeof clipListMachine;
  /** Downloading a finished game's recording (the same machine each clip invokes for its own). */
  download: typeof downloadMachine;
  /** The resource machine whose `load` is this read (one machine per read definition, built once). */
  read(definition: Read<never, unknown>): typeof resourceMachine;
}

/** Builds every flow's logic of the app's chunk, once. */
function provideAppLogic(core: CoreActors, i18n: () => i18n | null): AppLogic {
  return {
    toasts: toastMachine,
    popups: popupQueueMachine,
    favourites: provideFavourites(core),
    analytics: provideAnalytics(core),
    player: providePlayer(core),
    language: provideLanguage(core, i18n),
    navigation: provideNavigation(core),
    accountForm: provideAccountForm(core),
    clipCreation: provideClipCreation(core),
    clipList: provideClipList(core),
    download: provideDownload(core),
    payment: providePayment(core),
    freeTrial: provideFreeTrial(core),
    autoRenewal: provideAutoRenewal(core),
    read: provideReads(core),
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
  /** Hands the language flow the i18next instance the app renders with, once it is created. */
  useI18n(instance: i18n): void;
  /**
   * Where the browser goes to sign in with a social provider: the API's consent page, with the API key as its
   * `state` (SPEC §7) and this browser's sign-in nonce (social-nonce.ts), without which the code it comes back with
   * is not traded; null while there is no key yet.
   */
  socialLoginUrl(provider: 'google' | 'facebook'): string | null;
}

/**
 * Starts the app-wide actors of the app's chunk in the app's actor system, under their system ids, so that the
 * flows' messages reach them. `logic` replaces some flows' logic (tests), through the same path as the real one.
 */
export function startApp(
  core: CoreActors,
  options: { language?: Language; i18n?: i18n; logic?: (logic: AppLogic) => Partial<AppLogic>; live?: LiveInspection } = {},
): AppActors {
  let instance = options.i18n ?? null;
  const provided = provideAppLogic(core, () => instance);
  const logic: AppLogic = { ...provided, ...options.logic?.(provided) };
  const live = options.live ?? null;
  // The studio's live view records the core actors from here on, and every actor of the system from its creation.
  for (const actor of [core.appLoad, core.session, core.reloadScreen, core.globalError]) live?.observe(actor);
  const start = <K extends keyof AppSystem>(systemId: K, actor: (options: { parent: AnyActorRef; systemId: K }) => AppSystem[K]): AppSystem[K] => {
    const started = actor({ parent: core.system, systemId });
    live?.observe(started);
    started.start();
    return started;
  };
  const toasts = start('toasts', (o) => createActor(logic.toasts, o));
  const popups = start('popups', (o) => createActor(logic.popups, o));
  const favourites = start('favourites', (o) => createActor(logic.favourites, o));
  const language = start('language', (o) => createActor(logic.language, { ...o, input: { language: options.language ?? 'en' } }));
  const navigation = start('navigation', (o) => createActor(logic.navigation, { ...o, input: navigationInput(core) }));
  const analytics = start('analytics', (o) => createActor(logic.analytics, o));
  // The session may have logged the viewer in before this chunk loaded (a kept token): favourites hears of it now.
  if (core.session.getSnapshot().hasTag('loggedIn')) favourites.send({ type: 'session.loggedIn' });
  const keyStore = createStorageKeyStore(core.storage);
  const apiBase = (core.platform.apiBase ?? new URL('/api', core.platform.endpoint).href).replace(/\/+$/, '');
  return {
    ...core,
    socialLoginUrl: (provider) => socialLoginUrl(apiBase, provider, keyStore.getApiKey(), core.storage),
    useI18n: (next) => {
      instance = next;
    },
    toasts,
    popups,
    favourites,
    language,
    navigation,
    analytics,
    logic,
    live,
    stop() {
      for (const actor of [analytics, favourites, language, navigation, toasts, popups]) core.system.send({ type: 'actor.stop', actor });
      core.stop();
      live?.close();
    },
  };
}
