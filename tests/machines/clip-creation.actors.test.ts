/**
 * Clip creation with its real actors (createClipCreationActors over mesh/client) against the reference API behind
 * Mesh: fan@summit.test cuts a clip from a finished event; it is queued, processed when the API's jobs run, then
 * downloaded, shared and deleted. The failure path: the server refuses a clip past what a live event has broadcast.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor, fromCallback, waitFor } from 'xstate';
import { createClipCreationActors } from '../../machines/clip-creation/clip-creation.actors';
import { clipCreationMachine } from '../../machines/clip-creation/clip-creation.machine';
import type { DeletionAnswer, DeletionQuestion } from '../../machines/clip-creation/clip-creation.types';
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
  const actors = createClipCreationActors({ client: real.client });
  const machine = clipCreationMachine.provide({
    actors: {
      ...actors,
      pollClip: actors.pollClip.provide({ delays: { pollInterval: 20 } }),
      // The viewer confirms the deletion popup (the app asks in its popup queue: tests/src/app/app-logic.test.ts).
      confirmDeletion: fromCallback<DeletionAnswer, DeletionQuestion>(({ sendBack }) => sendBack({ type: 'deletion.confirmed' })),
    },
    actions: {
      shareClip: (_, url) => void shared.push(url),
      saveDownload: (_, link) => void saved.push(link.url),
    },
  });
  const actor = createActor(machine, { input: { ...input, capabilities: { download_clip: true } } }).start();
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

    const queued = await waitFor(actor, (s) => s.matches('queued') && s.context.clip !== null, { timeout: 10_000 });
    expect(queued.context.clip).toMatchObject({ event_id: event.id, name: 'Overtime winner', tags: ['DEFAULT'], status: 'queued' });
    // Polls keep finding it queued until the API's clock reaches its processing time and the jobs run.
    const polling = (queued.children as Record<string, AnyActorRef | undefined>)['pollClip'];
    if (!polling) throw new Error('no clip polling while queued');
    await waitFor(polling, (s) => s.value === 'fetching', { timeout: 10_000 });
    await waitFor(polling, (s) => s.value === 'waiting' && (s.context as { last: unknown }).last !== null, { timeout: 10_000 });
    expect(actor.getSnapshot().hasTag('processing')).toBe(true);
    api.clock.advance(3);
    api.runJobs();

    const processed = await waitFor(actor, (s) => s.matches('processed'), { timeout: 10_000 });
    const clip = processed.context.clip;
    expect(clip?.status).toBe('processed');
    expect(clip?.share_url).toBe(`${api.origin}/share/${event.id}/${clip?.uuid}`);

    actor.send({ type: 'user.download' });
    await waitFor(actor, (s) => s.matches({ processed: 'idle' }) && s.context.download !== null, { timeout: 10_000 });
    expect(saved).toHaveLength(1);
    expect(saved[0]).toContain(`/media/clips/${clip?.uuid}/`);

    actor.send({ type: 'user.share' });
    expect(shared).toEqual([clip?.share_url]);

    actor.send({ type: 'user.delete' });
    await waitFor(actor, (s) => s.matches('deleted'), { timeout: 10_000 });
    const { clips } = await real.client.request(UserClipsDocument, {});
    expect(clips?.data.map((c) => c?.id)).not.toContain(clip?.id);
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
    const refused = await waitFor(actor, (s) => s.matches('editing') && Object.keys(s.context.errors).length > 0, { timeout: 10_000 });
    expect(refused.context.errors).toEqual({ duration: 'Your clip duration is longer than the end time' });
    expect(refused.context.clip).toBeNull();
    actor.stop();
  });
});
