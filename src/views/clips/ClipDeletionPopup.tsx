/**
 * The popup that asks before a clip is deleted (kind `confirmClipDeletion`, opened by the clip flow's
 * `confirmDeletion` in src/app/logic/clips.ts): the clip's name, what deleting means, Cancel and Delete.
 */
import { useTranslation } from 'react-i18next';
import type { Popup } from '../../../machines/popup-queue/popup-queue.machine';
import { type PopupActions, PopupTitle } from '../../components/feedback/PopupHost';
import { dialogActions, dialogMessage } from '../../components/feedback/feedback.css';
import { primaryButton, secondaryButton } from '../../components/controls.css';

export function ClipDeletionPopup({ popup, actions }: { popup: Popup; actions: PopupActions }) {
  const { t } = useTranslation();
  const name = typeof popup.data['name'] === 'string' ? popup.data['name'] : '';
  return (
    <>
      <PopupTitle>{t('clips.deleteTitle', { name })}</PopupTitle>
      <p className={dialogMessage}>{t('clips.deleteLead')}</p>
      <div className={dialogActions}>
        <button type="button" className={secondaryButton} onClick={actions.cancel}>
          {t('shell.cancel')}
        </button>
        <button type="button" className={primaryButton} onClick={() => actions.resolve()}>
          {t('clips.delete')}
        </button>
      </div>
    </>
  );
}
