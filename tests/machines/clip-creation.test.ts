/**
 * SPEC §4/§5 clip creation: the form's messages, the DEFAULT tag, the queue of up to 5 minutes checked every few
 * seconds, then processed or failed; a processed clip is downloaded (download_clip only), shared or deleted.
 */
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { clipCreationMachine, clipPolling } from '../../machines/clip-creation/clip-creation.machine';
import {
  CLIP_POLL_INTERVAL_MS,
  CLIP_PROCESSING_LIMIT_MS,
  type Clip,
  type ClipCreationInput,
  type ClipDownload,
  type ClipRef,
  type CreateClipInput,
  type DeletionAnswer,
  type DeletionQuestion,
} from '../../machines/clip-creation/clip-creation.types';
import { ClientRequestError } from '../../mesh/client/errors';
import { LIMITS } from '../../mesh/validation';

const { clipNameMaxLength: CLIP_NAME_MAX_LENGTH, clipTagMaxLength: CLIP_TAG_MAX_LENGTH } = LIMITS;

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
  /** What each check of the queued clip answers, in turn (the last one repeats). */
  checks?: Array<Clip | null>;
  createError?: unknown;
  download_clip?: boolean;
  /** How the viewer answers the deletion popup (no answer: it stays open). */
  confirmDeletion?: 'confirm' | 'cancel';
}

function start(options: Options = {}) {
  const clock = new SimulatedClock();
  const created: CreateClipInput[] = [];
  const checks = [...(options.checks ?? [processed])];
  const calls: string[] = [];
  const effects: Array<[string, unknown]> = [];
  const input: ClipCreationInput = { eventId: 42, endTime: 600, capabilities: { download_clip: options.download_clip ?? true } };
  const machine = clipCreationMachine.provide({
    actors: {
      createClip: fromPromise<Clip, CreateClipInput>(async ({ input: sent }) => {
        created.push(sent);
        if (options.createError !== undefined) throw options.createError;
        return queued;
      }),
      pollClip: clipPolling(async () => {
        calls.push(`fetch@${clock.now()}`);
        return checks.length > 1 ? (checks.shift() ?? null) : (checks[0] ?? null);
      }),
      downloadClip: fromPromise<ClipDownload, ClipRef>(async ({ input: ref }) => {
        calls.push(`download ${ref.clipId}`);
        return { url: 'http://media/x.ts', file_name: 'goal.ts' };
      }),
      deleteClip: fromPromise<void, ClipRef>(async ({ input: ref }) => void calls.push(`delete ${ref.clipId}`)),
      confirmDeletion: fromCallback<DeletionAnswer, DeletionQuestion>(({ input: question, sendBack }) => {
        calls.push(`ask ${question.clipId} ${question.name}`);
        if (options.confirmDeletion === 'confirm') sendBack({ type: 'deletion.confirmed' });
        if (options.confirmDeletion === 'cancel') sendBack({ type: 'deletion.cancelled' });
        return () => void calls.push('popup closed');
      }),
    },
    actions: {
      saveDownload: (_, link) => void effects.push(['saveDownload', link]),
      shareClip: (_, url) => void effects.push(['shareClip', url]),
    },
  });
  const actor = createActor(machine, { clock, input }).start();
  const submit = async (changes = { name: '  Goal ', startTime: 30, duration: 15 }) => {
    actor.send({ type: 'user.edit', changes });
    actor.send({ type: 'user.submit' });
    await flush();
  };
  const tick = async (ms: number) => {
    clock.increment(ms);
    await flush();
  };
  return { actor, clock, created, calls, effects, submit, tick };
}

describe('clip form (SPEC §5)', () => {
  it('starts with the DEFAULT tag and refuses a missing name, no tag and a clip past the end time, sending nothing', async () => {
    const { actor, created } = start();
    expect(actor.getSnapshot().context.draft.tags).toEqual(['DEFAULT']);
    actor.send({ type: 'user.edit', changes: { name: '   ', tags: [], startTime: 590, duration: 20 } });
    actor.send({ type: 'user.submit' });
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({
      name: 'Please fill in the input field',
      tags: 'Please select tag',
      duration: 'Your clip duration is longer than the end time',
    });
    // Editing a field takes its message away; the others stay until the next submit.
    actor.send({ type: 'user.edit', changes: { name: 'Goal' } });
    expect(actor.getSnapshot().context.errors).toEqual({
      tags: 'Please select tag',
      duration: 'Your clip duration is longer than the end time',
    });
    expect(created).toEqual([]);
  });

  it('keeps names and tags within the lengths the API accepts, with SPEC §5\'s length message', async () => {
    const { actor, created } = start();
    actor.send({
      type: 'user.edit',
      changes: { name: 'n'.repeat(CLIP_NAME_MAX_LENGTH + 1), tags: ['t'.repeat(CLIP_TAG_MAX_LENGTH + 1)], startTime: 0, duration: 10 },
    });
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({
      name: 'Field length must be less than 121',
      tags: 'Field length must be less than 41',
    });
    actor.send({ type: 'user.edit', changes: { name: 'n'.repeat(CLIP_NAME_MAX_LENGTH), tags: ['t'.repeat(CLIP_TAG_MAX_LENGTH)] } });
    actor.send({ type: 'user.submit' });
    await flush();
    expect(created).toHaveLength(1);
  });

  it('sends the trimmed draft, and an end exactly at the end time is allowed', async () => {
    const { actor, created, submit } = start();
    await submit({ name: '  Goal ', startTime: 585, duration: 15 });
    expect(created).toEqual([{ eventId: 42, draft: { name: 'Goal', startTime: 585, duration: 15, tags: ['DEFAULT'] } }]);
    expect(actor.getSnapshot().hasTag('processing')).toBe(true);
  });

  it("shows the server's field messages on the form, and any other failure as SPEC §8's message", async () => {
    const refused = new ClientRequestError({
      kind: 'http',
      status: 422,
      message: 'The given data was invalid.',
      field: 'clip',
      operation: 'CreateClip',
      fieldErrors: { duration: ['Your clip duration is longer than the end time'] },
      body: null,
      upstream: null,
    });
    const first = start({ createError: refused });
    await first.submit();
    expect(first.actor.getSnapshot().context).toMatchObject({
      errors: { duration: 'Your clip duration is longer than the end time' },
      message: null,
    });
    const second = start({ createError: new Error('network down') });
    await second.submit();
    expect(second.actor.getSnapshot().value).toBe('editing');
    expect(second.actor.getSnapshot().context.message).toBe(
      'Something went wrong. Please try again or contact technical support',
    );
  });
});

describe('queued clip (SPEC §4: up to 5 minutes)', () => {
  it('checks the clip every poll interval until it is processed', async () => {
    const { actor, calls, submit, tick } = start({ checks: [queued, queued, processed] });
    await submit();
    await tick(CLIP_POLL_INTERVAL_MS - 1);
    expect(calls).toEqual([]);
    await tick(1);
    await tick(CLIP_POLL_INTERVAL_MS);
    expect(actor.getSnapshot().hasTag('processing')).toBe(true);
    await tick(CLIP_POLL_INTERVAL_MS);
    expect(calls).toEqual([`fetch@${CLIP_POLL_INTERVAL_MS}`, `fetch@${2 * CLIP_POLL_INTERVAL_MS}`, `fetch@${3 * CLIP_POLL_INTERVAL_MS}`]);
    expect(actor.getSnapshot().matches('processed')).toBe(true);
    expect(actor.getSnapshot().context.clip).toEqual(processed);
  });

  it('gives up when the clip is still queued after 5 minutes', async () => {
    const { actor, submit, tick, calls } = start({ checks: [queued] });
    await submit();
    for (let elapsed = 0; elapsed < CLIP_PROCESSING_LIMIT_MS - CLIP_POLL_INTERVAL_MS; elapsed += CLIP_POLL_INTERVAL_MS) {
      await tick(CLIP_POLL_INTERVAL_MS);
    }
    await tick(CLIP_POLL_INTERVAL_MS - 1);
    expect(actor.getSnapshot().hasTag('processing')).toBe(true);
    await tick(1);
    expect(CLIP_PROCESSING_LIMIT_MS).toBe(300_000);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.failure).toBe('timeout');
    expect(calls.length).toBe(CLIP_PROCESSING_LIMIT_MS / CLIP_POLL_INTERVAL_MS - 1);
  });

  it('fails when the server fails the clip, and starts over with the same values', async () => {
    const { actor, submit, tick } = start({ checks: [{ ...queued, status: 'failed' }] });
    await submit();
    await tick(CLIP_POLL_INTERVAL_MS);
    expect(actor.getSnapshot().context.failure).toBe('processing');
    actor.send({ type: 'user.startOver' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.draft.name).toBe('  Goal ');
  });
});

describe('processed clip', () => {
  async function processedClip(options: Options = {}) {
    const started = start(options);
    await started.submit();
    await started.tick(CLIP_POLL_INTERVAL_MS);
    expect(started.actor.getSnapshot().matches('processed')).toBe(true);
    return started;
  }

  it('downloads with the download_clip capability, handing the link to the browser', async () => {
    const { actor, calls, effects } = await processedClip();
    actor.send({ type: 'user.download' });
    await waitFor(actor, (s) => s.matches({ processed: 'idle' }));
    expect(calls).toContain('download 9');
    expect(effects).toEqual([['saveDownload', { url: 'http://media/x.ts', file_name: 'goal.ts' }]]);
  });

  it('does not download without the download_clip capability', async () => {
    const { actor, calls } = await processedClip({ download_clip: false });
    expect(actor.getSnapshot().can({ type: 'user.download' })).toBe(false);
    actor.send({ type: 'user.download' });
    await flush();
    expect(calls.some((c) => c.startsWith('download'))).toBe(false);
  });

  it('shares its link and deletes it once the viewer confirms', async () => {
    const { actor, calls, effects } = await processedClip({ confirmDeletion: 'confirm' });
    actor.send({ type: 'user.share' });
    expect(effects).toEqual([['shareClip', 'http://app.test/share/42/u-9']]);
    actor.send({ type: 'user.delete' });
    await waitFor(actor, (s) => s.matches('deleted'));
    expect(calls.filter((c) => !c.startsWith('fetch'))).toEqual(['ask 9 Goal', 'popup closed', 'delete 9']);
  });

  it('keeps the clip when the viewer closes the confirmation popup', async () => {
    const { actor, calls } = await processedClip({ confirmDeletion: 'cancel' });
    actor.send({ type: 'user.delete' });
    await waitFor(actor, (s) => s.matches({ processed: 'idle' }));
    expect(calls.some((c) => c.startsWith('delete'))).toBe(false);
    expect(actor.getSnapshot().can({ type: 'user.delete' })).toBe(true);
  });

  it('asks while the popup is open: nothing else happens, and the popup closes when the viewer leaves', async () => {
    const { actor, calls } = await processedClip();
    actor.send({ type: 'user.delete' });
    expect(actor.getSnapshot().matches({ processed: 'confirming' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'user.download' })).toBe(false);
    actor.stop();
    expect(calls).toContain('popup closed');
    expect(calls.some((c) => c.startsWith('delete'))).toBe(false);
  });

  it('keeps the clip when nobody provides the confirmation (the safe default)', async () => {
    const deleted: number[] = [];
    // Only the confirmation is left to its default: a delete would be seen here.
    const machine = clipCreationMachine.provide({
      actors: { deleteClip: fromPromise<void, ClipRef>(async ({ input: ref }) => void deleted.push(ref.clipId)) },
    });
    const actor = createActor(machine, { input: { eventId: 42, endTime: 600, capabilities: { download_clip: false }, clip: processed } }).start();
    const visited: unknown[] = [];
    actor.subscribe((s) => visited.push(s.value));
    actor.send({ type: 'user.delete' });
    await waitFor(actor, (s) => s.matches({ processed: 'idle' }));
    await flush();
    expect(visited).not.toContainEqual({ processed: 'deleting' });
    expect(deleted).toEqual([]);
    actor.stop();
  });
});

it('fails into the form with a message when no actors are provided', async () => {
  const actor = createActor(clipCreationMachine, { input: { eventId: 1, endTime: 60, capabilities: { download_clip: false } } }).start();
  actor.send({ type: 'user.edit', changes: { name: 'Goal', duration: 10 } });
  actor.send({ type: 'user.submit' });
  await waitFor(actor, (s) => s.context.message !== null);
  expect(actor.getSnapshot().value).toBe('editing');
});
