/**
 * The "Continue watching" row: a card per unfinished replay or library video, with a bar of how far the viewer got;
 * a card opens the page that plays it, which offers to resume. It scrolls sideways on its own (no rail machine):
 * loaded lazily, it imports nothing of the app's chunks, so home's first load carries little more than its name.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ContinueItem } from '../../../machines/resource/progress.reads';
import * as styles from './continue-watching.css';

export default function ContinueWatchingRail({ items }: { items: readonly ContinueItem[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId} data-testid="continue-watching">
      <h2 id={headingId} className={styles.heading}>
        {t('catalogue.continueWatching')}
      </h2>
      <ul className={styles.row}>
        {items.map((item) => {
          const percent = item.duration > 0 ? Math.min(100, Math.round((item.position / item.duration) * 100)) : 0;
          return (
            <li key={`${item.item_type}-${item.item_id}`} className={styles.card}>
              <Link href={item.link} className={styles.link}>
                <span className={styles.picture}>
                  {item.image && <img className={styles.image} src={item.image} alt="" loading="lazy" decoding="async" width={640} height={360} />}
                  <span className={styles.track}>
                    <span className={styles.bar} style={{ width: `${percent}%` }} />
                  </span>
                </span>
                <span className={styles.title}>{item.title}</span>
                <span className={styles.share}>{t('catalogue.watchedShare', { percent })}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
