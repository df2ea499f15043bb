/**
 * "Continue watching" on home: the signed-in viewer's unfinished replays and library videos, most recently watched
 * first, each card with a bar of how far they got; a card opens the page that plays it, which offers to resume.
 * Nothing while it is read, for a visitor, or when the row is empty. Loaded lazily by HomeView: home's first load
 * does not carry it.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ContinueItem } from '../../../machines/resource/progress.reads';
import { useContinueWatching, useSignedInViewer } from '../../app/facades/continue-watching';
import { Rail } from '../../components/catalogue/Rail';
import { visuallyHidden } from '../../components/controls.css';
import { formatVodDuration } from '../../components/vod/vod-format';
import * as vodStyles from '../../components/vod/vod.css';
import * as styles from './continue-watching.css';

export default function ContinueWatching() {
  const viewer = useSignedInViewer();
  return viewer === null ? null : <ContinueWatchingRail viewer={viewer} />;
}

function ContinueWatchingRail({ viewer }: { viewer: number }) {
  const { t } = useTranslation();
  const items = useContinueWatching(viewer);
  if (items.length === 0) return null;
  return (
    <div data-testid="continue-watching">
      <Rail title={t('catalogue.continueWatching')}>
        {items.map((item) => (
          <ContinueCard key={`${item.item_type}-${item.item_id}`} item={item} />
        ))}
      </Rail>
    </div>
  );
}

function ContinueCard({ item }: { item: ContinueItem }) {
  const { t } = useTranslation();
  const percent = item.duration > 0 ? Math.min(100, Math.round((item.position / item.duration) * 100)) : 0;
  return (
    <article className={vodStyles.card}>
      <div className={vodStyles.body}>
        <h3 className={vodStyles.cardTitle}>
          <Link href={item.link} className={vodStyles.cardLink}>
            {item.title}
          </Link>
        </h3>
        <p className={vodStyles.cardDate}>
          {formatVodDuration(item.position)} / {formatVodDuration(item.duration)}
        </p>
      </div>
      <div className={vodStyles.media}>
        {item.image && <img className={vodStyles.image} src={item.image} alt="" loading="lazy" decoding="async" width={640} height={360} />}
        <div className={styles.track}>
          <div className={styles.bar} style={{ width: `${percent}%` }} />
          <span className={visuallyHidden}>{t('catalogue.watchedShare', { percent })}</span>
        </div>
      </div>
    </article>
  );
}
