/** Facades of the toast and popup-queue flows (SPEC §3 Toast, Popup queue). */
import type { Popup, PopupRequest } from '../../../machines/popup-queue/popup-queue.machine';
import type { Toast, ToastRequest } from '../../../machines/toast/toast.machine';
import { PopupsFlow, ToastsFlow } from '../flows';

/** The toast on screen, if any (the machine shows one at a time, each for its time). */
export function useCurrentToast(): Toast | null {
  return ToastsFlow.useSelect((s) => (s.hasTag('visible') ? (s.context.queue[0] ?? null) : null));
}

export function useToastSenders() {
  const toasts = ToastsFlow.useActor();
  return {
    show: (toast: ToastRequest) => toasts.send({ type: 'toast.show', toast }),
    dismiss: (id: string) => toasts.send({ type: 'toast.dismiss', id }),
  };
}

/** The popup on screen, if any. */
export function useCurrentPopup(): Popup | null {
  return PopupsFlow.useSelect((s) => (s.hasTag('visible') ? (s.context.queue[0] ?? null) : null));
}

export function usePopupSenders() {
  const popups = PopupsFlow.useActor();
  return {
    open: (popup: PopupRequest) => popups.send({ type: 'popup.open', popup }),
    resolve: (id: string, value?: unknown) => popups.send({ type: 'user.resolve', id, value }),
    cancel: (id: string) => popups.send({ type: 'user.cancel', id }),
  };
}
