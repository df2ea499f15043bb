/**
 * Shows the toast machine's current toast (SPEC §3 Toast, §9: 5000 ms, info by default). Both live regions stay in
 * the page so that screen readers announce what appears in them: errors at once (role="alert"), the rest politely.
 */
import { useTranslation } from 'react-i18next';
import type { Toast } from '../../../machines/toast/toast.machine';
import { useCurrentToast, useToastSenders } from '../../app/facades/feedback';
import { useMessage } from '../../i18n/messages';
import * as styles from './feedback.css';

const ICONS: Record<Toast['type'], string> = { info: 'i', success: '✓', error: '!' };

export function ToastHost() {
  const { t } = useTranslation();
  const message = useMessage();
  const toast = useCurrentToast();
  const { dismiss } = useToastSenders();
  const card = toast && (
    <div key={toast.id} className={styles.toast[toast.type]} data-testid="toast" data-type={toast.type}>
      <span className={styles.toastIcon} aria-hidden="true">
        {ICONS[toast.type]}
      </span>
      <p className={styles.toastText}>{message(toast.message)}</p>
      <button type="button" className={styles.closeButton} aria-label={t('shell.dismiss')} onClick={() => dismiss(toast.id)}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
  return (
    <div className={styles.toastArea}>
      <div role="status" aria-label={t('shell.notifications')}>
        {toast?.type !== 'error' && card}
      </div>
      <div role="alert">{toast?.type === 'error' && card}</div>
    </div>
  );
}
