/**
 * Clip creation with its real actors (createClipCreationActors, and the clip child with createClipActors and the
 * download's) against the reference API behind Mesh: fan@summit.test cuts a clip from a finished event; its clip
 * child follows it queued, then processed when the API's jobs run, and downloads, shares and deletes it. The failure
 * path: the server refuses a clip past what a live event has broadcast.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor, fromCallback, waitFor } from 'xstate';
import { createClipActors } from '../../machines/clip/clip.actors';
import { clipMachine } from '../../machines/clip/clip.machine';
import type { DeletionAnswer, DeletionQuestion } from '../../machines/clip/clip.types';
import { createClipCreationActors } from '../../machines/clip-creation/clip-creation.actors';
import { clipCreationMachine } from '../../machines/clip-creation/clip-creation.machine';
import { createDownloadActors } from '../../machines/download/download.actors';
import { downloadMachine } from '../../machines/download/download.machine';
import { EventsListDocument } from '../../mesh/client/generated/documents/EventsList';
import { UserClipsDocument } from '../../mesh/client/generated/documents/UserClips';
import { startTestApi, type TestApi } from '../server/harness';
import { type RealClient, realClient } from './real-client';

let api: TestApi;
let real: RealClient;

beforeAll(async () => {
  api = await startTestApi({}, { graphql: true });
  real = realClient(api);
  await real.login('fan@summit.test');
});

afterAll(async () => {
  await api.close();
});

/** The machine with the real actors; the poll runs every 20 ms instead of every few seconds. */
function startMachine(input: { eventId: number; endTime: number }) {
  const shared: string[] = [];
  const saved: string[] = [];
  const clipActors = createClipActors({ client: real.client });
  const clip = clipMachine.provide({
    actors: {
      ...clipActors,
      pollClip: clipActors.pollClip.provide({ delays: { pollInterval: 20 } }),
      download: downloadMachine.provide({
        actors: createDownloadActors({ client: real.client }),
        actions: { saveDownload: (_, link) => void saved.push(link.url) },
      }),
      // The viewer confirms the deletion popup (the app asks in its popup queue: tests/src/app/app-logic.test.ts).
      confirmDeletion: fromCallback<DeletionAnswer, DeletionQuestion>(({ sendBack }) => sendBack({ type: 'deletion.confirmed' })),
    },
    actions: { shareClip: (_, url) => void shared.push(url) },
  });
  const machine = clipCreationMachine.provide({ actors: { ...createClipCreationActors({ client: real.client }), clip } });
  const actor = createActor(machine, { input: { ...input, capabilities: { clipping: true, download_clip: true }, clips: [] } }).start();
  return { actor, shared, saved };
}

async function freeEvent(streamStatus: 'vod' | 'live') {
  const { events } = await real.client.request(EventsListDocument, { streamStatus, limit: 50 });
  const event = events?.data.find((e) => e?.type === 'free');
  if (!event) throw new Error(`no free ${streamStatus} event`);
  return event;
}

describe('clip creation with the real client', () => {
  it('cuts a clip from a finished event: queued, processed once the API has cut it, downloaded, shared, deleted', async () => {
    const event = await freeEvent('vod');
    const { actor, shared, saved } = startMachine({ eventId: event.id, endTime: event.duration });
    actor.send({ type: 'user.edit', changes: { name: 'Overtime winner', startTime: 30, duration: 15 } });
    actor.send({ type: 'user.submit' });

    const following = await waitFor(actor, (s) => s.hasTag('following'), { timeout: 10_000 });
    expect(following.context.clip).toMatchObject({ event_id: event.id, name: 'Overtime winner', tags: ['DEFAULT'], status: 'queued' });
    const clip = following.children.clip;
    if (!clip) throw new Error('no clip child while following');
    expect(clip.getSnapshot().hasTag('processing')).toBe(true);
    // Polls keep finding it queued until the API's clock reaches its processing time and the jobs run.
    const polling = (clip.getSnapshot().children as Record<string, AnyActorRef | undefined>)['pollClip'];
    if (!polling) throw new Error('no clip polling while queued');
    await waitFor(polling, (s) => s.value === 'fetching', { timeout: 10_000 });
    await waitFor(polling, (s) => s.value === 'waiting' && (s.context as { last: unknown }).last !== null, { timeout: 10_000 });
    expect(clip.getSnapshot().hasTag('processing')).toBe(true);
    api.clock.advance(3);
    api.runJobs();

    const processed = await waitFor(clip, (s) => s.hasTag('ready'), { timeout: 10_000 });
    const cut = processed.context.clip;
    expect(cut.status).toBe('processed');
    expect(cut.share_url).toBe(`${api.origin}/share/${event.id}/${cut.uuid}`);

    clip.send({ type: 'user.download' });
    const download = processed.children.download;
    if (!download) throw new Error('no download child once processed');
    await waitFor(download, (s) => !s.hasTag('busy') && s.context.download !== null, { timeout: 10_000 });
    expect(saved).toHaveLength(1);
    expect(saved[0]).toContain(`/media/clips/${cut.uuid}/`);

    clip.send({ type: 'user.share' });
    expect(shared).toEqual([cut.share_url]);

    clip.send({ type: 'user.delete' });
    await waitFor(actor, (s) => s.hasTag('deleted'), { timeout: 10_000 });
    const { clips } = await real.client.request(UserClipsDocument, {});
    expect(clips?.data.map((c) => c?.id)).not.toContain(cut.id);
    actor.stop();
  });

  it("shows the server's refusal on the form when the clip runs past what a live event has broadcast", async () => {
    const event = await freeEvent('live');
    const sinceStart = api.clock.now() - event.event_utc_ts;
    // The form believes the event runs to its scheduled end; the server knows only `sinceStart` has been broadcast.
    const { actor } = startMachine({ eventId: event.id, endTime: event.duration });
    expect(sinceStart + 55, 'the local check must let the draft through').toBeLessThanOrEqual(event.duration);
    actor.send({ type: 'user.edit', changes: { name: 'Too long', startTime: sinceStart - 5, duration: 60, tags: ['goal'] } });
    actor.send({ type: 'user.submit' });
    const refused = await waitFor(actor, (s) => !s.hasTag('busy') && Object.keys(s.context.errors).length > 0, { timeout: 10_000 });
    expect(refused.hasTag('editing')).toBe(true);
    expect(refused.context.errors).toEqual({ duration: { key: 'validation.clipTooLong' } });
    expect(refused.context.clip).toBeNull();
    actor.stop();
  });
});
