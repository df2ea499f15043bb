/** The full-page loader shown while the startup calls run (SPEC §1), and the line a page shows while its own content loads. */
import { useTranslation } from 'react-i18next';
import * as styles from './loader.css';

export function Loader() {
  const { t } = useTranslation();
  return (
    <div className={styles.screen} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <p className={styles.text}>{t('shell.loading')}</p>
    </div>
  );
}

/** A page's own content on its way: one polite line where the content will be, inside the page. */
export function PageLoading({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <p role="status" className={className}>
      {t('shell.pageLoading')}
    </p>
  );
}
