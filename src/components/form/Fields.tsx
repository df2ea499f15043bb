/**
 * The pieces every account form is made of: a labelled field whose refusal is announced next to it (`aria-invalid`,
 * `aria-describedby`), the notice above the form, and a submit button that is busy and disabled while the
 * machine sends. Machines speak in message keys (mesh/messages.ts); `useMessage` gives the viewer their language.
 */
import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '../../../mesh/messages';
import { useMessage } from '../../i18n/messages';
import type { MessageKey } from '../../i18n/locales/en';
import { primaryButton, secondaryButton } from '../controls.css';
import * as styles from './form.css';

/** Refusals keyed by the API's field names (`first_name`, `password_confirmation`...), as the machines keep them. */
export type FieldErrors = Readonly<Record<string, readonly Message[]>>;

interface FieldProps {
  /** The form field's name: the API's field name, so the machine's refusal for it lands here. */
  name: string;
  label: MessageKey;
  hint?: MessageKey;
  errors?: FieldErrors | undefined;
}

type TextFieldProps = FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'>;
type TextAreaFieldProps = FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'id'>;

/** A label, the control it names, its hint and its refusal, linked for assistive technology. */
function useFieldFrame({ name, label, hint, errors }: FieldProps) {
  const { t } = useTranslation();
  const message = useMessage();
  const id = useId();
  const messages = errors?.[name] ?? [];
  const invalid = messages.length > 0;
  const describedBy = [hint ? `${id}-hint` : null, invalid ? `${id}-error` : null].filter(Boolean).join(' ');
  const control = { id, name, 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy || undefined };
  const frame = (input: ReactNode) => (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {t(label)}
      </label>
      {input}
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {t(hint)}
        </p>
      )}
      {invalid && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {messages.map((m) => message(m)).join(' ')}
        </p>
      )}
    </div>
  );
  return { control, frame };
}

export function TextField({ name, label, hint, errors, ...input }: TextFieldProps) {
  const { control, frame } = useFieldFrame({ name, label, hint, errors });
  return frame(<input {...input} {...control} className={styles.input} />);
}

/** A text of several lines (the contact form's message). */
export function TextAreaField({ name, label, hint, errors, ...input }: TextAreaFieldProps) {
  const { control, frame } = useFieldFrame({ name, label, hint, errors });
  return frame(<textarea {...input} {...control} className={`${styles.input} ${styles.textarea}`} />);
}

/** A checkbox with its label beside it (the terms), and its refusal below. */
export function CheckboxField({ name, label, errors }: { name: string; label: ReactNode; errors: FieldErrors | undefined }) {
  const message = useMessage();
  const id = useId();
  const messages = errors?.[name] ?? [];
  const invalid = messages.length > 0;
  return (
    <div className={styles.field}>
      <div className={styles.checkbox}>
        <input
          id={id}
          name={name}
          type="checkbox"
          value="true"
          className={styles.checkboxInput}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      {invalid && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {messages.map((m) => message(m)).join(' ')}
        </p>
      )}
    </div>
  );
}

/** The message above a form: `role="alert"` for a refusal, a polite status otherwise. */
export function FormNotice({ tone, children }: { tone: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <div className={styles.notice} data-tone={tone} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

/** A machine's refusal above the form, in the viewer's language; nothing without one. */
export function ErrorNotice({ error }: { error: { message: Message } | null }) {
  const message = useMessage();
  if (!error) return null;
  return <FormNotice tone="error">{message(error.message)}</FormNotice>;
}

/** The form's submit button: busy and disabled while the machine sends (a second press cannot send twice). */
export function SubmitButton({ busy, label, busyLabel, className }: { busy: boolean; label: MessageKey; busyLabel: MessageKey; className?: string }) {
  const { t } = useTranslation();
  return (
    <button type="submit" className={`${primaryButton} ${className ?? styles.submit}`} disabled={busy} aria-busy={busy || undefined}>
      {t(busy ? busyLabel : label)}
    </button>
  );
}

/** The text of a form's field (an absent field reads as empty). */
export function fieldValue(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/** Something the page reads could not be read: what, and the way to try again. */
export function RetryNotice({ message, onRetry }: { message: MessageKey; onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <FormNotice tone="error">
      {t(message)}{' '}
      <button type="button" className={secondaryButton} onClick={onRetry}>
        {t('buy.retry')}
      </button>
    </FormNotice>
  );
}
