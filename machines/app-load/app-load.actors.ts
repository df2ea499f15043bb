/**
 * The app-load machine's real actors over the typed client. The app shell passes them with
 * `appLoadMachine.provide({ actors: createAppLoadActors({ client, initAnalyticsTracker }) })`.
 */
import { fromPromise } from 'xstate';
import { StartupDocument } from '../../mesh/client/generated/documents/Startup';
import type { ChannelClient } from '../../mesh/client/transport';
import { type AnalyticsTrackerSettings, STARTUP_PARTS, type StartupParts, type StartupResult } from './app-load.types';

export interface AppLoadDeps {
  client: ChannelClient;
  /** Browser adapter that starts the tag manager (SPEC §1 step 4); without it there is no tracker to start. */
  initAnalyticsTracker?: (settings: AnalyticsTrackerSettings) => Promise<void> | void;
}

/** Real implementations of `obtainApiKey`, `loadStartup` and `initAnalyticsTracker`. */
export function createAppLoadActors(deps: AppLoadDeps) {
  const { client } = deps;
  return {
    // The client asks for the channel key first when it has none, then for an API key (SPEC §1 steps 1 and 2).
    obtainApiKey: fromPromise<string>(({ signal }) => client.ensureApiKey({ signal })),
    loadStartup: fromPromise<StartupResult>(async ({ signal }) => {
      // `execute` never rejects: each part is data or a classified error, after the client's retry of failed parts.
      const { data, fieldErrors } = await client.execute(StartupDocument, {}, { signal });
      const parts = Object.fromEntries(STARTUP_PARTS.map((part) => [part, data?.[part] ?? null])) as StartupParts;
      return { parts, fieldErrors };
    }),
    initAnalyticsTracker: fromPromise<void, AnalyticsTrackerSettings>(async ({ input }) => {
      await deps.initAnalyticsTracker?.(input);
    }),
  };
}
