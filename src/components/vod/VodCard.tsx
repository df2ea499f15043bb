/** A VOD item as a card (SPEC §3 VOD media): its picture, title, date and duration, linking to its page. */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { VodMedia } from '../../../machines/resource/vod.reads';
import { visuallyHidden } from '../controls.css';
import { formatVodDate, formatVodDuration, vodDateAttribute, vodDurationAttribute, vodImage } from './vod-format';
import * as styles from './vod.css';

/** The item page's path (SPEC §2, the VOD item route). */
const vodItemPath = (id: number) => `/vod_library/${id}`;

/** The card's title is an h3: cards sit under a rail's, a list's or "More in"'s h2. */
export function VodCard({ item }: { item: VodMedia }) {
  const { t, i18n } = useTranslation();
  const image = vodImage(item.assets);
  return (
    <article className={styles.card}>
      <div className={styles.body}>
        <h3 className={styles.cardTitle}>
          <Link href={vodItemPath(item.id)} className={styles.cardLink}>
            {item.title}
          </Link>
        </h3>
        <p className={styles.cardDate}>
          <time dateTime={vodDateAttribute(item.date)}>{formatVodDate(item.date, i18n.language)}</time>
        </p>
      </div>
      <div className={styles.media}>
        {image && <img className={styles.image} src={image} alt={item.title} loading="lazy" decoding="async" width={640} height={360} />}
        <span className={styles.durationBadge}>
          <span className={visuallyHidden}>{t('vod.duration')} </span>
          <time dateTime={vodDurationAttribute(item.duration)}>{formatVodDuration(item.duration)}</time>
        </span>
      </div>
    </article>
  );
}
