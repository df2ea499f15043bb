/**
 * The global error of SPEC §8 (a 429 or a crash status), as a banner at the top of the page. The shell decides when
 * there is one and what dismissing it does.
 */
import { useTranslation } from 'react-i18next';
import type { ClassifiedError } from '../../../mesh/client/errors';
import { secondaryButton } from '../controls.css';
import * as styles from './feedback.css';

export function GlobalErrorBanner({ error, onDismiss }: { error: ClassifiedError | null; onDismiss(): void }) {
  const { t } = useTranslation();
  if (!error) return null;
  let message: string;
  if (error.kind === 'throttled') {
    message =
      error.retryAfterSeconds !== null ? t('shell.throttled', { seconds: error.retryAfterSeconds }) : t('shell.throttledNow');
  } else if (error.kind === 'crash') {
    message = t('errors.serviceUnavailable');
  } else {
    message = t('errors.somethingWentWrong');
  }
  return (
    <div className={styles.banner} role="alert" data-testid="global-error">
      <p className={styles.bannerText}>{message}</p>
      <button type="button" className={secondaryButton} onClick={onDismiss}>
        {t('shell.dismiss')}
      </button>
    </div>
  );
}
