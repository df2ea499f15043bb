/**
 * Every route of SPEC §2, as data: the path pattern (wouter's syntax), the title the header and the document show,
 * and the view, loaded lazily so that each route group is its own chunk outside the initial bundle. Channel pages
 * are added after startup (channelPageRoutes); anything else goes to /404.
 */
import { createElement, lazy, type ComponentType } from 'react';
import type { MessageKey } from '../i18n/locales/en';
import type { ChannelPage } from './facades/channel';
import { NOT_FOUND_PATH } from '../../machines/navigation/navigation.machine';

/**
 * A route's view: lazy until its chunk is in, then rendered directly. `preload()` fetches the chunk ahead (the
 * first page's view, while the startup requests run), so the first render does not suspend: React holds a revealed
 * Suspense boundary back until its fallback has shown for 300 ms, which the viewer would wait through for nothing.
 */
export interface View {
  (): ReturnType<typeof createElement>;
  preload(): Promise<void>;
}

export interface AppRoute {
  path: string;
  /** The page's title; routes of channel pages carry the page's own name instead (see ChannelPageRoute). */
  title: MessageKey;
  view: View;
  /** Route parameters that must be a number (`/select-package/{numeric id}`): anything else is the 404 page. */
  numeric?: readonly string[];
  /** Shown without header and footer (`/watch_embed/{id}`). */
  plain?: boolean;
  /** The channel page (by alias) the route shows: its name, when the channel has one, is the title. */
  pageAlias?: string;
}

/** A view from a module that exports it by name (the modules group a route family into one chunk). */
function view<M, K extends keyof M>(load: () => Promise<M>, name: K): View {
  let loaded: ComponentType | null = null;
  const preload = async () => {
    loaded ??= (await load())[name] as ComponentType;
  };
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded as ComponentType };
  });
  const render = () => createElement(loaded ?? Lazy);
  return Object.assign(render, { preload });
}

const home = () => import('../views/home/HomeView');
const eventsList = () => import('../views/events-list/EventsListView');
const buy = () => import('../views/buy/BuyViews');
const vod = () => import('../views/vod/VodViews');
const watch = () => import('../views/watch/WatchViews');
const share = () => import('../views/share/ShareView');
const auth = () => import('../views/auth/AuthViews');
const profile = () => import('../views/profile/ProfileViews');
const contacts = () => import('../views/contacts/ContactsView');
const faq = () => import('../views/faq/FaqView');
const simulate = () => import('../views/simulate/SimulateView');
const info = () => import('../views/info/InfoViews');

/**
 * The statechart studio, for product owners and QA: in the build unless VITE_STATECHARTS=off, which leaves its
 * routes and its chunk out of the deployment. (`?.`: the Playwright suites read these routes in Node, where Vite has
 * not replaced `import.meta.env`.)
 */
const STUDIO = import.meta.env?.VITE_STATECHARTS !== 'off';
const statecharts = () => import('../views/statecharts/StatechartsView');
const studioRoutes = (): AppRoute[] =>
  STUDIO
    ? [
        { path: '/statecharts', title: 'pages.statecharts', view: view(statecharts, 'StatechartsView') },
        { path: '/statecharts/:machine', title: 'pages.statecharts', view: view(statecharts, 'StatechartView') },
      ]
    : [];

const eventsListView = view(eventsList, 'EventsListView');

/** SPEC §2's not-found page, where the navigation flow sends unknown paths. */
export { NOT_FOUND_PATH };

export const ROUTES: readonly AppRoute[] = [
  { path: '/', title: 'pages.home', view: view(home, 'HomeView') },
  // The events list and its three aliases.
  ...['/upcoming', '/vod', '/live', '/schedule'].map((path): AppRoute => ({ path, title: 'pages.schedule', view: eventsListView })),
  { path: '/packages', title: 'pages.packages', view: view(buy, 'PackagesView') },
  { path: '/buy', title: 'pages.buy', view: view(buy, 'BuyView') },
  { path: '/select-package/:id', title: 'pages.selectPackage', view: view(buy, 'SelectPackageView'), numeric: ['id'] },
  { path: '/vod_library', title: 'pages.vodLibrary', view: view(vod, 'VodLibraryView') },
  // The VOD item route (SPEC §2 names it by its id parameter only).
  { path: '/vod_library/:vod_id', title: 'pages.vodItem', view: view(vod, 'VodItemView'), numeric: ['vod_id'] },
  { path: '/watch/:id', title: 'pages.watch', view: view(watch, 'WatchView'), numeric: ['id'] },
  { path: '/watch_embed/:id', title: 'pages.watch', view: view(watch, 'WatchEmbedView'), numeric: ['id'], plain: true },
  { path: '/watch_library/:id', title: 'pages.watchLibrary', view: view(watch, 'WatchLibraryView'), numeric: ['id'] },
  { path: '/share/:id/:uuid', title: 'pages.share', view: view(share, 'ShareView'), numeric: ['id'] },
  { path: '/login', title: 'pages.login', view: view(auth, 'LoginView') },
  { path: '/registration', title: 'pages.registration', view: view(auth, 'RegistrationView') },
  { path: '/verify-notice', title: 'pages.verifyNotice', view: view(auth, 'VerifyNoticeView') },
  { path: '/verify-email', title: 'pages.verifyEmail', view: view(auth, 'VerifyEmailView') },
  { path: '/password-reset-request', title: 'pages.passwordResetRequest', view: view(auth, 'PasswordResetRequestView') },
  { path: '/password-reset', title: 'pages.passwordReset', view: view(auth, 'PasswordResetView') },
  { path: '/confirm-account-deletion', title: 'pages.confirmAccountDeletion', view: view(auth, 'ConfirmAccountDeletionView') },
  // The profile's default child is the orders list; its other children are transactions, clips, favourites and edit.
  { path: '/profile', title: 'pages.orders', view: view(profile, 'OrdersView') },
  { path: '/profile/transactions', title: 'pages.transactions', view: view(profile, 'TransactionsView') },
  { path: '/profile/clips', title: 'pages.clips', view: view(profile, 'ClipsView') },
  // Not in SPEC §2's list: where the viewer sees and drops what they follow (the issue asks for it in the profile).
  { path: '/profile/favourites', title: 'pages.favourites', view: view(profile, 'FavouritesView') },
  { path: '/profile/edit', title: 'pages.profileEdit', view: view(profile, 'ProfileEditView') },
  { path: '/contacts', title: 'pages.contacts', view: view(contacts, 'ContactsView') },
  { path: '/faq', title: 'pages.faq', view: view(faq, 'FaqView') },
  { path: '/simulate', title: 'pages.simulate', view: view(simulate, 'SimulateView') },
  { path: '/about', title: 'pages.about', view: view(info, 'AboutView'), pageAlias: 'about' },
  { path: '/privacy_policy', title: 'pages.privacy', view: view(info, 'PrivacyView'), pageAlias: 'privacy_policy' },
  { path: '/terms_conditions', title: 'pages.terms', view: view(info, 'TermsView'), pageAlias: 'terms_conditions' },
  { path: '/passes', title: 'pages.passes', view: view(info, 'PassesView'), pageAlias: 'passes' },
  ...studioRoutes(),
];

/** The channel-page view (content from GET /pages/{alias}), one chunk for every channel page. */
export const ChannelPageView = lazy(async () => ({ default: (await import('../views/channel-page/ChannelPageView')).ChannelPageView }));

/** The built-in route whose pattern matches a path (static segments and `:name` parameters), if any. */
export function routeOfPath(path: string): AppRoute | undefined {
  const segments = path.replace(/\/+$/, '').split('/');
  return ROUTES.find((route) => {
    const pattern = route.path.replace(/\/+$/, '').split('/');
    return pattern.length === segments.length && pattern.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i]));
  });
}

/** True when every parameter named in `numeric` is a run of digits. */
export function hasNumericParams(route: Pick<AppRoute, 'numeric'>, params: Readonly<Record<string, string | undefined>>): boolean {
  return (route.numeric ?? []).every((name) => /^\d+$/.test(params[name] ?? ''));
}

/** The route's parameters as the path gives them (`routeOfPath` found the route for this path). */
function paramsOf(route: AppRoute, path: string): Record<string, string> {
  const segments = path.replace(/\/+$/, '').split('/');
  const pattern = route.path.replace(/\/+$/, '').split('/');
  return Object.fromEntries(pattern.flatMap((part, i) => (part.startsWith(':') ? [[part.slice(1), segments[i] ?? '']] : [])));
}

/**
 * Whether a path is one of the app's pages: a route whose numeric parameters are numbers, a channel page, or the
 * not-found page itself. The navigation flow sends every other path to /404 (SPEC §2).
 */
export function isKnownPath(path: string, pages: readonly Pick<ChannelPage, 'url'>[]): boolean {
  if (path === NOT_FOUND_PATH) return true;
  const route = routeOfPath(path);
  if (route) return hasNumericParams(route, paramsOf(route, path));
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return channelPageRoutes(pages).some((page) => page.url === trimmed);
}

/**
 * The routes of the channel's pages (SPEC §2: path = the page's url, title = its name). A page whose url is not a
 * site path, or that would shadow a built-in route, is left out: the built-in route wins.
 */
export function channelPageRoutes<P extends Pick<ChannelPage, 'url'>>(pages: readonly P[]): P[] {
  const builtIn = new Set(ROUTES.map((route) => route.path));
  const seen = new Set<string>();
  return pages.filter((page) => {
    const ok = /^\/[A-Za-z0-9._~\-/]*$/.test(page.url) && !builtIn.has(page.url) && page.url !== NOT_FOUND_PATH && !seen.has(page.url);
    seen.add(page.url);
    return ok;
  });
}
