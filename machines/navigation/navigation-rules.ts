/**
 * The navigation rules of SPEC §2, as one pure function of where the viewer stands (read from the session
 * machine) and where they are going. The router asks it on every location change and follows its answer.
 */

/**
 * Where the viewer stands, from the session machine's tags: still restoring or signing in (`pending`: no rule
 * applies yet), a visitor, a viewer held on /profile/edit by a temporary password, a viewer without a basic pass,
 * or one free to go anywhere.
 */
export type ViewerStatus = 'pending' | 'anonymous' | 'temporaryPassword' | 'needsBasicPass' | 'ready';

type SessionTag = 'anonymous' | 'busy' | 'loggedIn' | 'temporaryPassword' | 'needsBasicPass';

/** The status for a session snapshot's tags (`hasTag` of the session actor's snapshot). */
export function viewerStatusOf(hasTag: (tag: SessionTag) => boolean): ViewerStatus {
  if (hasTag('anonymous')) return 'anonymous';
  if (hasTag('temporaryPassword')) return 'temporaryPassword';
  if (hasTag('needsBasicPass')) return 'needsBasicPass';
  if (hasTag('loggedIn') && !hasTag('busy')) return 'ready';
  return 'pending';
}

const PROFILE_EDIT_PATH = '/profile/edit';
const PACKAGES_PATH = '/packages';
const HOME_PATH = '/';

/** Authentication pages: not remembered as the previous page. */
export const AUTH_PATHS: ReadonlySet<string> = new Set([
  '/login',
  '/registration',
  '/verify-notice',
  '/verify-email',
  '/password-reset-request',
  '/password-reset',
  '/confirm-account-deletion',
]);

/** A logged-in viewer on one of these is sent home. */
const SIGNED_OUT_ONLY_PATHS: ReadonlySet<string> = new Set(['/login', '/registration', '/password-reset-request', '/password-reset']);

/**
 * The pages of the mailed links and the notice that one was sent: a link must work for the viewer who opens it, and a
 * new account (which has no basic pass yet) is told to check its mail before choosing one.
 */
const ACCOUNT_LINK_PATHS: ReadonlySet<string> = new Set(['/verify-notice', '/verify-email', '/confirm-account-deletion']);

/**
 * Reachable without a basic pass: privacy, terms, packages, buy and select-package (SPEC §2), and the account-link
 * pages above.
 */
function isOpenWithoutBasicPass(path: string): boolean {
  return (
    ACCOUNT_LINK_PATHS.has(path) ||
    path === '/privacy_policy' ||
    path === '/terms_conditions' ||
    path === PACKAGES_PATH ||
    path === '/buy' ||
    path.startsWith('/select-package/')
  );
}

export type NavigationDecision = { type: 'stay' } | { type: 'redirect'; to: string } | { type: 'back' };

export interface NavigationRequest {
  status: ViewerStatus;
  /** The path being shown, without query or hash, with no trailing slash (except `/`). */
  path: string;
  /** The path shown before it in this visit; null on the first page. */
  fromPath: string | null;
}

const STAY: NavigationDecision = { type: 'stay' };

/**
 * What the router must do (SPEC §2 "Navigation rules"), the first rule that holds winning:
 * 1. a temporary password keeps the viewer on /profile/edit;
 * 2. a logged-in viewer on login, registration or a password-reset page goes home;
 * 3. a logged-in viewer without a basic pass goes to the packages, except from privacy, terms, packages, buy and
 *    select-package;
 * 4. a visitor who reaches /buy straight from login or registration is sent back one step.
 */
export function navigationDecision({ status, path, fromPath }: NavigationRequest): NavigationDecision {
  switch (status) {
    case 'pending':
      return STAY;
    case 'temporaryPassword':
      return path === PROFILE_EDIT_PATH ? STAY : { type: 'redirect', to: PROFILE_EDIT_PATH };
    case 'anonymous':
      return path === '/buy' && fromPath !== null && (fromPath === '/login' || fromPath === '/registration') ? { type: 'back' } : STAY;
    case 'needsBasicPass':
      // Login and registration are not open without a basic pass either: straight to the packages, not via home.
      return isOpenWithoutBasicPass(path) ? STAY : { type: 'redirect', to: PACKAGES_PATH };
    case 'ready':
      return SIGNED_OUT_ONLY_PATHS.has(path) ? { type: 'redirect', to: HOME_PATH } : STAY;
  }
}

/** The path as the rules compare it: no trailing slash except the root's. */
export function normalisePath(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return trimmed === '' ? HOME_PATH : trimmed;
}

/**
 * SPEC §2: after a custom-form change, a viewer whose passes form carries no flag is sent to a fixed route unless
 * already on an allowed path. SPEC does not name them; here the route is the packages and the allowed paths are the
 * ones open without a basic pass. Null: stay.
 */
export function afterCustomFormChange(path: string, hasPassesFlag: boolean): string | null {
  return hasPassesFlag || isOpenWithoutBasicPass(normalisePath(path)) ? null : PACKAGES_PATH;
}
