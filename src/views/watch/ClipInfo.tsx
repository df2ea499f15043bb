/**
 * A clip's details under its player (/watch_library/{id} and /share/{id}/{uuid}): its name, the game it was cut
 * from and when that game was played (on the clock of the game's own time zone, as its watch page shows it), and the
 * way to the full game.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { usePlayer } from '../../app/facades/player';
import { formatEventDate } from '../../format/event';
import type { MessageKey } from '../../i18n/locales/en';
import * as styles from './watch.css';
import { WatchTitle } from './WatchTitle';

/** `title`: the route's title, the page's h1 until the clip's details arrive. */
export function ClipInfo({ title }: { title: MessageKey }) {
  const { t, i18n } = useTranslation();
  const { details } = usePlayer();
  if (details?.kind !== 'clip') return <WatchTitle title={title} />;
  const { clip } = details;
  return (
    <section className={styles.info} aria-labelledby="clip-title">
      <div className={styles.heading}>
        <span className={styles.badge}>{t('player.clip')}</span>
        <h1 id="clip-title" className={styles.title}>
          {clip.name}
        </h1>
      </div>
      <p className={styles.meta}>
        {clip.event.name && <span>{clip.event.name}</span>}
        {clip.event.event_utc_ts > 0 && (
          <time dateTime={new Date(clip.event.event_utc_ts * 1000).toISOString()}>{formatEventDate(clip.event.event_utc_ts, clip.event.time_zone, i18n.language)}</time>
        )}
      </p>
      <p>
        <Link href={`/watch/${clip.event_id}`} className={styles.fullGame}>
          {t('clips.watchFullGame')}
        </Link>
      </p>
    </section>
  );
}
