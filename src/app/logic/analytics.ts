/**
 * Analytics (SPEC §5: needs the channel's profile key and is never sent from localhost; §8: failures swallowed): the
 * browser's environment, the analytics session kept in storage, and who the viewer is, read from the session.
 */
import { createAnalyticsSessionActors, createReporter, type AnalyticsEnvironment } from '../../../machines/analytics-session/analytics-session.actors';
import { analyticsSessionMachine } from '../../../machines/analytics-session/analytics-session.machine';
import { analyticsSessionStore } from '../../adapters/stores';
import { isLocalhost, pushViewItemList } from '../../adapters/tag-manager';
import { outerSource } from '../outer-source';
import type { CoreActors } from './core-logic';

export function provideAnalytics(core: Pick<CoreActors, 'client' | 'storage' | 'platform' | 'appLoad' | 'session'>): typeof analyticsSessionMachine {
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
    storage: analyticsSessionStore(storage),
    viewer: () => {
      const profile = session.getSnapshot().context.profile;
      return profile ? { id: profile.id, email: profile.email } : null;
    },
  };
  return analyticsSessionMachine.provide({
    actors: createAnalyticsSessionActors(deps),
    actions: { report: createReporter(deps), pushItemList: (_, list) => pushViewItemList(list) },
  });
}
