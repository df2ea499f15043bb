/** Model of the analytics session (machines/analytics-session): what storage and the service may answer. */
import {
  ANALYTICS_SESSION_LIFETIME_MS,
  type AnalyticsSession,
  type StoredAnalyticsSession,
  analyticsSessionMachine,
} from '../../machines/analytics-session/analytics-session.machine';
import { defineModel } from '../../statecharts/lib/test-model';

const stored: AnalyticsSession = { hash: 'stored-hash', data: { platform: 'web' } };
const created: AnalyticsSession = { hash: 'new-hash', data: { platform: 'web' } };
const oneHour = 3_600_000;

export const analyticsSessionModel = defineModel({
  machine: analyticsSessionMachine,
  outputs: {
    readStoredSession: [
      { session: stored, remainingMs: oneHour } satisfies StoredAnalyticsSession,
      { session: stored, remainingMs: 0 } satisfies StoredAnalyticsSession,
      null,
    ],
    createSession: [created],
    storeSession: [undefined],
  },
  errors: {
    readStoredSession: [new Error('storage unavailable')],
    createSession: [new Error('analytics service unreachable')],
    storeSession: [new Error('storage quota exceeded')],
  },
  check: (snapshot) => {
    const { session, lifetimeLeftMs } = snapshot.context;
    if (snapshot.hasTag('ready') && session === null) throw new Error('ready without a session');
    if (snapshot.matches('active') && session?.hash === 'new-hash' && lifetimeLeftMs !== ANALYTICS_SESSION_LIFETIME_MS) {
      throw new Error(`a new session lives ${lifetimeLeftMs} ms, not 24 hours`);
    }
  },
});
