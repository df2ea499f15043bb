/**
 * SPEC §4 one clip followed (machines/clip): queued for up to 5 minutes, checked every few seconds, then processed or
 * failed; a processed clip is downloaded through its download child (download_clip only), shared or deleted once the
 * viewer confirms.
 */
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { clipMachine, clipPolling } from '../../machines/clip/clip.machine';
import {
  CLIP_POLL_INTERVAL_MS,
  CLIP_PROCESSING_LIMIT_MS,
  type Clip,
  type ClipRef,
  type DeletionAnswer,
  type DeletionQuestion,
} from '../../machines/clip/clip.types';
import { downloadMachine } from '../../machines/download/download.machine';
import type { DownloadLink, DownloadTarget } from '../../machines/download/download.types';

const queued: Clip = {
  id: 9,
  uuid: 'u-9',
  event_id: 42,
  name: 'Goal',
  start_time: 30,
  duration: 15,
  tags: ['DEFAULT'],
  status: 'queued',
  created_at: 1_700_000_000,
  share_url: null,
  playlist_url: null,
};
const processed: Clip = { ...queued, status: 'processed', share_url: 'http://app.test/share/42/u-9', playlist_url: 'p' };

const flush = () => new Promise((resolve) => setImmediate(resolve));

interface Options {
  clip?: Clip;
  /** What each check of the queued clip answers, in turn (the last one repeats). */
  checks?: Array<Clip | null>;
  canDownload?: boolean;
  /** How the viewer answers the deletion popup (no answer: it stays open). */
  confirmDeletion?: 'confirm' | 'cancel';
}

function start(options: Options = {}) {
  const clock = new SimulatedClock();
  const checks = [...(options.checks ?? [processed])];
  const calls: string[] = [];
  const effects: Array<[string, unknown]> = [];
  const machine = clipMachine.provide({
    actors: {
      pollClip: clipPolling(async (ref) => {
        calls.push(`fetch ${ref.eventId}/${ref.clipId}@${clock.now()}`);
        return checks.length > 1 ? (checks.shift() ?? null) : (checks[0] ?? null);
      }),
      download: downloadMachine.provide({
        actors: {
          requestDownload: fromPromise<DownloadLink, DownloadTarget>(async ({ input: target }) => {
            calls.push(`download ${target.kind} ${target.id}`);
            return { url: 'http://media/x.ts', file_name: 'goal.ts' };
          }),
        },
        actions: { saveDownload: (_, link) => void effects.push(['saveDownload', link]) },
      }),
      deleteClip: fromPromise<void, ClipRef>(async ({ input: ref }) => void calls.push(`delete ${ref.clipId}`)),
      confirmDeletion: fromCallback<DeletionAnswer, DeletionQuestion>(({ input: question, sendBack }) => {
        calls.push(`ask ${question.clipId} ${question.name}`);
        if (options.confirmDeletion === 'confirm') sendBack({ type: 'deletion.confirmed' });
        if (options.confirmDeletion === 'cancel') sendBack({ type: 'deletion.cancelled' });
        return () => void calls.push('popup closed');
      }),
    },
    actions: { shareClip: (_, url) => void effects.push(['shareClip', url]) },
  });
  const actor = createActor(machine, { clock, input: { clip: options.clip ?? queued, canDownload: options.canDownload ?? true } }).start();
  const tick = async (ms: number) => {
    clock.increment(ms);
    await flush();
  };
  return { actor, clock, calls, effects, tick };
}

describe('queued clip (SPEC §4: up to 5 minutes)', () => {
  it('checks the clip every poll interval until it is processed', async () => {
    const { actor, calls, tick } = start({ checks: [queued, queued, processed] });
    await tick(CLIP_POLL_INTERVAL_MS - 1);
    expect(calls).toEqual([]);
    await tick(1);
    await tick(CLIP_POLL_INTERVAL_MS);
    expect(actor.getSnapshot().hasTag('processing')).toBe(true);
    await tick(CLIP_POLL_INTERVAL_MS);
    expect(calls).toEqual([`fetch 42/9@${CLIP_POLL_INTERVAL_MS}`, `fetch 42/9@${2 * CLIP_POLL_INTERVAL_MS}`, `fetch 42/9@${3 * CLIP_POLL_INTERVAL_MS}`]);
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    expect(actor.getSnapshot().context.clip).toEqual(processed);
  });

  it('gives up when the clip is still queued after 5 minutes', async () => {
    const { actor, tick, calls } = start({ checks: [queued] });
    for (let elapsed = 0; elapsed < CLIP_PROCESSING_LIMIT_MS - CLIP_POLL_INTERVAL_MS; elapsed += CLIP_POLL_INTERVAL_MS) {
      await tick(CLIP_POLL_INTERVAL_MS);
    }
    await tick(CLIP_POLL_INTERVAL_MS - 1);
    expect(actor.getSnapshot().hasTag('processing')).toBe(true);
    await tick(1);
    expect(CLIP_PROCESSING_LIMIT_MS).toBe(300_000);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ status: 'failed', failure: 'timeout' });
    expect(calls.length).toBe(CLIP_PROCESSING_LIMIT_MS / CLIP_POLL_INTERVAL_MS - 1);
  });

  it('ends failed when the server fails the clip, or when it is gone', async () => {
    const failing = start({ checks: [{ ...queued, status: 'failed' }] });
    await failing.tick(CLIP_POLL_INTERVAL_MS);
    expect(failing.actor.getSnapshot().output).toEqual({ status: 'failed', failure: 'processing' });
    const gone = start({ checks: [null] });
    await gone.tick(CLIP_POLL_INTERVAL_MS);
    expect(gone.actor.getSnapshot().hasTag('failed')).toBe(true);
  });

  it('starts where the clip is: a processed one ready, a failed one ended', () => {
    expect(start({ clip: processed }).actor.getSnapshot().hasTag('ready')).toBe(true);
    const failed = start({ clip: { ...queued, status: 'failed' } }).actor.getSnapshot();
    expect(failed.status).toBe('done');
    expect(failed.output).toEqual({ status: 'failed', failure: 'processing' });
  });
});

describe('processed clip', () => {
  it('downloads through its download child with the download_clip capability, handing the link to the browser', async () => {
    const { actor, calls, effects } = start({ clip: processed });
    const download = actor.getSnapshot().children.download;
    if (!download) throw new Error('no download child');
    expect(download.getSnapshot().context.target).toEqual({ kind: 'clip', id: 9 });
    actor.send({ type: 'user.download' });
    // One click, one link: a second one while it is on its way asks nothing more.
    actor.send({ type: 'user.download' });
    expect(download.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(download, (s) => s.context.download !== null);
    expect(calls).toEqual(['download clip 9']);
    expect(effects).toEqual([['saveDownload', { url: 'http://media/x.ts', file_name: 'goal.ts' }]]);
  });

  it('does not download without the download_clip capability: its download says no', async () => {
    const { actor, calls } = start({ clip: processed, canDownload: false });
    const download = actor.getSnapshot().children.download;
    expect(download?.getSnapshot().can({ type: 'user.download' })).toBe(false);
    actor.send({ type: 'user.download' });
    await flush();
    expect(calls.some((c) => c.startsWith('download'))).toBe(false);
  });

  it('shares its link and deletes it once the viewer confirms', async () => {
    const { actor, calls, effects } = start({ clip: processed, confirmDeletion: 'confirm' });
    actor.send({ type: 'user.share' });
    expect(effects).toEqual([['shareClip', 'http://app.test/share/42/u-9']]);
    actor.send({ type: 'user.delete' });
    await waitFor(actor, (s) => s.hasTag('deleted'));
    expect(calls).toEqual(['ask 9 Goal', 'popup closed', 'delete 9']);
    expect(actor.getSnapshot().output).toEqual({ status: 'deleted', failure: null });
  });

  it('keeps the clip when the viewer closes the confirmation popup', async () => {
    const { actor, calls } = start({ clip: processed, confirmDeletion: 'cancel' });
    actor.send({ type: 'user.delete' });
    await waitFor(actor, (s) => s.hasTag('ready') && !s.hasTag('deleting'));
    expect(calls.some((c) => c.startsWith('delete'))).toBe(false);
    expect(actor.getSnapshot().can({ type: 'user.delete' })).toBe(true);
  });

  it('asks while the popup is open: nothing else happens, and the popup closes when the clip is left', async () => {
    const { actor, calls } = start({ clip: processed });
    actor.send({ type: 'user.delete' });
    expect(actor.getSnapshot().hasTag('deleting')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'user.download' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'user.share' })).toBe(false);
    actor.stop();
    expect(calls).toContain('popup closed');
    expect(calls.some((c) => c.startsWith('delete'))).toBe(false);
  });

  it('keeps the clip when nobody provides the confirmation (the safe default)', async () => {
    const deleted: number[] = [];
    // Only the confirmation is left to its default: a delete would be seen here.
    const machine = clipMachine.provide({
      actors: { deleteClip: fromPromise<void, ClipRef>(async ({ input: ref }) => void deleted.push(ref.clipId)) },
    });
    const actor = createActor(machine, { input: { clip: processed, canDownload: false } }).start();
    const deleting: boolean[] = [];
    actor.subscribe((s) => deleting.push(s.hasTag('deleting') && s.children.deleteClip !== undefined));
    actor.send({ type: 'user.delete' });
    await waitFor(actor, (s) => !s.hasTag('deleting'));
    await flush();
    expect(deleting).not.toContain(true);
    expect(deleted).toEqual([]);
    actor.stop();
  });

  it("shows the server's words when deleting fails, and the clip stays", async () => {
    const machine = clipMachine.provide({
      actors: {
        deleteClip: fromPromise<void, ClipRef>(async () => {
          throw new Error('server error');
        }),
        confirmDeletion: fromCallback<DeletionAnswer, DeletionQuestion>(({ sendBack }) => sendBack({ type: 'deletion.confirmed' })),
      },
    });
    const actor = createActor(machine, { input: { clip: processed, canDownload: false } }).start();
    actor.send({ type: 'user.delete' });
    await waitFor(actor, (s) => s.context.message !== null);
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    expect(actor.getSnapshot().context.message).toEqual({ key: 'errors.somethingWentWrong' });
    actor.stop();
  });
});
