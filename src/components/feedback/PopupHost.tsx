/**
 * Shows the popup queue's current popup as a modal dialog (SPEC §3 "Popup queue", §4 Popup). The host owns what
 * every dialog needs: role="dialog" with aria-modal, a label, focus moved in and kept in, Escape to cancel, and focus
 * returned to where it was. Features render their own kinds through `renderers`; a kind without a renderer shows a
 * generic dialog with the popup's `title` and `message`.
 */
import { createContext, useContext, useEffect, useEffectEvent, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Popup } from '../../../machines/popup-queue/popup-queue.machine';
import { useCurrentPopup, usePopupSenders } from '../../app/facades/feedback';
import { primaryButton, secondaryButton } from '../controls.css';
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

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function GenericPopup({ popup, actions }: { popup: Popup; actions: PopupActions }) {
  const { t } = useTranslation();
  const message = text(popup.data['message']);
  return (
    <>
      <PopupTitle>{text(popup.data['title']) ?? t('shell.dialog')}</PopupTitle>
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

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusablesIn(element: HTMLElement): HTMLElement[] {
  return [...element.querySelectorAll<HTMLElement>(FOCUSABLE)];
}

function Dialog({ kind, onCancel, children }: { kind: string; onCancel(): void; children: ReactNode }) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const cancel = useEffectEvent(onCancel);

  // Focus moves into the dialog and, when it closes, back to what had it (if that is still on the page).
  useEffect(() => {
    const dialog = ref.current;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog) (focusablesIn(dialog)[0] ?? dialog).focus();
    return () => {
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, []);

  // Escape cancels wherever focus is: the dialog is modal.
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      cancel();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  // Tab and Shift+Tab cycle through the dialog's controls.
  const keepFocusInside = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !ref.current) return;
    const focusables = focusablesIn(ref.current);
    const first = focusables[0];
    const last = focusables[focusables.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && (document.activeElement === first || document.activeElement === ref.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className={styles.backdrop}>
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={styles.dialog}
        data-popup-kind={kind}
        onKeyDown={keepFocusInside}
      >
        <TitleId.Provider value={titleId}>{children}</TitleId.Provider>
      </div>
    </div>
  );
}
