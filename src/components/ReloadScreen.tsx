/**
 * The reload screen (SPEC §1, §4, §8): the service message and a reload button. The reload-screen machine locks the
 * button for 60 seconds, counting down each second, and while it asks for a new key; the label says which.
 */
import { useTranslation } from 'react-i18next';
import {
  useReloadButtonDisabled,
  useReloadRequesting,
  useReloadScreenSenders,
  useReloadSecondsLeft,
} from '../app/facades/reload-screen';
import { primaryButton } from './controls.css';
import * as styles from './reload-screen.css';

export function ReloadScreen() {
  const { t } = useTranslation();
  const secondsLeft = useReloadSecondsLeft();
  const disabled = useReloadButtonDisabled();
  const requesting = useReloadRequesting();
  const { reload } = useReloadScreenSenders();
  const label = requesting
    ? t('shell.reloading')
    : secondsLeft > 0
      ? t('shell.reloadIn', { seconds: secondsLeft })
      : t('shell.reload');
  return (
    <main id="main" className={styles.screen} tabIndex={-1}>
      <div className={styles.card}>
        <h1 className={styles.message}>{t('errors.serviceUnavailable')}</h1>
        <button
          type="button"
          className={`${primaryButton} ${styles.button}`}
          data-testid="reload-button"
          disabled={disabled}
          aria-busy={requesting || undefined}
          onClick={reload}
        >
          {label}
        </button>
      </div>
    </main>
  );
}
