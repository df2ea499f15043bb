/**
 * Shows the popup queue's current popup as a modal dialog (SPEC §3 "Popup queue", §4 Popup): a native `<dialog>`
 * opened with showModal(), so the browser makes the page behind it inert, moves focus in, turns Escape into a
 * `cancel` event and gives focus back on close. The host adds the label and hands the cancel to the queue, which
 * decides what is shown. Features render their own kinds through `renderers`; a kind without a renderer shows a
 * generic dialog with the popup's `title` and `message`.
 */
import { createContext, useContext, useId, useLayoutEffect, useRef, type ReactNode, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Popup } from '../../../machines/popup-queue/popup-queue.machine';
import { useCurrentPopup, usePopupSenders } from '../../app/facades/feedback';
import { primaryButton, secondaryButton } from '../controls.css';
import type { Message } from '../../../mesh/messages';
import { useMessage } from '../../i18n/messages';
import * as styles from './feedback.css';

export interface PopupActions {
  /** Confirms the popup; whoever opened it gets `value`. */
  resolve(value?: unknown): void;
  /** Closes the popup without confirming it (also Escape). */
  cancel(): void;
}

export type PopupRenderer = (popup: Popup, actions: PopupActions) => ReactNode;

const TitleId = createContext<string | undefined>(undefined);

/** The dialog's title; a renderer shows one so that the dialog is labelled by it. */
export function PopupTitle({ children }: { children: ReactNode }) {
  return (
    <h2 id={useContext(TitleId)} className={styles.dialogTitle}>
      {children}
    </h2>
  );
}

export function PopupHost({ renderers }: { renderers?: Partial<Record<string, PopupRenderer>> }) {
  const popup = useCurrentPopup();
  const { resolve, cancel } = usePopupSenders();
  if (!popup) return null;
  const actions: PopupActions = {
    resolve: (value?: unknown) => resolve(popup.id, value),
    cancel: () => cancel(popup.id),
  };
  const render = renderers?.[popup.kind] ?? renderGeneric;
  return (
    // A new popup is a new dialog: its own focus handling, its own title id.
    <Dialog key={popup.id} kind={popup.kind} onCancel={actions.cancel}>
      {render(popup, actions)}
    </Dialog>
  );
}

const renderGeneric: PopupRenderer = (popup, actions) => <GenericPopup popup={popup} actions={actions} />;

/** A popup's message (mesh/messages.ts), or null when its data holds none. */
function messageIn(value: unknown): Message | null {
  if (typeof value !== 'object' || value === null) return null;
  if ('key' in value && typeof value.key === 'string') return value as Message;
  return 'text' in value && typeof value.text === 'string' && value.text.trim() !== '' ? (value as Message) : null;
}

function GenericPopup({ popup, actions }: { popup: Popup; actions: PopupActions }) {
  const { t } = useTranslation();
  const translate = useMessage();
  const messageData = messageIn(popup.data['message']);
  const title = messageIn(popup.data['title']);
  const message = messageData && translate(messageData);
  return (
    <>
      <PopupTitle>{title ? translate(title) : t('shell.dialog')}</PopupTitle>
      {message && <p className={styles.dialogMessage}>{message}</p>}
      <div className={styles.dialogActions}>
        <button type="button" className={secondaryButton} onClick={actions.cancel}>
          {t('shell.cancel')}
        </button>
        <button type="button" className={primaryButton} onClick={() => actions.resolve()}>
          {t('shell.ok')}
        </button>
      </div>
    </>
  );
}

function Dialog({ kind, onCancel, children }: { kind: string; onCancel(): void; children: ReactNode }) {
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);

  // Closed in a layout effect's cleanup, that is before React removes the element: the browser gives focus back to
  // what had it only when an open dialog is closed, not when it is removed.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    dialog.showModal();
    return () => dialog.close();
  }, []);

  // Escape asks to cancel; the queue decides, so the dialog does not close itself.
  const requestCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    onCancel();
  };
  // Closed by the browser anyway (a cancel it would not let us prevent, a form with method="dialog"): that is a
  // cancel too, or the queue would wait on a dialog nobody sees. The close event comes a task later, so a dialog open
  // again by then (React's strict-mode remount) was not closed by the viewer.
  const closed = () => {
    if (!ref.current?.open) onCancel();
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      tabIndex={-1}
      className={styles.dialog}
      data-popup-kind={kind}
      onCancel={requestCancel}
      onClose={closed}
    >
      <TitleId.Provider value={titleId}>{children}</TitleId.Provider>
    </dialog>
  );
}
