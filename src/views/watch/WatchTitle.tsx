/**
 * The h1 of a player page until the player has details to title it with: while it loads, when it failed, when a
 * refusal came without them (a visitor on one of a viewer's clips) and for an id that names no video. Without it
 * those pages had no h1 at all, and a screen reader's "next heading" found nothing to say what the page is.
 */
import { useTranslation } from 'react-i18next';
import { usePlayer } from '../../app/facades/player';
import { visuallyHidden } from '../../components/controls.css';
import type { MessageKey } from '../../i18n/locales/en';
import * as styles from './watch.css';

/**
 * `title` is the route's own title; an unknown video says so instead. `hidden`: read by screen readers only, where a
 * visible title would not belong (the embed shows the player alone until it knows the game).
 */
export function WatchTitle({ title, hidden = false }: { title: MessageKey; hidden?: boolean }) {
  const { t } = useTranslation();
  const { status, denial } = usePlayer();
  const text = status === 'denied' && denial === 'notFound' ? t('player.notFoundTitle') : t(title);
  if (hidden) return <h1 className={visuallyHidden}>{text}</h1>;
  return (
    <div className={styles.info}>
      <h1 className={styles.title}>{text}</h1>
    </div>
  );
}
