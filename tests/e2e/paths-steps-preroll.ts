/**
 * What the preroll map's generated spec calls (machines/preroll/preroll.ui.ts → tests/e2e/generated/preroll.paths.e2e.ts):
 * the games and viewers a path needs on Boréal, whose prerolls and timeout are the model's (one for a venue, one for
 * some sports, one for finished games only; 30 minutes off after one played), the ads a page asks for, and the
 * "prerolls off until" times the app keeps in local storage. Written by hand, so the spec's lines say what the
 * viewer does; kept apart from paths-steps.ts, which other maps share.
 */
import type { Page } from '@playwright/test';
import { type Preroll, matchingPrerolls } from '../../machines/preroll/preroll.types';
import { STORAGE_PREFIX } from '../../src/adapters/storage';
import { openAccount } from './accounts';
import { channelId, prerollsOf } from './catalogue';
import { expect, type Stack } from './fixtures';
import { appReady, withStoredToken } from './helpers';

const CHANNEL = 'boreal';

/**
 * The model's three games (machines/preroll/preroll.model.ts), as they stand to the channel's prerolls: the live game
 * at the first preroll's venue in one of the second's sports (both suit it), a finished game elsewhere in another
 * sport (only the third, for finished games, suits it), a live game elsewhere in another sport (none does).
 */
export type PathGameKind = 'hockeyAtArena' | 'finishedElsewhere' | 'liveElsewhere';

/** The seed's prerolls play `/media/prerolls/preroll-<n>/`, n their place in the channel's list (the model's ids). */
const SUITABLE: Record<PathGameKind, readonly string[]> = {
  hockeyAtArena: ['preroll-1', 'preroll-2'],
  finishedElsewhere: ['preroll-3'],
  liveElsewhere: [],
};

export interface PathGame {
  id: number;
  kind: PathGameKind;
}

/** Names every game a path adds: the spec's afterEach removes them by it, so the worker's later suites pick seeded games. */
const PATH_GAME_PREFIX = 'Path game';

const slugOf = (preroll: Preroll): string => /\/media\/prerolls\/([^/]+)\//.exec(preroll.url)?.[1] ?? preroll.url;

/**
 * Adds a free game of `kind` to the channel, copied from one of its seeded free games (its teams and demo stream):
 * each test has its own, live for hours or finished, whatever the time of the run. Throws when the channel's
 * prerolls do not suit it as they suit the model's game.
 */
export function addPathGame(stack: Stack, kind: PathGameKind): PathGame {
  const { db } = stack.api;
  const channel = channelId(stack.api, CHANNEL);
  const prerolls = prerollsOf(stack.api, channel);
  const venue = prerolls[0]?.location_id ?? null;
  const sports = prerolls[1]?.event_categories ?? [];
  const other = <T>(rows: T[], excluded: (row: T) => boolean, what: string): T => {
    const found = rows.find((row) => !excluded(row));
    if (found === undefined) throw new Error(`${CHANNEL} has no ${what}`);
    return found;
  };
  const locations = db.prepare<[number], { id: number }>('SELECT id FROM locations WHERE channel_id = ? ORDER BY id').all(channel);
  const categories = db.prepare<[number], { id: number }>('SELECT id FROM event_categories WHERE channel_id = ? ORDER BY id').all(channel);
  const location = kind === 'hockeyAtArena' ? venue : other(locations, (l) => l.id === venue, 'venue without a preroll').id;
  const category = kind === 'hockeyAtArena' ? (sports[0] ?? null) : other(categories, (c) => sports.includes(c.id), 'sport without a preroll').id;

  const template = db
    .prepare<[number], { id: number }>("SELECT id FROM events WHERE channel_id = ? AND type = 'free' AND media_slug IS NOT NULL ORDER BY id")
    .get(channel);
  if (!template) throw new Error(`${CHANNEL} has no free game to copy`);
  const now = stack.clock.now();
  // Live: started five minutes ago, four hours long. Finished: yesterday's two hours.
  const [start, duration] = kind === 'finishedElsewhere' ? [now - 26 * 3600, 2 * 3600] : [now - 300, 4 * 3600];
  const columns = db
    .prepare<[], { name: string }>('PRAGMA table_info(events)')
    .all()
    .map((c) => c.name)
    .filter((name) => name !== 'id');
  const set: Record<string, unknown> = {
    name: `${PATH_GAME_PREFIX} ${kind}`,
    event_utc_ts: start,
    duration,
    event_category_id: category,
    location_id: location,
    single_event_package_id: null,
  };
  const values = columns.map((name) => (name in set ? '?' : name));
  const params = columns.filter((name) => name in set).map((name) => set[name]);
  const { lastInsertRowid } = db
    .prepare(`INSERT INTO events (${columns.join(', ')}) SELECT ${values.join(', ')} FROM events WHERE id = ?`)
    .run(...params, template.id);
  const id = Number(lastInsertRowid);
  db.prepare('INSERT INTO event_participants (event_id, participant_id) SELECT ?, participant_id FROM event_participants WHERE event_id = ?').run(
    id,
    template.id,
  );

  const suitable = matchingPrerolls(prerolls, { id, categoryId: category, locationId: location, streamStatus: kind === 'finishedElsewhere' ? 'vod' : 'live' });
  expect(suitable.map(slugOf), `the prerolls that suit ${CHANNEL}'s ${kind}`).toEqual(SUITABLE[kind]);
  return { id, kind };
}

/** Who watches: a visitor, or a new viewer of the channel (basic pass chosen) with ads or with the no_ads capability. */
export type PathViewerKind = 'visitor' | 'withAds' | 'noAds';

export interface PathViewer {
  kind: PathViewerKind;
  /** Whose "prerolls off" times the app keeps: the user's id, or "unlogged". */
  storageId: string;
}

/** The viewer, signed in on the page through a kept token (a visitor keeps none). */
export async function prerollViewer(page: Page, stack: Stack, kind: PathViewerKind): Promise<PathViewer> {
  if (kind === 'visitor') return { kind, storageId: 'unlogged' };
  const account = await openAccount(stack, { tag: `paths-preroll-${kind}`, basicPass: true, channel: CHANNEL });
  const user = stack.api.db.prepare<[string], { id: number; capabilities: string }>('SELECT id, capabilities FROM users WHERE email = ?').get(account.email);
  if (!user) throw new Error(`no user ${account.email}`);
  // The channel gives ad-free viewing per viewer (the seed's fan has it); a new account has not.
  if (kind === 'noAds') {
    const capabilities = [...(JSON.parse(user.capabilities) as string[]), 'No_Ads'];
    stack.api.db.prepare('UPDATE users SET capabilities = ? WHERE id = ?').run(JSON.stringify(capabilities), user.id);
  }
  await withStoredToken(page, account.token);
  return { kind, storageId: String(user.id) };
}

/** The preroll files a page asks for, by slug (`preroll-2`), since the last game opened. */
export interface PrerollRequests {
  slugs(): string[];
  reset(): void;
}

export function recordPrerolls(page: Page): PrerollRequests {
  let slugs: string[] = [];
  page.on('request', (request) => {
    const slug = /\/media\/prerolls\/([^/]+)\//.exec(request.url())?.[1];
    if (slug !== undefined && !slugs.includes(slug)) slugs.push(slug);
  });
  return {
    slugs: () => [...slugs],
    reset: () => {
      slugs = [];
    },
  };
}

/** The viewer opens the game's watch page on the channel (a new page load: the player decides afresh). */
export async function openPathGame(page: Page, stack: Stack, ads: PrerollRequests, game: PathGame): Promise<void> {
  ads.reset();
  await page.goto(`${stack.originFor(CHANNEL)}/watch/${game.id}`);
  await appReady(page);
}

const storageKey = (viewer: PathViewer, game: PathGame): string => `${STORAGE_PREFIX}preroll_disabled_until:${viewer.storageId}:${game.id}`;

/**
 * A preroll played for the viewer and the game a moment ago, on an earlier visit: prerolls are off for ten more
 * minutes, kept as the app keeps them. Written before the page's own scripts, unless the app has written its own.
 */
export async function keepPrerollsOff(page: Page, viewer: PathViewer, game: PathGame): Promise<void> {
  const until = Date.now() + 10 * 60_000;
  const entry = JSON.stringify({ value: String(until), expiresAt: until });
  await page.addInitScript(([key, value]) => {
    if (window.localStorage.getItem(key!) === null) window.localStorage.setItem(key!, value!);
  }, [storageKey(viewer, game), entry]);
}

/** Until when (ms) the app keeps prerolls off for the viewer and the game, or null when it keeps nothing. */
export function prerollsOffUntil(page: Page, viewer: PathViewer, game: PathGame): Promise<number | null> {
  return page.evaluate((key) => {
    const text = window.localStorage.getItem(key);
    return text === null ? null : Number((JSON.parse(text) as { value: string }).value);
  }, storageKey(viewer, game));
}

/** The app keeps prerolls off for the viewer and the game for `timeoutMs` from about now (the ad has just ended). */
export async function expectPrerollsOff(page: Page, viewer: PathViewer, game: PathGame, timeoutMs: number): Promise<void> {
  await expect.poll(() => prerollsOffUntil(page, viewer, game)).not.toBeNull();
  const left = ((await prerollsOffUntil(page, viewer, game)) ?? 0) - (await page.evaluate(() => Date.now()));
  // Counted from the ad's end, which was moments ago on a busy machine.
  expect(left).toBeGreaterThan(timeoutMs - 2 * 60_000);
  expect(left).toBeLessThanOrEqual(timeoutMs);
}

export const watchPlayer = (page: Page) => page.getByTestId('player');
export const adLabel = (page: Page) => page.getByTestId('player-ad');
