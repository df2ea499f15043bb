/** How the app shows the popup kinds its flows open (a kind not here shows the generic dialog of PopupHost). */
import type { PopupRenderer } from '../components/feedback/PopupHost';
import { SignInToFollowPopup } from '../components/favourites/SignInToFollowPopup';
import { ClipDeletionPopup } from '../views/clips/ClipDeletionPopup';

export const POPUP_RENDERERS: Partial<Record<string, PopupRenderer>> = {
  confirmClipDeletion: (popup, actions) => <ClipDeletionPopup popup={popup} actions={actions} />,
  signInToFollow: (_popup, actions) => <SignInToFollowPopup actions={actions} />,
};
