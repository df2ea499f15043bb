import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { sessionMachine } from '../../../machines/session/session.machine';
import type { LoadedProfile, ViewerProfile } from '../../../machines/session/session.types';
import {
  afterCustomFormChange,
  navigationDecision,
  normalisePath,
  type ViewerStatus,
  viewerStatusOf,
} from '../../../machines/navigation/navigation-rules';

const go = (status: ViewerStatus, path: string, fromPath: string | null = '/') => navigationDecision({ status, path, fromPath });

describe('navigation rules (SPEC §2)', () => {
  it('holds a viewer with a temporary password on /profile/edit, from every route', () => {
    for (const path of ['/', '/upcoming', '/packages', '/privacy_policy', '/login', '/profile', '/404']) {
      expect(go('temporaryPassword', path)).toEqual({ type: 'redirect', to: '/profile/edit' });
    }
    expect(go('temporaryPassword', '/profile/edit')).toEqual({ type: 'stay' });
  });

  it('sends a viewer without a basic pass to the packages, except from privacy, terms, packages, buy, select-package and the mailed links', () => {
    for (const path of ['/', '/upcoming', '/watch/3', '/profile', '/faq', '/about-network', '/login', '/registration']) {
      expect(go('needsBasicPass', path)).toEqual({ type: 'redirect', to: '/packages' });
    }
    const open = ['/privacy_policy', '/terms_conditions', '/packages', '/buy', '/select-package/12'];
    // A new account is told to check its mail, and a mailed link works for whoever opens it.
    for (const path of [...open, '/verify-notice', '/verify-email', '/confirm-account-deletion']) {
      expect(go('needsBasicPass', path)).toEqual({ type: 'stay' });
    }
  });

  it('sends a logged-in viewer home from login, registration and the password-reset pages only', () => {
    for (const path of ['/login', '/registration', '/password-reset-request', '/password-reset']) {
      expect(go('ready', path)).toEqual({ type: 'redirect', to: '/' });
    }
    for (const path of ['/verify-email', '/verify-notice', '/confirm-account-deletion', '/', '/profile/edit', '/buy']) {
      expect(go('ready', path)).toEqual({ type: 'stay' });
    }
  });

  it('sends a visitor who reaches /buy from login or registration back one step, and no one else', () => {
    expect(go('anonymous', '/buy', '/login')).toEqual({ type: 'back' });
    expect(go('anonymous', '/buy', '/registration')).toEqual({ type: 'back' });
    expect(go('anonymous', '/buy', '/packages')).toEqual({ type: 'stay' });
    expect(go('anonymous', '/buy', null)).toEqual({ type: 'stay' });
    expect(go('ready', '/buy', '/login')).toEqual({ type: 'stay' });
    expect(go('anonymous', '/login', '/buy')).toEqual({ type: 'stay' });
  });

  it('applies no rule while the session is still restoring or signing in', () => {
    for (const path of ['/', '/login', '/buy', '/profile']) expect(go('pending', path, '/login')).toEqual({ type: 'stay' });
  });

  it('compares paths without a trailing slash', () => {
    expect(normalisePath('/packages/')).toBe('/packages');
    expect(normalisePath('/')).toBe('/');
    expect(normalisePath('')).toBe('/');
    expect(go('needsBasicPass', normalisePath('/packages/'))).toEqual({ type: 'stay' });
  });
});

describe('the viewer status comes from the session machine', () => {
  const profile = (overrides: Partial<ViewerProfile>): ViewerProfile =>
    ({ id: 7, email: 'fan@summit.test', temporary_password: false, basic_pass_selected: true, ...overrides }) as ViewerProfile;

  async function statusAfterRestore(loaded: LoadedProfile | null): Promise<ViewerStatus> {
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          readStoredToken: fromPromise<string | null>(async () => (loaded ? 'token-1' : null)),
          loadProfile: fromPromise(async () => {
            if (!loaded) throw new Error('no profile');
            return loaded;
          }),
        },
      }),
    ).start();
    expect(viewerStatusOf((tag) => actor.getSnapshot().hasTag(tag))).toBe('pending');
    const settled = await waitFor(actor, (s) => s.hasTag('anonymous') || (s.hasTag('loggedIn') && !s.hasTag('busy')));
    const status = viewerStatusOf((tag) => settled.hasTag(tag));
    actor.stop();
    return status;
  }

  it('is anonymous without a kept token', async () => {
    expect(await statusAfterRestore(null)).toBe('anonymous');
  });

  it('follows the profile: temporary password first, then the basic pass', async () => {
    const loaded = (p: ViewerProfile): LoadedProfile => ({ profile: p, access: null, passesForm: null });
    expect(await statusAfterRestore(loaded(profile({ temporary_password: true, basic_pass_selected: false })))).toBe('temporaryPassword');
    expect(await statusAfterRestore(loaded(profile({ basic_pass_selected: false })))).toBe('needsBasicPass');
    expect(await statusAfterRestore(loaded(profile({})))).toBe('ready');
  });

  it('after a custom-form change sends a viewer without the passes flag to the packages, unless on an allowed path', () => {
    expect(afterCustomFormChange('/watch/3', true)).toBeNull();
    expect(afterCustomFormChange('/watch/3', false)).toBe('/packages');
    for (const path of ['/packages', '/buy', '/select-package/4', '/terms_conditions/']) expect(afterCustomFormChange(path, false)).toBeNull();
  });
});
