/**
 * Facades of the account screens: the session's sign-in forms (login, registration, the social hand-off, logout)
 * and the account form flow (`AccountFormFlow.Scope`) of verification, password reset, profile edit, deletion and
 * the passes form. Views read busy, done and the refusal from the machines and send intents; they decide nothing.
 */
import { useMemo } from 'react';
import type { AccountFormError, AccountRequest, AccountResult, PassesForm } from '../../../machines/account-form/account-form.types';
import type { LoginCredentials, RegistrationForm, SessionError, ViewerProfile } from '../../../machines/session/session.types';
import { AccountFormFlow, SessionFlow } from '../flows';

/** Compares refusals by what the form shows. */
const sameError = (a: AccountFormError | SessionError | null, b: AccountFormError | SessionError | null) =>
  a === b || (a !== null && b !== null && a.message === b.message && JSON.stringify(a.fieldErrors) === JSON.stringify(b.fieldErrors));

/** The login and registration forms: the session's sign-in states; `form` picks the refusals this form shows. */
export function useSignIn(form: 'login' | 'register') {
  const session = SessionFlow.useActor();
  const senders = useMemo(
    () => ({
      logIn: (credentials: LoginCredentials) => session.send({ type: 'user.login', credentials }),
      register: (form: RegistrationForm) => session.send({ type: 'user.register', form }),
      /** Back from the social provider with its one-time code (sent once per code: the machine says so). */
      socialCode: (code: string) => session.send({ type: 'user.socialCode', code }),
    }),
    [session],
  );
  return {
    ...senders,
    /** A sign-in is on its way (the form is busy; a second press does nothing). */
    busy: SessionFlow.useSelect((s) => s.hasTag('busy') && !s.hasTag('loggedIn')),
    /** Whether the session takes a sign-in now (a visitor, not already signing in). */
    canSignIn: SessionFlow.useSelect((s) => s.hasTag('anonymous')),
    error: SessionFlow.useSelect((s) => (s.context.error?.form === form ? s.context.error : null), sameError),
  };
}

/** The signed-in viewer's profile, for the profile edit. */
export function useViewerProfile(): ViewerProfile | null {
  return SessionFlow.useSelect((s) => s.context.profile);
}

/** The passes custom form (SPEC §4: fetched after login), or null when the channel has none. */
export function usePassesForm(): PassesForm | null {
  return SessionFlow.useSelect((s) => s.context.passesForm);
}

/** True while the session holds the viewer until they choose a basic pass (SPEC §2). */
export function useNeedsBasicPass(): boolean {
  return SessionFlow.useSelect((s) => s.hasTag('needsBasicPass'));
}

/** An account form's state inside `<AccountFormFlow.Scope>`. */
export function useAccountForm() {
  const form = AccountFormFlow.useActor();
  return {
    busy: AccountFormFlow.useSelect((s) => s.hasTag('busy')),
    done: AccountFormFlow.useSelect((s) => s.hasTag('done')),
    result: AccountFormFlow.useSelect((s): AccountResult | null => s.context.result),
    error: AccountFormFlow.useSelect((s) => s.context.error, sameError),
    submit: (request: AccountRequest) => form.send({ type: 'form.submit', request }),
    edited: () => form.send({ type: 'form.edit' }),
  };
}
