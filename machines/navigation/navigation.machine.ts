/**
 * The one navigator of the app (SPEC §2): it hears where the viewer is (`page.shown`, with whether the path is one of
 * the app's routes), who the viewer is (`viewer.status`, from the session), that they have just signed in and that a
 * passes form was sent, and decides where they go: an unknown path to /404, the navigation rules
 * (`navigationDecision`, navigation-rules.ts), back to the page before the sign-in pages, and, for a visitor who
 * reached /buy straight from login or registration, one step back. Every move leaves through one app effect,
 * `navigate` (or `goBack` for the step back), and the page shows nothing (tag `leaving`) until the router has shown
 * the page it moved to. It also remembers the pages of the visit: the previous one is kept except for
 * authentication pages.
 */
import { assign, fromCallback, setup } from 'xstate';
import { AUTH_PATHS, afterCustomFormChange, navigationDecision, normalisePath, type NavigationDecision, type ViewerStatus } from './navigation-rules';

/** A page as the router showed it. @public */
export interface PageRecord {
  /** The full URL. */
  url: string;
  path: string;
  /** The query string, without `?`. */
  query: string;
  /** The query's parameters. */
  params: Readonly<Record<string, string>>;
}

/** @public */
export interface NavigationContext {
  /** The page shown now. */
  current: PageRecord | null;
  /** The page shown before it. */
  last: PageRecord | null;
  /** The last page shown before the current one that was not an authentication page. */
  previous: PageRecord | null;
  /** Who the viewer is, as the navigation rules see it. */
  status: ViewerStatus;
  /** Whether the current page's path is one of the app's routes. */
  known: boolean;
}

/**
 * `page.shown`: the router showed a page (`known`: its path is one of the app's routes); `viewer.status`: who the
 * viewer is changed; `viewer.signedIn`: the viewer has just signed in on this page (a registration goes on to the
 * verification notice); `form.sent`: a passes form was sent, with or without the passes flag.
 * @public
 */
export type NavigationEvent =
  | { type: 'page.shown'; page: PageRecord; known: boolean }
  | { type: 'viewer.status'; status: ViewerStatus }
  | { type: 'viewer.signedIn'; way: 'login' | 'register' | 'social' }
  | { type: 'form.sent'; hasPassesFlag: boolean };

/** @public */
export interface NavigationInput {
  /** The previous page kept from before this page load (the social sign-in leaves the app and comes back). */
  previous?: PageRecord | null;
}

/** Where a just-registered viewer is told to check their mail. */
const VERIFY_NOTICE_PATH = '/verify-notice';
/** SPEC §2: any unknown path redirects here. */
export const NOT_FOUND_PATH = '/404';

/** The path and query of a page, as the router navigates to it. */
const hrefOf = (page: PageRecord): string => (page.query === '' ? page.path : `${page.path}?${page.query}`);

/** What the rules say about the page shown now. */
function decisionOf(context: NavigationContext): NavigationDecision {
  const { current } = context;
  if (current === null) return { type: 'stay' };
  if (!context.known) return { type: 'redirect', to: NOT_FOUND_PATH };
  return navigationDecision({ status: context.status, path: normalisePath(current.path), fromPath: context.last?.path ?? null });
}

/** Where a sign-in takes the viewer. */
function afterSignIn(context: NavigationContext, way: NavigationEvent & { type: 'viewer.signedIn' }): string {
  if (way.way === 'register') return VERIFY_NOTICE_PATH;
  return context.previous ? hrefOf(context.previous) : '/';
}

/** Whether `href` is somewhere else than the page shown (moving to the same page would never be shown again). */
const isElsewhere = (context: NavigationContext, href: string): boolean => context.current === null || hrefOf(context.current) !== href;

/**
 * The page the router shows now is the one the machine has recorded: the app may render it. By path alone, as the
 * rules decide (navigation-rules.ts): a page that replaces its own query as the viewer works (the studio's steps)
 * stays mounted while the machine records the new query, rather than giving way to the loader for one render,
 * which remounted it and lost its state.
 */
export function isShowing(context: NavigationContext, path: string): boolean {
  return context.current !== null && context.current.path === path;
}

export const navigationMachine = setup({
  types: {
    context: {} as NavigationContext,
    events: {} as NavigationEvent,
    input: {} as NavigationInput | undefined,
    tags: {} as 'leaving',
  },
  actors: {
    /** App effect: tells who the viewer is (`viewer.status`), now and at each change. Silent by default. */
    watchViewer: fromCallback<NavigationEvent>(() => undefined),
  },
  guards: {
    isShownPage: ({ context, event }) => event.type === 'page.shown' && context.current?.url === event.page.url,
    isSameStatus: ({ context, event }) => event.type === 'viewer.status' && context.status === event.status,
    rulesRedirect: ({ context }) => {
      const decision = decisionOf(context);
      return decision.type === 'redirect' && isElsewhere(context, decision.to);
    },
    rulesSendBack: ({ context }) => decisionOf(context).type === 'back',
    signInMoves: ({ context, event }) => event.type === 'viewer.signedIn' && isElsewhere(context, afterSignIn(context, event)),
    formMoves: ({ context, event }) => {
      if (event.type !== 'form.sent' || context.current === null) return false;
      return afterCustomFormChange(context.current.path, event.hasPassesFlag) !== null;
    },
  },
  actions: {
    record: assign(({ context, event }) => {
      if (event.type !== 'page.shown') return {};
      const { current } = context;
      const previous = current === null || AUTH_PATHS.has(current.path) ? context.previous : current;
      return { current: event.page, last: current, previous, known: event.known };
    }),
    recordStatus: assign(({ event }) => (event.type === 'viewer.status' ? { status: event.status } : {})),
    /** App effect: one step back in the browser's history. No-op by default. */
    goBack: () => undefined,
    /** App effect: show this path (replacing the current page in the history). No-op by default. */
    navigate: (_, _href: string) => undefined,
    /** App effect: keep the previous page for the next page load (a sign-in that leaves the app). No-op by default. */
    keepPrevious: (_, _page: PageRecord | null) => undefined,
  },
}).createMachine({
  id: 'navigation',
  description:
    'The one navigator: unknown paths go to /404, the navigation rules move the viewer (a temporary password to ' +
    'the profile form, a viewer without a basic pass to the packages, a signed-in viewer away from the sign-in ' +
    'pages), a sign-in goes back to the page before the authentication pages, a passes form without the flag goes ' +
    'to the packages, and a visitor who reaches the purchase page straight from login or registration is sent back ' +
    'one step, once. The previous page is remembered, authentication pages aside.',
  context: ({ input }) => ({ current: null, last: null, previous: input?.previous ?? null, status: 'pending', known: true }),
  invoke: { src: 'watchViewer' },
  initial: 'browsing',
  on: {
    'page.shown': [
      { guard: 'isShownPage', description: 'The page shown already (a re-render): nothing changes.' },
      {
        target: '.deciding',
        actions: ['record', { type: 'keepPrevious', params: ({ context }) => context.previous }],
        description: 'Another page: it becomes the current one, the one before it is remembered, and the rules look at it.',
      },
    ],
    'viewer.status': [
      { guard: 'isSameStatus', description: 'The same viewer as before: nothing changes.' },
      { target: '.deciding', actions: 'recordStatus', description: 'Who the viewer is changed: the rules look at the page again.' },
    ],
  },
  states: {
    deciding: {
      description: 'The rules look at the page shown and who the viewer is.',
      always: [
        {
          guard: 'rulesRedirect',
          target: 'leaving',
          actions: { type: 'navigate', params: ({ context }) => (decisionOf(context) as { to: string }).to },
          description: 'An unknown path, or a page the rules keep this viewer from: on to where they send them.',
        },
        {
          guard: 'rulesSendBack',
          target: 'leaving',
          actions: 'goBack',
          description: 'A visitor on the purchase page straight from login or registration: one step back in the history.',
        },
        { target: 'browsing', description: 'The page may show.' },
      ],
    },
    browsing: {
      description: 'The viewer goes where they go.',
      on: {
        'viewer.signedIn': [
          {
            guard: 'signInMoves',
            target: 'leaving',
            actions: { type: 'navigate', params: ({ context, event }) => afterSignIn(context, event) },
            description:
              'Signed in: back to the page the viewer was on before the authentication pages (home on the first page ' +
              'of the visit), or on to the verification notice after a registration.',
          },
          { description: 'Signed in where the sign-in would take them already: they stay.' },
        ],
        'form.sent': [
          {
            guard: 'formMoves',
            target: 'leaving',
            actions: { type: 'navigate', params: ({ context, event }) => afterCustomFormChange(context.current?.path ?? '/', event.hasPassesFlag) ?? '/' },
            description: 'A passes form without the flag, away from the pages open without a basic pass: on to the packages.',
          },
          { description: 'The passes form keeps the viewer where they are.' },
        ],
      },
    },
    leaving: {
      tags: ['leaving'],
      description:
        'The viewer is on their way to another page: nothing shows, and who the viewer is waits, until the router shows it.',
      on: { 'viewer.status': { actions: 'recordStatus', description: 'Remembered for the page that comes.' } },
    },
  },
});
