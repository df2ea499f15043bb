/**
 * What the app-load machine exchanges with its actors and with the app shell: the ten parts of the `Startup` query
 * (SPEC §1 step 3), each settled on its own, and the settings the analytics tracker starts with.
 */
import type { ClassifiedError } from '../../mesh/client/errors';
import type { StartupQuery } from '../../mesh/client/generated/graphql';

/** The startup reads in SPEC §1 order; each is a root field of the `Startup` query. */
export const STARTUP_PARTS = [
  'profile',
  'settings',
  'menu',
  'colors',
  'pages',
  'geo',
  'categories',
  'participants',
  'groups',
  'access',
] as const satisfies ReadonlyArray<keyof StartupQuery>;

export type StartupPart = (typeof STARTUP_PARTS)[number];

/** Every part as it arrived; null when it failed (or, for profile and access, when the visitor is anonymous). */
export type StartupParts = { [K in StartupPart]: StartupQuery[K] };

/** The parts of a visitor who belongs to someone: an anonymous visitor is answered 401 for them, which is normal. */
export const VIEWER_PARTS: ReadonlySet<StartupPart> = new Set<StartupPart>(['profile', 'access']);

/** What the `loadStartup` actor resolves with: the client's per-field result of the `Startup` query. */
export interface StartupResult {
  parts: StartupParts;
  /** The classified failure of each part that failed, after the client's own retry. */
  fieldErrors: Partial<Record<StartupPart, ClassifiedError>>;
}

/** @public */
export const NO_STARTUP_PARTS: StartupParts = {
  profile: null,
  settings: null,
  menu: null,
  colors: null,
  pages: null,
  geo: null,
  categories: null,
  participants: null,
  groups: null,
  access: null,
};

/** What the analytics tracker (the tag manager of the channel settings) starts with. */
export interface AnalyticsTrackerSettings {
  tagManagerId: string | null;
  productAnalyticsKey: string | null;
}

/** @public */
export interface AppLoadContext {
  /** What the app renders with: channel settings, menu, colours, pages, geo data, categories, participants... */
  parts: StartupParts;
  /** Parts that failed for a reason other than an anonymous visitor's 401; the app mounts without them. */
  failedParts: StartupPart[];
  /** A 429 or a crash status among the parts (SPEC §8): the view shows the global error. */
  globalError: ClassifiedError | null;
  /** Why the reload screen is shown; null when the failure was not the client's (an actor that is not provided). */
  keyError: ClassifiedError | null;
}

/**
 * `app.mounted`: the app shell rendered the app once the startup calls settled (SPEC §1 step 4).
 *
 * @public
 */
export type AppLoadEvent = { type: 'app.mounted' };
