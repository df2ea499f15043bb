/**
 * The watch screens (SPEC §2): /watch/{id} (the player with the event's title, date, venue, status, description and
 * its price while it is not the viewer's, and "Add to calendar" while it is upcoming), /watch_embed/{id} (the player
 * and a minimal title, no header or footer) and /watch_library/{id} (one of the viewer's clips). hls.js starts loading
 * right after the request for the details and the playback grant has gone out (usePlayer).
 */
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import type { PlayerSource, WatchedEvent } from '../../../machines/player/player.types';
import { PlayerScope, usePlayer } from '../../app/facades/player';
import { isLockedPaidEvent } from '../../components/catalogue/catalogue-data';
import { PlayerSurface } from '../../components/player/Player';
import * as pageStyles from '../../components/page.css';
import { eventTitle, formatEventDate } from '../../format/event';
import { eventPlace } from '../../format/place';
import { priceLabel } from '../../format/price';
import { translator } from '../../i18n/i18n';
import { ClipInfo } from './ClipInfo';
import { EventFollows } from '../../components/favourites/EventFollows';
import { ClipPanel } from './ClipPanel';
import { EventDownload } from './EventDownload';
import { WatchTitle } from './WatchTitle';
import * as styles from './watch.css';

/** The route's numeric id (the router only lets digits through). */
function useRouteId(): number {
  const { id } = useParams<{ id: string }>();
  return Number(id);
}

function useSource(kind: 'event' | 'vod' | 'clip'): PlayerSource {
  const id = useRouteId();
  return useMemo(() => ({ kind, id }), [kind, id]);
}

// "Add to calendar" and the calendar file it makes load only for an upcoming game, so the watch page's first load (a
// live game's, mostly) does not carry them.
const AddToCalendar = lazy(async () => ({ default: (await import('./AddToCalendar')).AddToCalendar }));
// The resume offer loads after the page: it shows, if ever, once the playback grant is in.
const ResumeOffer = lazy(() => import('./ResumeOffer'));

const STATUS_KEYS = { live: 'player.live', upcoming: 'player.upcoming', vod: 'player.finished' } as const;

export function WatchView() {
  return (
    <PlayerScope source={useSource('event')}>
      <article className={pageStyles.page}>
        <div className={styles.playerArea}>
          <PlayerSurface />
          <Suspense fallback={null}>
            <ResumeOffer />
          </Suspense>
        </div>
        <EventInfo />
      </article>
    </PlayerScope>
  );
}

/** The event the player shows, once its details arrived. */
function useWatchedEvent(): WatchedEvent | null {
  const { details } = usePlayer();
  return details?.kind === 'event' ? details.event : null;
}

function EventInfo() {
  const event = useWatchedEvent();
  if (!event) return <WatchTitle title="pages.watch" />;
  return (
    <>
      <EventDetails event={event} />
      {/* Only a game still to come belongs in a calendar; the API's stream status says which it is. */}
      {event.stream_status === 'upcoming' && (
        <Suspense fallback={null}>
          <AddToCalendar event={event} />
        </Suspense>
      )}
      <EventDownload event={event} />
      <ClipPanel event={event} />
    </>
  );
}

function EventDetails({ event }: { event: WatchedEvent }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const place = eventPlace(event.location);
  const locked = isLockedPaidEvent(event);
  return (
    <section className={styles.info} aria-labelledby="watch-title">
      <div className={styles.heading}>
        <span className={event.stream_status === 'live' ? styles.liveBadge : styles.badge} data-testid="watch-status">
          {t(STATUS_KEYS[event.stream_status])}
        </span>
        <h1 id="watch-title" className={styles.title}>
          {eventTitle(event)}
        </h1>
      </div>
      <p className={styles.meta}>
        <time dateTime={new Date(event.event_utc_ts * 1000).toISOString()}>{formatEventDate(event.event_utc_ts, event.time_zone, locale)}</time>
        {place && <span data-testid="watch-location">{place}</span>}
      </p>
      {locked && (
        <p className={styles.price} data-testid="watch-price">
          {t('player.price', { price: priceLabel({ amount: event.base_price, currency: event.currency }, locale, translator(i18n)) })}
        </p>
      )}
      {event.description && <p className={styles.description}>{event.description}</p>}
      <EventFollows event={event} />
    </section>
  );
}

export function WatchEmbedView() {
  return (
    <PlayerScope source={useSource('event')}>
      <div className={styles.embed}>
        <PlayerSurface />
        <EmbedTitle />
      </div>
    </PlayerScope>
  );
}

function EmbedTitle() {
  const event = useWatchedEvent();
  if (!event) return <WatchTitle title="pages.watch" hidden />;
  return <h1 className={styles.embedTitle}>{eventTitle(event)}</h1>;
}

export function WatchLibraryView() {
  return (
    <PlayerScope source={useSource('clip')}>
      <article className={pageStyles.page}>
        <PlayerSurface />
        <ClipInfo title="pages.watchLibrary" />
      </article>
    </PlayerScope>
  );
}

