/**
 * The app shell (SPEC §1 startup): a loader while the app-load machine works, the reload screen when no key can be
 * had, then the channel's app: its theme and language applied, the routes, the navigation rules.
 */
import { Suspense, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Router, Switch, useLocation, useSearch } from 'wouter';
import { Loader, PageLoading } from '../components/Loader';
import { MainLayout, PlainLayout } from '../components/layout/MainLayout';
import { ReloadScreen } from '../components/ReloadScreen';
import type { MessageKey } from '../i18n/locales/en';
import { applyChannelTheme } from '../theme/apply-channel-theme';
import { NotFoundView } from '../views/not-found/NotFoundView';
import { POPUP_RENDERERS } from './popups';
import { AnalyticsFlow, LanguageFlow, useShell } from './flows';
import { useAppLoadSenders, useStartupPart, useStartupStatus } from './facades/app-load';
import { type ChannelPage, useChannelName, useChannelPages } from './facades/channel';
import { useReloadScreenVisible } from './facades/reload-screen';
import { usePageShown } from './facades/navigation';
import { rememberOuterSource } from './outer-source';
import { followHistoryChanges, lastHistoryChange, scrollsToTop } from './scroll-on-navigation';
import { type AppRoute, ChannelPageView, channelPageRoutes, isKnownPath, NOT_FOUND_PATH, ROUTES, routeOfPath } from './routes';

export function App() {
  // The channel's app, once startup settled, renders in React's interruptible background pass (in slices, not one
  // long task); the loader stays until it is ready.
  const status = useDeferredValue(useStartupStatus());
  const reloadScreen = useReloadScreenVisible();
  if (reloadScreen || status === 'keyError') return <ReloadScreen />;
  if (status === 'loading') return <Loader />;
  return <ChannelApp />;
}

/** Once startup settled: the channel's look and language first, then the app. */
function ChannelApp() {
  // Likewise the first render of the pages, once the app speaks the viewer's language.
  const ready = useDeferredValue(useChannelSetup());
  if (!ready) return <Loader />;
  return (
    <Router>
      <Mounted />
      <PageTracking />
      <NavigationRules>
        <Switch>
          {ROUTES.filter((route) => route.plain).map((route) => (
            <Route key={route.path} path={route.path}>
              <PlainLayout popupRenderers={POPUP_RENDERERS}>
                <AppRoutes />
              </PlainLayout>
            </Route>
          ))}
          <Route>
            <MainLayout popupRenderers={POPUP_RENDERERS}>
              <AppRoutes />
            </MainLayout>
          </Route>
        </Switch>
      </NavigationRules>
    </Router>
  );
}

/**
 * Applies the channel's colours and tells the language flow that startup settled (it then switches to the viewer's
 * language); true once the app speaks it.
 */
function useChannelSetup(): boolean {
  const colors = useStartupPart('colors');
  const channelLanguage = useStartupPart('settings')?.language ?? null;
  const language = LanguageFlow.useActor();
  useLayoutEffect(() => applyChannelTheme(document.documentElement, colors), [colors]);
  useEffect(() => language.send({ type: 'startup.settled', channelDefault: channelLanguage }), [language, channelLanguage]);
  return LanguageFlow.useSelect((s) => s.hasTag('ready'));
}

/** Tells the machines that the app mounted (SPEC §1 step 4): the analytics tracker and session start then. */
function Mounted() {
  const { mounted } = useAppLoadSenders();
  const analytics = AnalyticsFlow.useActor();
  useEffect(() => {
    mounted();
    analytics.send({ type: 'app.mounted' });
    // For the end-to-end tests and for anyone profiling startup: what happened before the app mounted.
    performance.mark('app-mounted');
    document.documentElement.dataset['appReady'] = 'true';
    // Watching is where most visits go next: its view loads while the browser is idle, so following a game's
    // link renders at once (a view that is not in yet suspends, and React holds its reveal back up to 300 ms).
    const preloadWatch = () => void routeOfPath('/watch/0')?.view.preload().catch(() => undefined);
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(preloadWatch, { timeout: 5000 });
    else setTimeout(preloadWatch, 2000);
  }, [mounted, analytics]);
  return null;
}

/**
 * Every location change: scroll to the top (unless the page only replaced its own query, scroll-on-navigation.ts),
 * keep `trk`, tell the navigation flow which page the router shows.
 */
function PageTracking() {
  const { storage } = useShell();
  const { pageShown } = usePageShown();
  const pages = useChannelPages();
  const [location] = useLocation();
  const search = useSearch();
  const shown = useRef<{ path: string; search: string } | null>(null);
  useEffect(() => followHistoryChanges(window), []);
  useLayoutEffect(() => {
    const next = { path: location, search };
    if (scrollsToTop(shown.current, next, lastHistoryChange())) window.scrollTo(0, 0);
    shown.current = next;
    rememberOuterSource(storage, search);
    pageShown(location, search, isKnownPath(location, pages));
  }, [location, search, storage, pageShown, pages]);
  return null;
}

/**
 * The page renders once the navigation flow has looked at it (SPEC §2 navigation rules, unknown paths): while it
 * moves the viewer elsewhere, the loader shows instead, so a page the viewer may not see never renders.
 */
function NavigationRules({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const { showing } = usePageShown(location);
  return showing ? <>{children}</> : <Loader />;
}

function AppRoutes() {
  const pages = useChannelPages();
  const pageRoutes = useMemo(() => channelPageRoutes(pages), [pages]);
  return (
    <Switch>
      {ROUTES.map((route) => (
        <Route key={route.path} path={route.path}>
          <RouteFrame route={route} />
        </Route>
      ))}
      {pageRoutes.map((page) => (
        <Route key={page.url} path={page.url}>
          <ChannelPageFrame page={page} />
        </Route>
      ))}
      <Route path={NOT_FOUND_PATH}>
        <Titled title="pages.notFound">
          <NotFoundView />
        </Titled>
      </Route>
    </Switch>
  );
}

function RouteFrame({ route }: { route: AppRoute }) {
  const pageName = useChannelPages().find((page) => route.pageAlias !== undefined && page.alias === route.pageAlias)?.name;
  const View = route.view;
  return (
    <Titled title={route.title} text={pageName}>
      <Lazy>
        <View />
      </Lazy>
    </Titled>
  );
}

function ChannelPageFrame({ page }: { page: ChannelPage }) {
  return (
    <Titled text={page.name}>
      <Lazy>
        <ChannelPageView page={page} />
      </Lazy>
    </Titled>
  );
}

function Lazy({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={<PageLoading className="page-loading" />}
    >
      {children}
    </Suspense>
  );
}

/**
 * Sets the document title ("page · channel") and tells analytics the page is shown (SPEC §2); the analytics machine
 * counts one view per location, not one per language switch.
 */
function Titled({ title, text, children }: { title?: MessageKey; text?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const analytics = AnalyticsFlow.useActor();
  const channel = useChannelName();
  const [location] = useLocation();
  const search = useSearch();
  const pageTitle = text ?? (title ? t(title) : '');
  const fullTitle = channel ? `${pageTitle} · ${channel}` : pageTitle;
  useLayoutEffect(() => {
    document.title = fullTitle;
  }, [fullTitle]);
  useEffect(() => {
    analytics.send({ type: 'page.viewed', page: { title: fullTitle, location: window.location.href, path: location } });
  }, [fullTitle, location, search, analytics]);
  return <>{children}</>;
}
