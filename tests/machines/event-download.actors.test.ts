/**
 * A game's download with its real actor (createEventDownloadActors over mesh/client) against the reference API
 * behind Mesh: the fan saves a finished game's recording, and the download is counted once per click; a game that is
 * still live is refused in the API's words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createEventDownloadActors } from '../../machines/event-download/event-download.actors';
import { type EventDownloadLink, eventDownloadMachine } from '../../machines/event-download/event-download.machine';
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

function startMachine(eventId: number) {
  const saved: EventDownloadLink[] = [];
  const machine = eventDownloadMachine.provide({
    actors: createEventDownloadActors({ client: real.client }),
    actions: { saveDownload: (_, link) => void saved.push(link) },
  });
  const actor = createActor(machine, { input: { eventId, capabilities: { download: true } } }).start();
  return { actor, saved };
}

const downloadsCounted = (eventId: number) =>
  api.requestLog.entries.filter((entry) => entry.method === 'GET' && entry.path.endsWith(`/download-event/${eventId}`)).length;

describe('downloading a game with the real client', () => {
  it("saves a finished game's recording; a second click while the link is on its way asks nothing more", async () => {
    const event = await freeEvent('vod');
    const { actor, saved } = startMachine(event.id);
    api.requestLog.clear();
    actor.send({ type: 'user.download' });
    actor.send({ type: 'user.download' });
    await waitFor(actor, (s) => s.matches('idle') && s.context.download !== null, { timeout: 10_000 });
    expect(saved).toHaveLength(1);
    expect(saved[0]?.url).toContain('/media/');
    expect(saved[0]?.file_name).toMatch(/\.ts$/);
    expect(downloadsCounted(event.id)).toBe(1);
    actor.stop();
  });

  it('shows the refusal of a game that is still live, and saves nothing', async () => {
    const event = await freeEvent('live');
    const { actor, saved } = startMachine(event.id);
    actor.send({ type: 'user.download' });
    const refused = await waitFor(actor, (s) => s.matches('idle') && s.context.message !== null, { timeout: 10_000 });
    expect(refused.context.message).toBe('Only a finished event can be downloaded');
    expect(saved).toEqual([]);
    actor.stop();
  });
});
