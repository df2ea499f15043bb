/**
 * SPEC §1 startup and §8 handling rules as the app-load machine applies them, with fakes for the client's answers
 * passed through `.provide()`: the order of the steps, the loader, the reload screen, the anonymous visitor's 401s,
 * and which failures become the global error.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { appLoadMachine } from '../../machines/app-load/app-load.machine';
import type { AnalyticsTrackerSettings, StartupResult } from '../../machines/app-load/app-load.types';
import type { ClassifiedError } from '../../mesh/client/errors';
import { ANONYMOUS, API_KEY_ERROR, CHANNEL_KEY_ERROR, CRASH, NETWORK, PARTS, THROTTLED, requestError } from '../../machines/shared/client-fixtures';

interface Fakes {
  key?: () => Promise<string>;
  startup?: StartupResult;
  tracker?: (settings: AnalyticsTrackerSettings) => Promise<void>;
}

function start(fakes: Fakes = {}) {
  const calls: string[] = [];
  const raised: Array<ClassifiedError | null> = [];
  const trackerSettings: AnalyticsTrackerSettings[] = [];
  const machine = appLoadMachine.provide({
    actors: {
      obtainApiKey: fromPromise(async () => {
        calls.push('obtainApiKey');
        return (fakes.key ?? (async () => 'api-key'))();
      }),
      loadStartup: fromPromise(async () => {
        calls.push('loadStartup');
        return fakes.startup ?? { parts: PARTS, fieldErrors: {} };
      }),
      initAnalyticsTracker: fromPromise<void, AnalyticsTrackerSettings>(async ({ input }) => {
        calls.push('initAnalyticsTracker');
        trackerSettings.push(input);
        await fakes.tracker?.(input);
      }),
    },
    actions: { raiseKeyError: (_, error) => void raised.push(error) },
  });
  const actor = createActor(machine).start();
  return { actor, calls, raised, trackerSettings };
}

describe('app load', () => {
  it('shows the loader, then takes the keys, the Startup query, the mount and the tracker in that order', async () => {
    let releaseKey: (key: string) => void = () => undefined;
    const { actor, calls, trackerSettings } = start({ key: () => new Promise((resolve) => (releaseKey = resolve)) });

    expect(actor.getSnapshot().value).toBe('fetchingKeys');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().hasTag('ready')).toBe(false);
    releaseKey('api-key');

    const mounting = await waitFor(actor, (s) => s.matches('mounting'));
    expect(mounting.hasTag('busy')).toBe(false);
    expect(mounting.hasTag('ready')).toBe(true);
    expect(mounting.context.parts).toEqual(PARTS);
    expect(mounting.context.failedParts).toEqual([]);
    expect(mounting.context.globalError).toBeNull();
    // The tracker waits for the app to have mounted.
    expect(calls).toEqual(['obtainApiKey', 'loadStartup']);

    actor.send({ type: 'app.mounted' });
    await waitFor(actor, (s) => s.matches('running'));
    expect(calls).toEqual(['obtainApiKey', 'loadStartup', 'initAnalyticsTracker']);
    expect(trackerSettings).toEqual([{ tagManagerId: 'GTM-SUMMIT', productAnalyticsKey: 'summit-analytics' }]);
  });

  it('treats the 401 of profile and user access as an anonymous visitor, not as a failure', async () => {
    const { actor } = start({
      startup: {
        parts: { ...PARTS, profile: null, access: null },
        fieldErrors: { profile: { ...ANONYMOUS, field: 'profile' }, access: { ...ANONYMOUS, field: 'access' } },
      },
    });
    const { context } = await waitFor(actor, (s) => s.matches('mounting'));
    expect(context.parts.profile).toBeNull();
    expect(context.parts.settings).toEqual(PARTS.settings);
    expect(context.failedParts).toEqual([]);
    expect(context.globalError).toBeNull();
  });

  it('turns a 429 among the parts into the global error and mounts with the other parts', async () => {
    const { actor } = start({
      startup: { parts: { ...PARTS, pages: null }, fieldErrors: { pages: { ...THROTTLED, field: 'pages' } } },
    });
    const { context } = await waitFor(actor, (s) => s.matches('mounting'));
    expect(context.globalError).toMatchObject({ kind: 'throttled', status: 429 });
    expect(context.failedParts).toEqual(['pages']);
    expect(context.parts.menu).toEqual(PARTS.menu);
  });

  it('turns a crash status into the global error, but not a part that got no answer', async () => {
    const { actor } = start({
      startup: {
        parts: { ...PARTS, geo: null, categories: null },
        fieldErrors: { geo: { ...NETWORK, field: 'geo' }, categories: { ...CRASH, field: 'categories' } },
      },
    });
    const { context } = await waitFor(actor, (s) => s.matches('mounting'));
    expect(context.failedParts).toEqual(['geo', 'categories']);
    expect(context.globalError).toMatchObject({ kind: 'crash', status: 503, field: 'categories' });

    const quiet = start({ startup: { parts: { ...PARTS, geo: null }, fieldErrors: { geo: { ...NETWORK, field: 'geo' } } } });
    const settled = await waitFor(quiet.actor, (s) => s.matches('mounting'));
    expect(settled.context.failedParts).toEqual(['geo']);
    expect(settled.context.globalError).toBeNull();
  });

  it('shows the reload screen when the API-key call fails, without loading anything', async () => {
    const { actor, calls, raised } = start({
      key: async () => {
        throw requestError('network', 0, 'fetch failed');
      },
    });
    const snapshot = await waitFor(actor, (s) => s.status === 'done');
    expect(snapshot.value).toBe('keyError');
    expect(snapshot.hasTag('reloadScreen')).toBe(true);
    expect(snapshot.hasTag('busy')).toBe(false);
    expect(snapshot.hasTag('ready')).toBe(false);
    expect(snapshot.context.keyError).toMatchObject({ kind: 'network' });
    expect(calls).toEqual(['obtainApiKey']);
    // The client raised the key error for its failed key request already.
    expect(raised).toEqual([]);
  });

  it('shows the reload screen when the Startup query reports an unknown channel key (the client raised the key error)', async () => {
    const { actor, raised } = start({
      startup: { parts: { ...PARTS, menu: null }, fieldErrors: { menu: { ...CHANNEL_KEY_ERROR, field: 'menu' } } },
    });
    const snapshot = await waitFor(actor, (s) => s.status === 'done');
    expect(snapshot.hasTag('reloadScreen')).toBe(true);
    expect(snapshot.context.keyError?.kind).toBe('channelKey');
    expect(raised).toEqual([]);
  });

  it('raises the key error itself when a part still refuses the API key after the client retried with a fresh one', async () => {
    const refused = { ...API_KEY_ERROR, field: 'settings' };
    const { actor, raised } = start({
      startup: { parts: { ...PARTS, settings: null, profile: null }, fieldErrors: { settings: refused, profile: ANONYMOUS } },
    });
    const snapshot = await waitFor(actor, (s) => s.status === 'done');
    expect(snapshot.hasTag('reloadScreen')).toBe(true);
    expect(snapshot.context.keyError).toEqual(refused);
    expect(raised).toEqual([refused]);
  });

  it('swallows a tracker failure: the app runs', async () => {
    const { actor } = start({
      tracker: async () => {
        throw new Error('blocked by the browser');
      },
    });
    await waitFor(actor, (s) => s.matches('mounting'));
    actor.send({ type: 'app.mounted' });
    const running = await waitFor(actor, (s) => s.matches('running'));
    expect(running.hasTag('ready')).toBe(true);
  });

  it('lands on the reload screen when started without its actors (the safe defaults)', async () => {
    const actor = createActor(appLoadMachine).start();
    const snapshot = await waitFor(actor, (s) => s.status === 'done');
    expect(snapshot.hasTag('reloadScreen')).toBe(true);
    expect(snapshot.context.keyError).toBeNull();
  });
});
