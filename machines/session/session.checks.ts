/**
 * The SPEC §5 checks of the login and registration forms, with the validators the API uses too. A module of its own,
 * loaded when a form is first sent: the session machine starts with the app's first bundle, the forms do not.
 */
import type { MessageRef } from '../../mesh/messages';
import { CHECK_FIELDS, loginMessages, registrationMessages, toFieldErrors, type FieldMessages } from '../../mesh/validation';
import type { LoginCredentials, PendingSignIn, RegistrationForm, SessionError } from './session.types';

/** SPEC §5: what a visitor reads when they press Register without accepting the terms. */
export const NOT_YET_REGISTERED: MessageRef = { key: 'validation.notYetRegistered' };

const isEmpty = (messages: FieldMessages): boolean => Object.keys(messages).length === 0;

/** SPEC §5 registration rules over the form's fields (the variables are camel-cased, the rules use the API's names). */
function registrationMessagesOf(form: RegistrationForm): FieldMessages {
  return registrationMessages({
    first_name: form.firstName,
    last_name: form.lastName,
    email: form.email,
    phone: form.phone ?? null,
    password: form.password,
    password_confirmation: form.passwordConfirmation,
    terms: form.terms,
  });
}

/** What the login form shows when the machine refuses it before sending: each field's SPEC §5 message. */
function loginRefusal(credentials: LoginCredentials): SessionError {
  return { form: 'login', message: CHECK_FIELDS, fieldErrors: toFieldErrors(loginMessages(credentials)), cause: null };
}

/**
 * What the registration form shows when the machine refuses it before sending: each field's SPEC §5 message, and
 * above the form SPEC's "not registered yet" when the terms are what is missing.
 */
function registrationRefusal(form: RegistrationForm): SessionError {
  const messages = registrationMessagesOf(form);
  return { form: 'register', message: form.terms ? CHECK_FIELDS : NOT_YET_REGISTERED, fieldErrors: toFieldErrors(messages), cause: null };
}

/** Why a sign-in form may not be sent, or null when it may. */
export function refusalOf(pending: PendingSignIn): SessionError | null {
  if (pending.way === 'login') return isEmpty(loginMessages(pending.credentials)) ? null : loginRefusal(pending.credentials);
  return isEmpty(registrationMessagesOf(pending.form)) ? null : registrationRefusal(pending.form);
}
