/**
 * SPEC §5 validation rules and their messages: the part of the data contract that both sides check. The app's
 * machines refuse a form before sending it, and the reference API refuses the same request for the same reasons.
 * The messages are references (mesh/messages.ts), keys of the app's catalogue: the app shows them in the viewer's
 * language, and the API writes them in SPEC's words (server/domain/errors.ts, `specWords`).
 * The values checked have the shapes of the REST request bodies (mesh/openapi.yaml: `first_name`, `start_time`...)
 * and problems come back keyed by those field names, as the API's error envelope keys them, so a form shows its own
 * refusals and the server's the same way. The limits are the contract's schemas; tests/mesh/validation.test.ts
 * keeps the two equal.
 *
 * Plain functions over plain values: no browser or Node globals (the app and the server both import this file).
 */
import type { MessageRef } from './messages';

/** The messages of SPEC §5. */
export const VALIDATION_MESSAGES = {
  firstNameRequired: { key: 'validation.firstNameRequired' },
  lastNameRequired: { key: 'validation.lastNameRequired' },
  emailRequired: { key: 'validation.emailRequired' },
  emailInvalid: { key: 'validation.emailInvalid' },
  passwordTooShort: { key: 'validation.passwordTooShort' },
  passwordsDontMatch: { key: 'validation.passwordMismatch' },
  fieldRequired: { key: 'validation.fieldRequired' },
  acceptTerms: { key: 'validation.acceptTerms' },
  fillInput: { key: 'validation.fillInput' },
  selectTag: { key: 'validation.selectTag' },
  clipTooLong: { key: 'validation.clipTooLong' },
  selectCard: { key: 'validation.selectCard' },
} as const satisfies Record<string, MessageRef>;

/** Above a form refused before it was sent: each field says what is wrong next to it (not a SPEC message). */
export const CHECK_FIELDS: MessageRef = { key: 'validation.checkFields' };

/** SPEC §5 "Field length must be greater than {number}": the text is shorter than `min` characters. */
export const fieldTooShort = (min: number): MessageRef => ({ key: 'validation.fieldTooShort', params: { number: min - 1 } });
/** SPEC §5 "Field length must be less than {number}": the text is longer than `max` characters. */
export const fieldTooLong = (max: number): MessageRef => ({ key: 'validation.fieldTooLong', params: { number: max + 1 } });

/** One message per field that is wrong, keyed by the request body's field names; empty when all is well. */
export type FieldMessages<TField extends string = string> = Partial<Record<TField, MessageRef>>;

/** The API's error envelope form (`errors: { email: [...] }`) of {@link FieldMessages}. */
export function toFieldErrors(messages: FieldMessages): Record<string, MessageRef[]> {
  const errors: Record<string, MessageRef[]> = {};
  for (const [field, message] of Object.entries(messages)) if (message !== undefined) errors[field] = [message];
  return errors;
}

/** Contract limits (mesh/openapi.yaml schemas). */
export const LIMITS = {
  /** `email: { maxLength: 254 }`. */
  emailMaxLength: 254,
  /** PersonName. */
  nameMaxLength: 100,
  /** NewPassword. */
  passwordMinLength: 8,
  passwordMaxLength: 200,
  /** PhoneNumber. */
  phoneMinDigits: 10,
  phoneMaxDigits: 14,
  /** ClipName, ClipTag and ClipCreateRequest.tags. */
  clipNameMaxLength: 120,
  clipTagMaxLength: 40,
  clipMaxTags: 20,
  /** ContactName, ContactSubject and ContactMessage. */
  contactNameMaxLength: 100,
  contactSubjectMaxLength: 200,
  contactMessageMaxLength: 5000,
} as const;

/**
 * SPEC §5 email: a local part, @, then a domain whose suffix has two or more letters, or an IP literal in brackets.
 * The API registers it as the `email` format of its request schemas.
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,}|\[(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)\])$/;

/** SPEC §5 numeric-email pattern: a login made of digits and brackets (`1234[56]`), with at least one digit. */
export const NUMERIC_LOGIN_PATTERN = /^(?=[^\d]*\d)[\d[\]]+$/;

/** SPEC §5 phone: an optional plus, then 10 to 14 digits, with spaces, dots, dashes and parentheses between. */
export const PHONE_PATTERN = /^\+?(?:[\s().-]*\d){10,14}[\s().-]*$/;

export const isEmail = (text: string): boolean => text.length <= LIMITS.emailMaxLength && EMAIL_PATTERN.test(text);

/** SPEC §5 login-like text: an email, or the numeric-email pattern. */
export const isLoginText = (text: string): boolean => isEmail(text) || NUMERIC_LOGIN_PATTERN.test(text);

export const isPhone = (text: string): boolean => PHONE_PATTERN.test(text);

/** What is wrong with a typed email (surrounding spaces do not count): missing, or not an address. */
export function emailMessage(email: string, accepts: (text: string) => boolean = isEmail): MessageRef | undefined {
  const text = email.trim();
  if (text === '') return VALIDATION_MESSAGES.emailRequired;
  return accepts(text) ? undefined : VALIDATION_MESSAGES.emailInvalid;
}

/** The password fields of registration, a password reset and the profile edit. */
export interface PasswordFields {
  password?: string | null;
  password_confirmation?: string | null;
}

/**
 * SPEC §5 password rules. A new password is long enough and no longer than the contract allows, and its
 * confirmation matches. With `optional` (the profile edit) an empty password means "keep the current one"; a
 * confirmation typed alone still has to match it.
 */
export function passwordMessages(fields: PasswordFields, options: { optional?: boolean } = {}): FieldMessages<keyof PasswordFields> {
  const password = fields.password ?? '';
  const confirmation = fields.password_confirmation ?? '';
  const messages: FieldMessages<keyof PasswordFields> = {};
  if (password === '' && options.optional) {
    if (confirmation !== '') messages.password_confirmation = VALIDATION_MESSAGES.passwordsDontMatch;
    return messages;
  }
  if (password.length < LIMITS.passwordMinLength) messages.password = VALIDATION_MESSAGES.passwordTooShort;
  else if (password.length > LIMITS.passwordMaxLength) messages.password = fieldTooLong(LIMITS.passwordMaxLength);
  if (confirmation !== password) messages.password_confirmation = VALIDATION_MESSAGES.passwordsDontMatch;
  return messages;
}

/** A text that is required (not blank) and at most `max` long once trimmed: a name by default. */
function nameMessage(name: string, required: MessageRef, max: number = LIMITS.nameMaxLength): MessageRef | undefined {
  const text = name.trim();
  if (text === '') return required;
  return text.length > max ? fieldTooLong(max) : undefined;
}

/**
 * SPEC §5 phone, optional: empty or null means none. SPEC gives no message of its own, so the length messages
 * count the digits (10 to 14), and a character that is neither a digit nor a separator reads "Field is required".
 */
export function phoneMessage(phone: string | null | undefined): MessageRef | undefined {
  if (phone === null || phone === undefined || phone.trim() === '' || isPhone(phone)) return undefined;
  const digits = phone.replace(/^\s*\+/, '').replace(/[\s().-]/g, '');
  if (!/^\d*$/.test(digits)) return VALIDATION_MESSAGES.fieldRequired;
  return digits.length < LIMITS.phoneMinDigits ? fieldTooShort(LIMITS.phoneMinDigits) : fieldTooLong(LIMITS.phoneMaxDigits);
}

/** The login form (LoginRequest). */
export interface LoginFields {
  email: string;
  password: string;
}

/** SPEC §5 login: a login-like text (an email or the numeric pattern) and a password. */
export function loginMessages(fields: LoginFields): FieldMessages<keyof LoginFields> {
  const messages: FieldMessages<keyof LoginFields> = {};
  const email = emailMessage(fields.email, isLoginText);
  if (email !== undefined) messages.email = email;
  if (fields.password === '') messages.password = VALIDATION_MESSAGES.fieldRequired;
  return messages;
}

/** The registration form (RegisterRequest). `terms` is the checkbox the app shows. */
export interface RegistrationFields extends PasswordFields {
  first_name: string;
  last_name: string;
  email: string;
  phone?: string | null;
  terms?: boolean;
}

/** SPEC §5 registration: names, a valid email, the password rules, an optional phone and the accepted terms. */
export function registrationMessages(fields: RegistrationFields): FieldMessages<keyof RegistrationFields> {
  const messages: FieldMessages<keyof RegistrationFields> = {
    first_name: nameMessage(fields.first_name, VALIDATION_MESSAGES.firstNameRequired),
    last_name: nameMessage(fields.last_name, VALIDATION_MESSAGES.lastNameRequired),
    email: emailMessage(fields.email),
    phone: phoneMessage(fields.phone),
    ...passwordMessages(fields),
    terms: fields.terms === false ? VALIDATION_MESSAGES.acceptTerms : undefined,
  };
  return withoutEmpty(messages);
}

/** The profile edit's fields (ProfileUpdateRequest): names, phone, and an optional new password. */
export interface ProfileFields extends PasswordFields {
  first_name: string;
  last_name: string;
  phone?: string | null;
}

/**
 * SPEC §5 profile edit: names required, an optional phone, and a new password that may be left empty (it is required
 * with `passwordRequired`: a temporary password must be replaced) and must match its confirmation.
 */
export function profileMessages(fields: ProfileFields, options: { passwordRequired?: boolean } = {}): FieldMessages<keyof ProfileFields> {
  return withoutEmpty({
    first_name: nameMessage(fields.first_name, VALIDATION_MESSAGES.firstNameRequired),
    last_name: nameMessage(fields.last_name, VALIDATION_MESSAGES.lastNameRequired),
    phone: phoneMessage(fields.phone),
    ...passwordMessages(fields, { optional: options.passwordRequired !== true }),
  });
}

/** The contact page's form (ContactRequestInput). */
export interface ContactFields {
  name: string;
  email: string;
  phone?: string | null;
  subject?: string | null;
  message: string;
}

/** The contact form: a name and a message that are not blank, a valid email, an optional phone (SPEC §5). */
export function contactMessages(fields: ContactFields): FieldMessages<keyof ContactFields> {
  const subject = fields.subject?.trim() ?? '';
  return withoutEmpty({
    name: nameMessage(fields.name, VALIDATION_MESSAGES.fillInput, LIMITS.contactNameMaxLength),
    email: emailMessage(fields.email.trim()),
    phone: phoneMessage(fields.phone),
    subject: subject.length > LIMITS.contactSubjectMaxLength ? fieldTooLong(LIMITS.contactSubjectMaxLength) : undefined,
    message: nameMessage(fields.message, VALIDATION_MESSAGES.fillInput, LIMITS.contactMessageMaxLength),
  });
}

/** A clip as it is asked for (ClipCreateRequest without the event). */
export interface ClipFields {
  name: string;
  start_time: number;
  duration: number;
  tags: readonly string[];
}

/** The clip as it is sent: name and tags trimmed, blank and repeated tags dropped. */
export function normalizedClip<TClip extends Pick<ClipFields, 'name' | 'tags'>>(clip: TClip): TClip {
  const tags = [...new Set(clip.tags.map((t) => t.trim()).filter((t) => t !== ''))];
  return { ...clip, name: clip.name.trim(), tags };
}

const isWhole = (n: number, min: number): boolean => Number.isSafeInteger(n) && n >= min;

/** Whether a clip from `start` lasting `duration` seconds ends within the `endTime` seconds that can be clipped. */
export const clipFitsEndTime = (start: number, duration: number, endTime: number): boolean => start + duration <= endTime;

/**
 * SPEC §5 clip: a name, at least one tag, whole seconds, and a duration that does not run past `endTime` (seconds
 * of the event that can be clipped). Checked on the normalized clip.
 */
export function clipMessages(clip: ClipFields, endTime: number): FieldMessages<keyof ClipFields> {
  const clean = normalizedClip(clip);
  const messages: FieldMessages<keyof ClipFields> = {};
  if (clean.name === '') messages.name = VALIDATION_MESSAGES.fillInput;
  else if (clean.name.length > LIMITS.clipNameMaxLength) messages.name = fieldTooLong(LIMITS.clipNameMaxLength);
  if (clean.tags.length === 0) messages.tags = VALIDATION_MESSAGES.selectTag;
  else if (clean.tags.some((t) => t.length > LIMITS.clipTagMaxLength)) messages.tags = fieldTooLong(LIMITS.clipTagMaxLength);
  else if (clean.tags.length > LIMITS.clipMaxTags) messages.tags = fieldTooLong(LIMITS.clipMaxTags);
  if (!isWhole(clean.start_time, 0)) messages.start_time = VALIDATION_MESSAGES.fieldRequired;
  if (!isWhole(clean.duration, 1)) messages.duration = VALIDATION_MESSAGES.fieldRequired;
  else if (messages.start_time === undefined && !clipFitsEndTime(clean.start_time, clean.duration, endTime)) {
    messages.duration = VALIDATION_MESSAGES.clipTooLong;
  }
  return messages;
}

function withoutEmpty<TField extends string>(messages: FieldMessages<TField>): FieldMessages<TField> {
  return Object.fromEntries(Object.entries(messages).filter(([, message]) => message !== undefined)) as FieldMessages<TField>;
}

/**
 * Why a card payment failed, for each decline code (https://docs.stripe.com/declines/codes), as the reference
 * processor answers them (in Stripe's words) and as the checkout's failure shows them; `abandoned` is an order nobody paid.
 */
export const DECLINE_MESSAGES = {
  card_declined: { key: 'server.cardDeclined' },
  insufficient_funds: { key: 'server.insufficientFunds' },
  lost_card: { key: 'server.cardDeclined' },
  stolen_card: { key: 'server.cardDeclined' },
  expired_card: { key: 'server.expiredCard' },
  incorrect_cvc: { key: 'server.incorrectCvc' },
  processing_error: { key: 'server.processingError' },
  abandoned: { key: 'server.paymentAbandoned' },
} as const satisfies Record<string, MessageRef>;

/** The message of a decline code; a code Stripe may add later reads as a plain decline. */
export function declineMessage(code: string): MessageRef {
  return (DECLINE_MESSAGES as Record<string, MessageRef>)[code] ?? DECLINE_MESSAGES.card_declined;
}

/** The title of the checkout's alert that says a payment failed. */
export const PAYMENT_FAILED: MessageRef = { key: 'errors.paymentFailed' };
