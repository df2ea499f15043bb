/**
 * The preroll rules' `readViewer` port in the app (src/app/logic/viewer-known.ts): who watches is answered only once
 * the session has settled, so a kept token whose profile is still loading is never taken for a visitor with ads.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { sessionMachine } from '../../../machines/session/session.machine';
import type { LoadedProfile } from '../../../machines/session/session.types';
import { whenViewerKnown } from '../../../src/app/logic/viewer-known';
import { ACCESS, PROFILE, passesForm } from '../../../machines/shared/client-fixtures';

const NO_ADS: LoadedProfile = {
  profile: { ...PROFILE, capabilities: ['Watch', 'No_Ads'] },
  access: { ...ACCESS, capabilities: { ...ACCESS.capabilities, no_ads: true } },
  passesForm: passesForm(true),
};

function session(storedToken: string | null) {
  let loaded: (profile: LoadedProfile) => void = () => undefined;
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        readStoredToken: fromPromise(async () => storedToken),
        loadProfile: fromPromise(() => new Promise<LoadedProfile>((resolve) => (loaded = resolve))),
      },
    }),
  ).start();
  return { actor, finishLoading: (profile: LoadedProfile) => loaded(profile) };
}

describe('whenViewerKnown', () => {
  it('waits while a kept token’s profile loads, then answers the viewer with their no_ads capability', async () => {
    const { actor, finishLoading } = session('kept-token');
    let answered: unknown = null;
    const viewer = whenViewerKnown(actor).then((known) => (answered = known));
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Restoring, then loading the profile: nothing is answered yet, not even "a visitor with ads".
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(answered).toBeNull();
    finishLoading(NO_ADS);
    await viewer;
    expect(answered).toEqual({ id: PROFILE.id, noAds: true });
  });

  it('answers a visitor once no token was found', async () => {
    const { actor } = session(null);
    await expect(whenViewerKnown(actor)).resolves.toEqual({ id: null, noAds: false });
  });

  it('rejects when the session stops before it knows', async () => {
    const { actor } = session('kept-token');
    const viewer = whenViewerKnown(actor);
    actor.stop();
    await expect(viewer).rejects.toThrow(/stopped/);
  });
});
