import { type Db, inTransaction } from '../db/database';
import { demoMedia } from '../media/library';
import { ownsEvent } from './access';
import { DomainError, notFound } from './errors';
import { channelEvent, type EventRow, streamStatus } from './events';
import { assertUnderLimit, recordUse } from './usage';
import { featureCount, type UserRow } from './users';
import { assertCanWatchEvent, assertCanWatchVod, assertCapability, assertNotGeoBlocked, type Watcher } from './watch';

/**
 * A playback grant lasts as long as the stream it opens, plus this: a live grant until the game ends, a VOD grant
 * for one viewing with pauses. A player that outlives it gets 403 and asks for a new grant.
 */
const PLAYBACK_GRACE_SECONDS = 3600;

const noMedia = (): DomainError => new DomainError('notFound', 'This video is not available', { media: ['There is no video for it'] });

/** An event's playback grant, after the checks of server/domain/watch.ts: what it opens, and until when. */
export function eventPlayback(db: Db, watcher: Watcher, eventId: number) {
  const event = channelEvent(db, watcher.channel.id, eventId);
  assertCanWatchEvent(db, watcher, event);
  const status = streamStatus(event, watcher.now);
  if (status === 'upcoming') {
    throw new DomainError('conflict', 'The event has not started yet', { stream_status: ['An upcoming event has no stream yet'] });
  }
  if (!demoMedia().looped(event.media_slug)) throw noMedia();
  const end = event.event_utc_ts + event.duration;
  const expiresAt = status === 'live' ? end + PLAYBACK_GRACE_SECONDS : watcher.now + event.duration + PLAYBACK_GRACE_SECONDS;
  return { eventId: event.id, streamType: status, expiresAt };
}

/** A VOD item's playback grant; an item cut from an event is watched on that event's terms. */
export function vodPlayback(db: Db, watcher: Watcher, itemId: number) {
  const item = db
    .prepare<[number, number], { id: number; event_id: number | null; duration: number; media_slug: string | null }>(
      'SELECT id, event_id, duration, media_slug FROM vod_media WHERE id = ? AND channel_id = ?',
    )
    .get(itemId, watcher.channel.id);
  if (!item) throw notFound('id', 'VOD media');
  const event = item.event_id === null ? undefined : db.prepare<[number], EventRow>('SELECT * FROM events WHERE id = ?').get(item.event_id);
  assertCanWatchVod(db, watcher, event);
  if (!demoMedia().looped(item.media_slug)) throw noMedia();
  return { itemId: item.id, expiresAt: watcher.now + item.duration + PLAYBACK_GRACE_SECONDS };
}

/**
 * A finished event the viewer owns, cleared for download (the download capability, not geo-blocked, under the
 * download limit); the download is counted. One transaction, though it is asked for with a GET: the limit's check
 * and the use it counts cannot be split by another write.
 */
export function eventForDownload(db: Db, watcher: Watcher, viewer: UserRow, eventId: number) {
  return inTransaction(db, () => {
    const event = channelEvent(db, watcher.channel.id, eventId);
    assertCapability(viewer, 'download', 'Your account cannot download events');
    assertNotGeoBlocked(watcher);
    if (!ownsEvent(db, viewer.id, event, watcher.now)) {
      throw new DomainError('forbidden', 'This event must be bought before it can be downloaded', { download: ['Buy this event or a pass that covers it'] });
    }
    if (streamStatus(event, watcher.now) !== 'vod') {
      throw new DomainError('conflict', 'Only a finished event can be downloaded', { stream_status: ['The event has not finished yet'] });
    }
    if (!demoMedia().looped(event.media_slug)) throw noMedia();
    assertUnderLimit(db, viewer.id, 'downloads');
    recordUse(db, viewer.id, 'download', event.id, watcher.now);
    return { eventId: event.id, featureCount: featureCount(db, viewer.id) };
  });
}
