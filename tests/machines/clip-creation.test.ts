/**
 * SPEC §4/§5 clip creation: who may cut (the clipping capability), which clip a returning viewer picks up again, the
 * form's messages and the DEFAULT tag, then the clip child that follows what was sent, and how its end is told.
 */
import { messageOfServerWords } from '../../mesh/client/server-words';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { clipMachine } from '../../machines/clip/clip.machine';
import type { Clip, ClipInput, ClipOutput } from '../../machines/clip/clip.types';
import { clipToResume, offersClipping } from '../../machines/clip-creation/clip-creation.guards';
import { clipCreationMachine } from '../../machines/clip-creation/clip-creation.machine';
import type { ClipCreationInput, CreateClipInput } from '../../machines/clip-creation/clip-creation.types';
import { ClientRequestError, said } from '../../mesh/client/errors';
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
const processed: Clip = { ...queued, id: 10, name: 'Save', created_at: 1_700_000_050, status: 'processed', share_url: 'http://app.test/share/42/u-10' };
const failed: Clip = { ...queued, id: 11, name: 'Miss', created_at: 1_700_000_100, status: 'failed' };

const flush = () => new Promise((resolve) => setImmediate(resolve));

interface Options {
  createError?: unknown;
  clipping?: boolean;
  clips?: Clip[];
}

/** The clip child is replaced by one that ends as the test says (`end`), or never. */
function start(options: Options = {}) {
  const created: CreateClipInput[] = [];
  const followed: ClipInput[] = [];
  let end: (output: ClipOutput) => void = () => undefined;
  const input: ClipCreationInput = {
    eventId: 42,
    endTime: 600,
    capabilities: { clipping: options.clipping ?? true, download_clip: true },
    clips: options.clips ?? [],
  };
  const machine = clipCreationMachine.provide({
    actors: {
      createClip: fromPromise<Clip, CreateClipInput>(async ({ input: sent }) => {
        created.push(sent);
        if (options.createError !== undefined) throw options.createError;
        return queued;
      }),
      clip: fromPromise<ClipOutput, ClipInput>(({ input: clip }) => {
        followed.push(clip);
        return new Promise((resolve) => (end = resolve));
      }) as unknown as typeof clipMachine,
    },
  });
  const actor = createActor(machine, { input }).start();
  const submit = async (changes = { name: '  Goal ', startTime: 30, duration: 15 }) => {
    actor.send({ type: 'user.edit', changes });
    actor.send({ type: 'user.submit' });
    await flush();
  };
  const finish = async (output: ClipOutput) => {
    end(output);
    await flush();
  };
  return { actor, created, followed, submit, end: finish };
}

describe('who may cut a clip, and which one is picked up again', () => {
  it('tells a viewer whose pass does not include clipping, and neither shows the form nor follows their old clip', () => {
    const { actor, followed } = start({ clipping: false, clips: [queued] });
    expect(actor.getSnapshot().hasTag('notIncluded')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'user.submit' })).toBe(false);
    expect(followed).toEqual([]);
  });

  it("picks up the viewer's newest clip of the event that did not fail, with its form", () => {
    expect(clipToResume([queued, failed, processed])).toBe(processed);
    expect(clipToResume([failed])).toBeNull();
    expect(clipToResume([])).toBeNull();
    const { actor, followed } = start({ clips: [failed, queued, processed] });
    expect(actor.getSnapshot().hasTag('following')).toBe(true);
    expect(followed).toEqual([{ clip: processed, canDownload: true }]);
    expect(actor.getSnapshot().context.draft).toEqual({ name: 'Save', startTime: 30, duration: 15, tags: ['DEFAULT'] });
  });

  it('offers the panel to a signed-in viewer on a game that started and that they may watch', () => {
    expect(offersClipping({ signedIn: true }, { stream_status: 'live' }, { denied: false })).toBe(true);
    expect(offersClipping({ signedIn: true }, { stream_status: 'vod' }, { denied: false })).toBe(true);
    expect(offersClipping({ signedIn: false }, { stream_status: 'vod' }, { denied: false })).toBe(false);
    expect(offersClipping({ signedIn: true }, { stream_status: 'upcoming' }, { denied: false })).toBe(false);
    expect(offersClipping({ signedIn: true }, { stream_status: 'live' }, { denied: true })).toBe(false);
  });
});

describe('clip form (SPEC §5)', () => {
  it('starts with the DEFAULT tag and refuses a missing name, no tag and a clip past the end time, sending nothing', async () => {
    const { actor, created } = start();
    expect(actor.getSnapshot().context.draft.tags).toEqual(['DEFAULT']);
    actor.send({ type: 'user.edit', changes: { name: '   ', tags: [], startTime: 590, duration: 20 } });
    actor.send({ type: 'user.submit' });
    await flush();
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual({
      name: { key: 'validation.fillInput' },
      tags: { key: 'validation.selectTag' },
      duration: { key: 'validation.clipTooLong' },
    });
    // Editing a field takes its message away; the others stay until the next submit.
    actor.send({ type: 'user.edit', changes: { name: 'Goal' } });
    expect(actor.getSnapshot().context.errors).toEqual({
      tags: { key: 'validation.selectTag' },
      duration: { key: 'validation.clipTooLong' },
    });
    expect(created).toEqual([]);
  });

  it("keeps names and tags within the lengths the API accepts, with SPEC §5's length message", async () => {
    const { actor, created } = start();
    actor.send({
      type: 'user.edit',
      changes: { name: 'n'.repeat(CLIP_NAME_MAX_LENGTH + 1), tags: ['t'.repeat(CLIP_TAG_MAX_LENGTH + 1)], startTime: 0, duration: 10 },
    });
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({
      name: { key: 'validation.fieldTooLong', params: { number: 121 } },
      tags: { key: 'validation.fieldTooLong', params: { number: 41 } },
    });
    actor.send({ type: 'user.edit', changes: { name: 'n'.repeat(CLIP_NAME_MAX_LENGTH), tags: ['t'.repeat(CLIP_TAG_MAX_LENGTH)] } });
    actor.send({ type: 'user.submit' });
    await flush();
    expect(created).toHaveLength(1);
  });

  it('sends the trimmed draft (an end exactly at the end time is allowed), then follows the clip the API queued', async () => {
    const { actor, created, followed, submit } = start();
    await submit({ name: '  Goal ', startTime: 585, duration: 15 });
    expect(created).toEqual([{ eventId: 42, draft: { name: 'Goal', startTime: 585, duration: 15, tags: ['DEFAULT'] } }]);
    expect(actor.getSnapshot().hasTag('following')).toBe(true);
    expect(followed).toEqual([{ clip: queued, canDownload: true }]);
  });

  it("shows the server's field messages on the form, and any other failure as SPEC §8's message", async () => {
    const refused = new ClientRequestError({
      kind: 'http',
      status: 422,
      field: 'clip',
      operation: 'CreateClip',
      ...said('The given data was invalid.', { duration: ['Your clip duration is longer than the end time'] }, messageOfServerWords),
      body: null,
      upstream: null,
    });
    const first = start({ createError: refused });
    await first.submit();
    expect(first.actor.getSnapshot().context).toMatchObject({
      errors: { duration: { key: 'validation.clipTooLong' } },
      message: null,
    });
    const second = start({ createError: new Error('network down') });
    await second.submit();
    expect(second.actor.getSnapshot().hasTag('editing')).toBe(true);
    expect(second.actor.getSnapshot().context.message).toEqual({ key: 'errors.somethingWentWrong' });
  });
});

describe('the followed clip ends', () => {
  it('failed: the viewer is told why, and starts over with the same values', async () => {
    const { actor, submit, end } = start();
    await submit();
    await end({ status: 'failed', failure: 'timeout' });
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(actor.getSnapshot().context.failure).toBe('timeout');
    actor.send({ type: 'user.startOver' });
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    expect(actor.getSnapshot().context.draft.name).toBe('  Goal ');
  });

  it('deleted: the viewer starts over from an empty form', async () => {
    const { actor, submit, end } = start();
    await submit();
    await end({ status: 'deleted', failure: null });
    expect(actor.getSnapshot().hasTag('deleted')).toBe(true);
    actor.send({ type: 'user.startOver' });
    expect(actor.getSnapshot().context.draft).toEqual({ name: '', startTime: 0, duration: 0, tags: ['DEFAULT'] });
  });

  it('the viewer cuts another while it is followed: it is left to the list', async () => {
    const { actor, submit } = start();
    await submit();
    actor.send({ type: 'user.startOver' });
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    expect(actor.getSnapshot().children.clip).toBeUndefined();
  });
});

it('fails into the form with a message when no actors are provided', async () => {
  const actor = createActor(clipCreationMachine, {
    input: { eventId: 1, endTime: 60, capabilities: { clipping: true, download_clip: false }, clips: [] },
  }).start();
  actor.send({ type: 'user.edit', changes: { name: 'Goal', duration: 10 } });
  actor.send({ type: 'user.submit' });
  await waitFor(actor, (s) => s.context.message !== null);
  expect(actor.getSnapshot().hasTag('editing')).toBe(true);
});
