/**
 * The download machine with its real actor (createDownloadActors over mesh/client) against the reference API behind
 * Mesh: the fan saves a finished game's recording, counted once per click, and a processed clip; a game that is still
 * live is refused in the API's words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createDownloadActors } from '../../machines/download/download.actors';
import { downloadMachine } from '../../machines/download/download.machine';
import type { DownloadLink, DownloadTarget } from '../../machines/download/download.types';
import { CreateClipDocument } from '../../mesh/client/generated/documents/CreateClip';
import { EventsListDocument } from '../../mesh/client/generated/documents/EventsList';
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

async function freeEvent(streamStatus: 'vod' | 'live') {
  const { events } = await real.client.request(EventsListDocument, { streamStatus, limit: 50 });
  const event = events?.data.find((e) => e?.type === 'free');
  if (!event) throw new Error(`no free ${streamStatus} event`);
  return event;
}

function startMachine(target: DownloadTarget) {
  const saved: DownloadLink[] = [];
  const machine = downloadMachine.provide({
    actors: createDownloadActors({ client: real.client }),
    actions: { saveDownload: (_, link) => void saved.push(link) },
  });
  const actor = createActor(machine, { input: { target, allowed: true } }).start();
  return { actor, saved };
}

const downloadsCounted = (eventId: number) =>
  api.requestLog.entries.filter((entry) => entry.method === 'GET' && entry.path.endsWith(`/download-event/${eventId}`)).length;

describe('downloading with the real client', () => {
  it("saves a finished game's recording; a second click while the link is on its way asks nothing more", async () => {
    const event = await freeEvent('vod');
    const { actor, saved } = startMachine({ kind: 'event', id: event.id });
    api.requestLog.clear();
    actor.send({ type: 'user.download' });
    actor.send({ type: 'user.download' });
    await waitFor(actor, (s) => !s.hasTag('busy') && s.context.download !== null, { timeout: 10_000 });
    expect(saved).toHaveLength(1);
    expect(saved[0]?.url).toContain('/media/');
    expect(saved[0]?.file_name).toMatch(/\.ts$/);
    expect(downloadsCounted(event.id)).toBe(1);
    actor.stop();
  });

  it('shows the refusal of a game that is still live, and saves nothing', async () => {
    const event = await freeEvent('live');
    const { actor, saved } = startMachine({ kind: 'event', id: event.id });
    actor.send({ type: 'user.download' });
    const refused = await waitFor(actor, (s) => !s.hasTag('busy') && s.context.message !== null, { timeout: 10_000 });
    expect(refused.context.message).toEqual({ text: 'Only a finished event can be downloaded' });
    expect(saved).toEqual([]);
    actor.stop();
  });

  it('saves a processed clip under its name', async () => {
    const event = await freeEvent('vod');
    const { clip } = await real.client.request(CreateClipDocument, { eventId: event.id, name: 'Save this one', startTime: 4, duration: 6 });
    if (!clip) throw new Error('no clip');
    api.clock.advance(3);
    api.runJobs();
    const { actor, saved } = startMachine({ kind: 'clip', id: clip.id });
    actor.send({ type: 'user.download' });
    await waitFor(actor, (s) => !s.hasTag('busy') && s.context.download !== null, { timeout: 10_000 });
    expect(saved).toEqual([{ url: expect.stringContaining(`/media/clips/${clip.uuid}/`), file_name: 'save-this-one.ts' }]);
    actor.stop();
  });
});
