/**
 * A shared clip (SPEC §2 /share/{id}/{uuid}: the event's id and the clip's uuid). Anybody with the link watches it,
 * signed in or not; a link whose uuid names no processed clip of that event is the not-found page.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { PlayerScope, usePlayer } from '../../app/facades/player';
import { PlayerSurface } from '../../components/player/Player';
import * as pageStyles from '../../components/page.css';
import { formatEventDate } from '../../format/event';
import { NotFoundView } from '../not-found/NotFoundView';
import * as styles from '../watch/watch.css';

/** The clip's game is shown in the viewer's own time zone (a shared clip carries no venue). */
const VIEWER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

export function ShareView() {
  const params = useParams<{ id: string; uuid: string }>();
  const source = useMemo(() => ({ kind: 'sharedClip' as const, id: Number(params.id), uuid: params.uuid }), [params.id, params.uuid]);
  return (
    <PlayerScope source={source}>
      <SharedClip />
    </PlayerScope>
  );
}

function SharedClip() {
  const { t, i18n } = useTranslation();
  const { status, denial, details } = usePlayer();
  if (status === 'denied' && denial === 'notFound') return <NotFoundView />;
  const clip = details?.kind === 'clip' ? details.clip : null;
  return (
    <article className={pageStyles.page}>
      <PlayerSurface />
      {clip && (
        <section className={styles.info} aria-labelledby="share-title">
          <div className={styles.heading}>
            <span className={styles.badge}>{t('player.clip')}</span>
            <h1 id="share-title" className={styles.title}>
              {clip.name}
            </h1>
          </div>
          <p className={styles.meta}>
            {clip.event.name && <span>{clip.event.name}</span>}
            {clip.event.event_utc_ts > 0 && (
              <time dateTime={new Date(clip.event.event_utc_ts * 1000).toISOString()}>{formatEventDate(clip.event.event_utc_ts, VIEWER_TIME_ZONE, i18n.language)}</time>
            )}
          </p>
          <p>
            <Link href={`/watch/${clip.event_id}`} className={styles.fullGame}>
              {t('clips.watchFullGame')}
            </Link>
          </p>
        </section>
      )}
    </article>
  );
}
