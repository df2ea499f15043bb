/**
 * The preroll machine's real actors: ports over the browser's effects, which the app shell hands in (a local-storage
 * adapter, the wall clock, Math.random), and the mapping of the channel's settings from the Startup query. Nothing
 * here touches a global: tests pass a memory store, a fixed clock and a fixed draw.
 */
import { fromPromise } from 'xstate';
import type { StartupQuery } from '../../mesh/client/generated/graphql';
import type { DisabledUntilQuery, DisabledUntilRecord } from './preroll.machine';
import type { PlayableEvent, Preroll, PrerollSettings, PrerollViewer } from './preroll.types';

/**
 * Where disabled-until times are kept (local storage in the app, with the product's prefix).
 *
 * @public
 */
export interface PrerollStoragePort {
  /** The stored time (ms) for the key, or null when none is stored. */
  read(key: string): number | null | Promise<number | null>;
  write(key: string, untilMs: number): void | Promise<void>;
}

/** @public */
export interface ClockPort {
  /** Milliseconds since the epoch. */
  now(): number;
}

/** @public */
export interface PrerollDeps {
  /**
   * Who is watching, once the app knows: signed in or not and, if so, with which capabilities. The app resolves it
   * when its session has settled, so a decision never rests on a profile still loading.
   */
  viewer: () => PrerollViewer | Promise<PrerollViewer>;
  storage: PrerollStoragePort;
  clock: ClockPort;
  /** A number in [0, 1): Math.random in the app, a fixed value in tests. */
  random: () => number;
}

/** Real implementations of `readViewer`, `readClock`, `drawRandom`, `readDisabledUntil` and `writeDisabledUntil`. */
export function createPrerollActors(deps: PrerollDeps) {
  return {
    readViewer: fromPromise<PrerollViewer>(async () => deps.viewer()),
    readClock: fromPromise<number>(async () => deps.clock.now()),
    drawRandom: fromPromise<number>(async () => deps.random()),
    readDisabledUntil: fromPromise<number | null, DisabledUntilQuery>(async ({ input }) => {
      const stored = await deps.storage.read(input.key);
      return typeof stored === 'number' && Number.isFinite(stored) ? stored : null;
    }),
    writeDisabledUntil: fromPromise<void, DisabledUntilRecord>(async ({ input }) => {
      await deps.storage.write(input.key, input.untilMs);
    }),
  };
}

/** The machine's input from the channel settings of the Startup query (SPEC §1, §3 Channel settings). */
export function prerollSettingsFrom(settings: StartupQuery['settings']): PrerollSettings {
  const prerolls: Preroll[] = [];
  for (const p of settings?.prerolls ?? []) {
    if (!p) continue;
    prerolls.push({
      id: p.id,
      url: p.url,
      weight: p.weight,
      location_id: p.location_id,
      event_categories: p.event_categories.filter((c): c is number => c !== null),
      for_live: p.for_live,
      for_vod: p.for_vod,
    });
  }
  return { prerolls, timeoutMs: settings?.preroll_timeout_ms ?? null };
}

/** The event as prerolls see it, from an event of the API (EventCard or EventDetail). */
export function playableEventFrom(event: {
  id: number;
  event_category_id: number | null;
  location_id: number | null;
  stream_status: PlayableEvent['streamStatus'];
}): PlayableEvent {
  return { id: event.id, categoryId: event.event_category_id, locationId: event.location_id, streamStatus: event.stream_status };
}
