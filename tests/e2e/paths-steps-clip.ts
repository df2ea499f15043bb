/**
 * What the clip-creation spec of tests/e2e/generated/ calls (`npm run paths:specs`, from
 * machines/clip-creation/clip-creation.ui.ts): the viewer a path cuts clips as, the clip panel under the player, the
 * form's fields, and the conditions forced on the cutting of a clip. Written by hand, so the spec's lines stay short
 * and say what the viewer does. Kept apart from paths-steps.ts, which the other machines' specs share.
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { DEFAULT_RETRY } from '../../mesh/client/transport';
import { openAccount } from './accounts';
import { pickEvent } from './catalogue';
import { expect, type Stack } from './fixtures';
import { appReady, withStoredToken } from './helpers';

/** The game a path cuts from, as the database has it. */
interface ClipGame {
  id: number;
  event_utc_ts: number;
  duration: number;
}

/** The viewer of a path and the game they cut from. */
export interface Clipper {
  email: string;
  game: ClipGame;
}

/** Cutting on a busy machine: the job runs about 3 s after the clip is sent, and the panel checks it every 3 s. */
const CUT_TIMEOUT = { timeout: 30_000 };

/** The clip-creation model's clips (machines/clip/clip.model.ts): the one cut, and the one that failed before it. */
export const PATH_CLIP = { name: 'Overtime winner', startTime: 30, duration: 15 } as const;
const FAILED_BEFORE = 'Missed it';

/**
 * A new viewer (a basic pass; clip downloads, and clipping unless `clipping` is false) signed in on `page` through
 * storage, and the game they cut from: a finished game, or a live one that stays live for 15 minutes. With
 * `comesBack` they cut "Overtime winner" from it before (still queued: its cutting is held until
 * {@link releaseClipCutting}), and a newer clip of theirs there failed, as the model's returning viewer.
 */
export async function openClipper(stack: Stack, page: Page, options: { game: 'finished' | 'live'; clipping: boolean; comesBack: boolean }): Promise<Clipper> {
  const picked = options.game === 'live' ? pickEvent(stack.api, { when: 'live', type: 'free', preroll: false, forAtLeast: 900 }) : pickEvent(stack.api, { when: 'finished', type: 'free' });
  const game: ClipGame = { id: picked.id, event_utc_ts: picked.event_utc_ts, duration: picked.duration };
  const account = await openAccount(stack, { tag: 'paths-clip', basicPass: true });
  const setCapabilities = (capabilities: string[]) =>
    stack.api.db.prepare('UPDATE users SET capabilities = ? WHERE email = ?').run(JSON.stringify(capabilities), account.email);
  setCapabilities(['Watch', 'Clipping', 'Download_Clip', 'Vod_Media']);
  if (options.comesBack) {
    holdClipCutting(stack);
    const cut = await stack.api.call<{ id: number; created_at: number }>('POST', '/clip', {
      key: await stack.api.apiKey(),
      token: account.token,
      body: { event_id: game.id, name: PATH_CLIP.name, start_time: PATH_CLIP.startTime, duration: PATH_CLIP.duration, tags: ['DEFAULT'] },
    });
    expect(cut.status, JSON.stringify(cut.body)).toBe(201);
    // Newer than the queued one: what is picked up again is the newest clip that did not fail.
    stack.api.db
      .prepare(
        `INSERT INTO clips (uuid, user_id, event_id, name, start_time, duration, tags, status, created_at, processed_at, failure_reason)
         SELECT ?, id, ?, ?, 30, 15, '["DEFAULT"]', 'failed', ?, ?, 'The event has no recording to cut the clip from' FROM users WHERE email = ?`,
      )
      .run(randomUUID(), game.id, FAILED_BEFORE, cut.body.created_at + 1, cut.body.created_at + 1, account.email);
  }
  // Taken away after the clip was cut (the API cuts none without it): the pass no longer includes clipping.
  if (!options.clipping) setCapabilities(['Watch', 'Download_Clip', 'Vod_Media']);
  await withStoredToken(page, account.token);
  return { email: account.email, game };
}

/** Opens the game's watch page and unfolds the clip panel under the player. */
export async function openClipPanel(page: Page, game: ClipGame): Promise<void> {
  await page.goto(`/watch/${game.id}`);
  await appReady(page);
  await page.getByText('Make a clip', { exact: true }).click();
}

export const clipForm = (page: Page) => page.getByRole('form', { name: 'Make a clip' });
/** The followed clip's box: `data-status` queued, processed, failed or deleted. */
export const clipStatus = (page: Page) => page.getByTestId('clip-status');

/**
 * Types `value` so that the form hears it even when the field already holds it (React reports no change to the same
 * value): the field is first emptied, or given a blank, as a viewer retyping it does.
 */
async function retype(field: Locator, value: string): Promise<void> {
  await field.fill(value === '' ? ' ' : '');
  await field.fill(value);
}

/**
 * Fills what the model's edit changes: the clip's start and length (seconds) and its name. The model's clip ending
 * after the game is `{ startTime: game.duration - 10, duration: 20 }`.
 */
export async function typeClip(page: Page, clip: { name?: string; startTime?: number; duration?: number }): Promise<void> {
  const form = clipForm(page);
  if (clip.startTime !== undefined) await retype(form.getByLabel('Start (seconds)'), String(clip.startTime));
  if (clip.duration !== undefined) await retype(form.getByLabel('Length (seconds)'), String(clip.duration));
  if (clip.name !== undefined) await retype(form.getByLabel('Clip name'), clip.name);
}

/**
 * A clip of a live game that starts a second before what has been broadcast and lasts 10 minutes: the form lets it
 * through (it ends within the game), the API refuses it (it ends after what has been broadcast).
 */
export async function typeClipPastLiveEdge(page: Page, stack: Stack, game: ClipGame): Promise<void> {
  const broadcast = stack.clock.now() - game.event_utc_ts;
  if (broadcast < 2 || broadcast + 600 > game.duration) throw new Error(`game ${game.id} is not live with 10 minutes to go`);
  await typeClip(page, { name: PATH_CLIP.name, startTime: broadcast - 1, duration: 600 });
}

/** Empties the tags field (it starts with DEFAULT). */
export async function clearTags(page: Page): Promise<void> {
  await retype(clipForm(page).getByLabel('Tags'), '');
}

export async function sendClip(page: Page): Promise<void> {
  await clipForm(page).getByRole('button', { name: 'Make the clip' }).click();
}

/**
 * The network drops the next clip sent (the request and the client's retry of it: SPEC §9 retries a network
 * failure once); every other request goes through.
 */
export async function dropNextClipSent(page: Page): Promise<void> {
  let left = DEFAULT_RETRY.attempts + 1;
  await page.route('**/graphql', (route) => {
    if (left > 0 && route.request().postData()?.includes('"CreateClip"') === true) {
      left -= 1;
      return route.abort('internetdisconnected');
    }
    return route.fallback();
  });
}

/**
 * Clips are cut only when {@link releaseClipCutting} says: each cutting job is scheduled an hour on (a trigger on
 * the stack's own connection), so a clip stays queued for as long as a path follows it. `DROP TRIGGER IF EXISTS
 * hold_clip_cutting` after each test ends a hold a test left.
 */
export function holdClipCutting(stack: Stack): void {
  stack.api.db.exec(
    `CREATE TEMP TRIGGER IF NOT EXISTS hold_clip_cutting AFTER INSERT ON jobs WHEN NEW.kind = 'process_clip'
     BEGIN UPDATE jobs SET run_at = run_at + 3600 WHERE id = NEW.id; END`,
  );
}

/** Ends the hold: the held clips are cut now (the jobs run every half second). */
function releaseClipCutting(stack: Stack): void {
  stack.api.db.exec('DROP TRIGGER IF EXISTS hold_clip_cutting');
  stack.api.db.prepare("UPDATE jobs SET run_at = run_at - 3600 WHERE kind = 'process_clip' AND done_at IS NULL AND run_at > ?").run(stack.clock.now() + 60);
}

/**
 * The server gives up on the viewer's queued clips now, as it does 5 minutes after they were sent: their `fail_clip`
 * jobs are made due.
 */
export function failQueuedClips(stack: Stack, email: string): void {
  stack.api.db
    .prepare(
      `UPDATE jobs SET run_at = ? WHERE kind = 'fail_clip' AND done_at IS NULL AND json_extract(payload, '$.clipId') IN
         (SELECT c.id FROM clips c JOIN users u ON u.id = c.user_id WHERE u.email = ? AND c.status = 'queued')`,
    )
    .run(stack.clock.now(), email);
}

/** The followed clip is cut: the panel shows it processed, with its share, download and delete buttons. */
async function clipCut(page: Page, stack: Stack): Promise<void> {
  releaseClipCutting(stack);
  await expect(clipStatus(page)).toHaveAttribute('data-status', 'processed', CUT_TIMEOUT);
}

/** "Make another clip" while the followed clip is still queued or once it is cut: it stays in the viewer's clips. */
export async function startAnotherClip(page: Page): Promise<void> {
  await clipStatus(page).getByRole('button', { name: 'Make another clip' }).click();
}

/** Once the followed clip is cut, Delete, confirmed in the popup. */
export async function deleteFollowedClip(page: Page, stack: Stack): Promise<void> {
  await clipCut(page, stack);
  await clipStatus(page).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: `Delete “${PATH_CLIP.name}”?` }).getByRole('button', { name: 'Delete' }).click();
}
