/**
 * The pages of this visit and the one rule that moves the viewer by itself (SPEC §2): the previous page is
 * remembered (full URL, last path, query and params) except for authentication pages, and a visitor who reaches
 * /buy from login or registration is sent back one step, once. Which rule applies is `navigationDecision`
 * (navigation-rules.ts); this machine remembers the pages and carries the step back out through the app's `goBack`.
 */
import { assign, setup } from 'xstate';
import { AUTH_PATHS } from './navigation-rules';

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
}

/**
 * `page.shown`: the router showed a page; `rules.sendBack`: the navigation rules say it goes back a step;
 * `viewer.signedIn`: the viewer has just signed in on this page (a registration goes on to the verification notice).
 * @public
 */
export type NavigationEvent =
  | { type: 'page.shown'; page: PageRecord }
  | { type: 'rules.sendBack' }
  | { type: 'viewer.signedIn'; way: 'login' | 'register' | 'social' };

/** @public */
export interface NavigationInput {
  /** The previous page kept from before this page load (the social sign-in leaves the app and comes back). */
  previous?: PageRecord | null;
}

/** Where a just-registered viewer is told to check their mail. */
const VERIFY_NOTICE_PATH = '/verify-notice';

/** The path and query of a page, as the router navigates to it. */
const hrefOf = (page: PageRecord): string => (page.query === '' ? page.path : `${page.path}?${page.query}`);

export const navigationMachine = setup({
  types: {
    context: {} as NavigationContext,
    events: {} as NavigationEvent,
    input: {} as NavigationInput | undefined,
  },
  guards: {
    isShownPage: ({ context, event }) => event.type === 'page.shown' && context.current?.url === event.page.url,
    isRegistration: ({ event }) => event.type === 'viewer.signedIn' && event.way === 'register',
    hasPreviousPage: ({ context }) => context.previous !== null,
  },
  actions: {
    record: assign(({ context, event }) => {
      if (event.type !== 'page.shown') return {};
      const { current } = context;
      const previous = current === null || AUTH_PATHS.has(current.path) ? context.previous : current;
      return { current: event.page, last: current, previous };
    }),
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
    'The pages of this visit: the previous one is remembered, authentication pages aside. A visitor who reaches the ' +
    'purchase page straight from login or registration is sent back one step, once.',
  context: ({ input }) => ({ current: null, last: null, previous: input?.previous ?? null }),
  initial: 'browsing',
  on: {
    'page.shown': [
      { guard: 'isShownPage', description: 'The page shown already (a re-render): nothing changes.' },
      {
        target: '.browsing',
        actions: ['record', { type: 'keepPrevious', params: ({ context }) => context.previous }],
        description: 'Another page: it becomes the current one, the one before it is remembered (and a step back has landed).',
      },
    ],
    'viewer.signedIn': [
      {
        guard: 'isRegistration',
        actions: { type: 'navigate', params: VERIFY_NOTICE_PATH },
        description: 'A new account: on to the notice that a verification link was mailed.',
      },
      {
        guard: 'hasPreviousPage',
        actions: { type: 'navigate', params: ({ context }) => hrefOf(context.previous as PageRecord) },
        description: 'Signed in: back to the page the viewer was on before the authentication pages.',
      },
      { actions: { type: 'navigate', params: '/' }, description: 'Signed in on the first page of the visit: home.' },
    ],
  },
  states: {
    browsing: {
      description: 'The viewer goes where they go.',
      on: {
        'rules.sendBack': {
          target: 'goingBack',
          actions: 'goBack',
          description: 'The rules send the viewer back: one step back in the browser history.',
        },
      },
    },
    goingBack: {
      description: 'The browser goes back a step; until the page it lands on shows, the rules asking again change nothing.',
    },
  },
});

/**
 * The path the viewer came from to reach `url` (the /buy rule looks at it): the current page while `url` is not
 * recorded yet, the one before it once it is.
 */
export function fromPathOf(context: NavigationContext, url: string): string | null {
  return context.current && context.current.url !== url ? context.current.path : (context.last?.path ?? null);
}
