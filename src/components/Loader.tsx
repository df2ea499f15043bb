/** The full-page loader shown while the startup calls run (SPEC §1). */
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
