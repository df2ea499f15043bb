/** One link of the channel's menu: internal ones stay in the app, external ones open in a new tab and say so. */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { MenuItem } from '../../app/facades/channel';
import { visuallyHidden } from '../controls.css';
import * as styles from './layout.css';

export function MenuLink({ item, current, onFollow }: { item: MenuItem; current: boolean; onFollow?: () => void }) {
  const { t } = useTranslation();
  if (item.external) {
    return (
      <a className={styles.menuLink} href={item.url} target="_blank" rel="noopener noreferrer" onClick={onFollow}>
        {item.title}
        <span className={visuallyHidden}> {t('shell.opensInNewTab')}</span>
      </a>
    );
  }
  return (
    <Link className={styles.menuLink} href={item.url} aria-current={current ? 'page' : undefined} onClick={onFollow}>
      {item.title}
    </Link>
  );
}
