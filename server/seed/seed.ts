import type { Db } from '../db/database';
import { boreal } from './boreal';
import { demoViewers, insertChannel } from './build-channel';
import { insertCommerce } from './commerce';
import type { DemoViewer } from './build-channel';
import { summit } from './summit';

const SEEDS = [summit, boreal];
const ANCHOR_KEY = 'schedule_anchor';
/** Clock drift below this is left alone, so quick restarts do not rewrite the schedule. */
const REANCHOR_THRESHOLD_SECONDS = 60;

interface DemoChannel {
  alias: string;
  name: string;
  channelKey: string;
  language: string;
  currency: string;
  viewers: DemoViewer[];
}

/** What the demo seed creates, for the README and tests: channel keys and the viewer logins. */
export const DEMO_CHANNELS: readonly DemoChannel[] = SEEDS.map((seed) => ({
  alias: seed.alias,
  name: seed.name,
  channelKey: seed.channelKey,
  language: seed.language,
  currency: seed.currency,
  viewers: demoViewers(seed),
}));

/**
 * Inserts the two demo channels with their catalogue, content and viewers, with event times relative to
 * `now` (unix seconds), and records `now` as the schedule anchor. Does nothing when any channel exists.
 * Runs in one transaction: a failure leaves the database untouched.
 */
export function seedDemoChannels(db: Db, now: number): void {
  const at = Math.floor(now);
  db.transaction(() => {
    const existing = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM channels').get();
    if ((existing?.n ?? 0) > 0) return;
    for (const seed of SEEDS) {
      insertChannel(db, seed, at);
      insertCommerce(db, seed, at);
    }
    db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(ANCHOR_KEY, String(at));
  }).immediate();
}

/**
 * Moves every event and VOD date by the time elapsed since the schedule anchor, so that games seeded as
 * live are live again whenever the server starts. A database without an anchor (not seeded, or seeded by
 * something else) is left alone.
 */
export function reanchorDemoSchedule(db: Db, now: number): void {
  const at = Math.floor(now);
  db.transaction(() => {
    const row = db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?').get(ANCHOR_KEY);
    if (row === undefined) return;
    const anchor = Number(row.value);
    if (!Number.isInteger(anchor)) return;
    const shift = at - anchor;
    if (Math.abs(shift) <= REANCHOR_THRESHOLD_SECONDS) return;
    db.prepare('UPDATE events SET event_utc_ts = event_utc_ts + ?').run(shift);
    db.prepare('UPDATE vod_media SET date = date + ?').run(shift);
    db.prepare('UPDATE meta SET value = ? WHERE key = ?').run(String(at), ANCHOR_KEY);
  }).immediate();
}
