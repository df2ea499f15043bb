/**
 * The analytics session actor, started with the rest of the app once its chunk has loaded (it only begins after the
 * app mounted, so it stays out of the initial bundle). SPEC §5: analytics needs the channel's profile key and is
 * never sent from localhost; §8: its failures are swallowed.
 */
import { createActor, type Actor } from 'xstate';
import { createAnalyticsSessionActors, createReporter, type AnalyticsEnvironment } from '../../machines/analytics-session/analytics-session.actors';
import { analyticsSessionMachine } from '../../machines/analytics-session/analytics-session.machine';
import type { AnalyticsSession } from '../../machines/analytics-session/analytics-session.types';
import { isLocalhost } from '../adapters/tag-manager';
import type { CoreActors } from './app-actors';
import { outerSource } from './outer-source';

const STORED_SESSION = 'analytics_session';

export function startAnalyticsActor(core: CoreActors): Actor<typeof analyticsSessionMachine> {
  const { client, storage, platform, appLoad, session } = core;
  const environment = platform.analyticsEnvironment;
  const deps = {
    client,
    profileKey: () => {
      const key = appLoad.getSnapshot().context.parts.settings?.product_analytics_key ?? null;
      return environment && !isLocalhost(new URL(platform.pageUrl()).hostname) ? key : null;
    },
    environment: (): AnalyticsEnvironment => ({
      ...(environment?.() ?? { originUrl: platform.pageUrl(), deviceType: 'desktop', userAgent: '', resolution: '0x0' }),
      outerSource: outerSource(storage),
    }),
    storage: {
      read: () => {
        const stored = storage.getWithExpiry(STORED_SESSION);
        const value = stored ? parseAnalyticsSession(stored.value) : null;
        return stored && value ? { session: value, remainingMs: stored.remainingMs } : null;
      },
      write: (value: AnalyticsSession, lifetimeMs: number) => storage.set(STORED_SESSION, JSON.stringify(value), lifetimeMs),
    },
    viewer: () => {
      const profile = session.getSnapshot().context.profile;
      return profile ? { id: profile.id, email: profile.email } : null;
    },
  };
  return createActor(
    analyticsSessionMachine.provide({
      actors: createAnalyticsSessionActors(deps),
      actions: { report: createReporter(deps) },
    }),
  ).start();
}

function parseAnalyticsSession(text: string): AnalyticsSession | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { hash, data } = value as Partial<AnalyticsSession>;
    return typeof hash === 'string' && typeof data === 'object' && data !== null ? { hash, data } : null;
  } catch {
    return null;
  }
}
