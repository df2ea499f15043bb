/**
 * jsdom (29) knows `<dialog>` only as an element with a reflected `open` attribute (hidden without it): no showModal(), close(), `cancel` on
 * Escape, nor focus moved in and given back. Suites that open popups install this stand-in for what browsers do
 * (HTML's dialog focusing steps, close steps and close request), so that the views are tested against the platform
 * behaviour they rely on. It is test code only: the app calls the browser's own dialog.
 */

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]';

const modal = new WeakSet<HTMLDialogElement>();
const previouslyFocused = new WeakMap<HTMLDialogElement, Element | null>();
/** Open modal dialogs, the top one last (the top layer). */
const topLayer: HTMLDialogElement[] = [];

/** Whether the dialog was opened with showModal() and is still open. */
export function isModal(dialog: Element): boolean {
  return dialog instanceof HTMLDialogElement && modal.has(dialog) && dialog.open;
}

/** Patches HTMLDialogElement in this suite's jsdom window, unless it already has showModal. */
export function installDialogPolyfill(): void {
  const proto = HTMLDialogElement.prototype;
  if (typeof proto.showModal === 'function') return;

  proto.showModal = function showModal(this: HTMLDialogElement) {
    if (this.open && modal.has(this)) return;
    if (this.open || !this.isConnected) throw new DOMException('The dialog cannot be shown modally', 'InvalidStateError');
    this.setAttribute('open', '');
    modal.add(this);
    topLayer.push(this);
    previouslyFocused.set(this, this.ownerDocument.activeElement);
    // The focus delegate: an autofocus descendant, else the first focusable one, else the dialog itself.
    const control = this.querySelector<HTMLElement>('[autofocus]') ?? this.querySelector<HTMLElement>(FOCUSABLE) ?? this;
    control.focus();
  };

  proto.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    modal.delete(this);
    const index = topLayer.indexOf(this);
    if (index >= 0) topLayer.splice(index, 1);
    // Focus goes back to what had it when the dialog opened, if it is still inside the dialog (or nowhere).
    const back = previouslyFocused.get(this);
    previouslyFocused.delete(this);
    const active = this.ownerDocument.activeElement;
    if (back instanceof HTMLElement && (active === null || active === this.ownerDocument.body || this.contains(active))) back.focus();
    // Browsers queue the close event as a task.
    setTimeout(() => this.dispatchEvent(new Event('close')), 0);
  };

  // Escape is a close request to the top modal dialog: a cancelable `cancel` event, then close() unless prevented.
  document.addEventListener('keydown', (event) => {
    const top = topLayer.findLast((dialog) => dialog.isConnected && dialog.open);
    if (event.key !== 'Escape' || !top) return;
    if (top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
  });
}
