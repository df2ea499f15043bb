/**
 * The test streams of the simulate page (SPEC §2 /simulate): what an operator can try the player on, by stream
 * type: the channel's live events, its finished events (replays), and its video library's items.
 */
import { EventsListDocument } from '../../mesh/client/generated/documents/EventsList';
import { VodLibraryDocument } from '../../mesh/client/generated/documents/VodLibrary';
import type { EventCardFragment, VodCardFragment } from '../../mesh/client/generated/graphql';
import { defineRead, present } from './read';

/** @public */
export const STREAM_TYPES = ['live', 'replay', 'vod'] as const;
/** @public */
export type StreamType = (typeof STREAM_TYPES)[number];

/** @public */
export type TestStream = { kind: 'event'; event: EventCardFragment } | { kind: 'vod'; item: VodCardFragment };

/** How many streams of a type the page offers. */
const TEST_STREAMS = 20;

export const testStreamsRead = defineRead<StreamType, TestStream[]>('testStreams', async ({ cache }, type, signal) => {
  if (type === 'vod') {
    const { rails } = await cache.request(VodLibraryDocument, {}, { signal });
    const items = new Map(present(rails?.data).flatMap((rail) => present(rail.vod_media_items)).map((item) => [item.id, item]));
    return [...items.values()].slice(0, TEST_STREAMS).map((item) => ({ kind: 'vod' as const, item }));
  }
  const { events } = await cache.request(
    EventsListDocument,
    { streamStatus: type === 'live' ? 'live' : 'vod', limit: TEST_STREAMS, sortField: 'event_utc_ts', sortDirection: type === 'live' ? 'asc' : 'desc' },
    { signal },
  );
  return present(events?.data).map((event) => ({ kind: 'event' as const, event }));
});
