/**
 * App load with its real actors against the real stack: the reference API and Mesh on an ephemeral port, and a
 * real `createChannelClient`. Only the analytics tracker (a browser adapter) is a fake.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createAppLoadActors } from '../../machines/app-load/app-load.actors';
import { appLoadMachine } from '../../machines/app-load/app-load.machine';
import type { AnalyticsTrackerSettings } from '../../machines/app-load/app-load.types';
import type { ClientEventType } from '../../mesh/client/events';
import { createMemoryKeyStore } from '../../mesh/client/keys';
import { createChannelClient } from '../../mesh/client/transport';
import { startTestApi, SUMMIT, type TestApi } from '../server/harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({}, { graphql: true });
});
afterAll(() => api.close());

function appLoad(channelKey: string) {
  const keyStore = createMemoryKeyStore();
  const client = createChannelClient({ endpoint: api.graphqlUrl, keyStore, channelKey, reporting: false, retry: { delayMs: 20 } });
  const events: ClientEventType[] = [];
  for (const type of ['keyError', 'userReset', 'globalError'] as const) client.events.on(type, () => events.push(type));
  const tracker: AnalyticsTrackerSettings[] = [];
  const actors = createAppLoadActors({ client, initAnalyticsTracker: (settings) => void tracker.push(settings) });
  const actor = createActor(appLoadMachine.provide({ actors })).start();
  return { actor, keyStore, events, tracker };
}

describe('app load with the real client', () => {
  it("loads an anonymous visitor's startup, mounts and starts the tracker", async () => {
    const { actor, keyStore, events, tracker } = appLoad(SUMMIT.channelKey);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);

    const mounting = await waitFor(actor, (s) => s.matches('mounting'), { timeout: 15_000 });
    const { parts, failedParts, globalError } = mounting.context;
    expect(keyStore.getApiKey()).toMatch(/.+/);
    expect(parts.settings?.channel.alias).toBe('summit');
    expect(parts.menu?.data.length).toBeGreaterThan(0);
    expect(parts.colors).not.toBeNull();
    expect(parts.pages).not.toBeNull();
    expect(parts.geo).not.toBeNull();
    expect(parts.categories?.data.length).toBeGreaterThan(0);
    expect(parts.participants?.data.length).toBeGreaterThan(0);
    expect(parts.groups).not.toBeNull();
    // Nobody is logged in: profile and access answer 401, which is neither a failure nor a user reset.
    expect(parts.profile).toBeNull();
    expect(parts.access).toBeNull();
    expect(failedParts).toEqual([]);
    expect(globalError).toBeNull();
    expect(events).toEqual([]);

    actor.send({ type: 'app.mounted' });
    await waitFor(actor, (s) => s.matches('running'));
    expect(tracker).toEqual([
      { tagManagerId: parts.settings?.tag_manager_id ?? null, productAnalyticsKey: parts.settings?.product_analytics_key ?? null },
    ]);
  });

  it('shows the reload screen for an unknown channel key: the keys are cleared and the key error raised', async () => {
    const { actor, keyStore, events } = appLoad('no-such-channel-key');
    const snapshot = await waitFor(actor, (s) => s.status === 'done', { timeout: 15_000 });
    expect(snapshot.value).toBe('keyError');
    expect(snapshot.hasTag('reloadScreen')).toBe(true);
    expect(snapshot.context.keyError).toMatchObject({ kind: 'channelKey' });
    expect(keyStore.getChannelKey()).toBeNull();
    expect(keyStore.getApiKey()).toBeNull();
    expect(events).toEqual(['keyError']);
  });
});
