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

/** `page.shown`: the router showed a page; `rules.sendBack`: the navigation rules say it goes back a step. @public */
export type NavigationEvent = { type: 'page.shown'; page: PageRecord } | { type: 'rules.sendBack' };

export const navigationMachine = setup({
  types: {
    context: {} as NavigationContext,
    events: {} as NavigationEvent,
  },
  guards: {
    isShownPage: ({ context, event }) => event.type === 'page.shown' && context.current?.url === event.page.url,
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
  },
}).createMachine({
  id: 'navigation',
  description:
    'The pages of this visit: the previous one is remembered, authentication pages aside. A visitor who reaches the ' +
    'purchase page straight from login or registration is sent back one step, once.',
  context: { current: null, last: null, previous: null },
  initial: 'browsing',
  on: {
    'page.shown': [
      { guard: 'isShownPage', description: 'The page shown already (a re-render): nothing changes.' },
      {
        target: '.browsing',
        actions: 'record',
        description: 'Another page: it becomes the current one, the one before it is remembered (and a step back has landed).',
      },
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
