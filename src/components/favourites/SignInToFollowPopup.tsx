/**
 * The popup a visitor sees after clicking a favourite star (kind `signInToFollow`, opened by the favourites flow's
 * `askToSignIn`): why an account helps, and the ways to log in or register. Following a link confirms the popup.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { type PopupActions, PopupTitle } from '../feedback/PopupHost';
import { dialogActions, dialogMessage } from '../feedback/feedback.css';
import { primaryButton, secondaryButton } from '../controls.css';

export function SignInToFollowPopup({ actions }: { actions: PopupActions }) {
  const { t } = useTranslation();
  return (
    <>
      <PopupTitle>{t('favourites.signInTitle')}</PopupTitle>
      <p className={dialogMessage}>{t('favourites.signInLead')}</p>
      <div className={dialogActions}>
        <button type="button" className={secondaryButton} onClick={actions.cancel}>
          {t('shell.cancel')}
        </button>
        <Link href="/registration" className={secondaryButton} onClick={() => actions.resolve()}>
          {t('shell.register')}
        </Link>
        <Link href="/login" className={primaryButton} onClick={() => actions.resolve()}>
          {t('shell.logIn')}
        </Link>
      </div>
    </>
  );
}
