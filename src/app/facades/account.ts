/**
 * Facades of the account screens: the session's sign-in forms (login, registration, the social hand-off, logout)
 * and the account form flow (`AccountFormFlow.Scope`) of verification, password reset, profile edit, deletion and
 * the passes form. Views read busy, done and the refusal from the machines and send intents; they decide nothing.
 */
import { useCallback, useMemo } from 'react';
import { isLinkRefused, resetLinkSentTo, signedLinkOf } from '../../../machines/account-form/account-form.selectors';
import type { AccountFormError, AccountRequest, AccountResult, PassesForm, SignedLink } from '../../../machines/account-form/account-form.types';
import { sessionErrorFor } from '../../../machines/session/session.selectors';
import type { LoginCredentials, RegistrationForm, SessionError, ViewerProfile } from '../../../machines/session/session.types';
import { AccountFormFlow, SessionFlow } from '../flows';

/** Compares refusals by what the form shows. */
const sameError = (a: AccountFormError | SessionError | null, b: AccountFormError | SessionError | null) =>
  a === b || (a !== null && b !== null && JSON.stringify(a.message) === JSON.stringify(b.message) && JSON.stringify(a.fieldErrors) === JSON.stringify(b.fieldErrors));

/** What `state.can` is asked with: the sign-in transitions take any form (its checks come after), so a blank one. */
const BLANK_CREDENTIALS: LoginCredentials = { email: '', password: '' };
const BLANK_REGISTRATION: RegistrationForm = { firstName: '', lastName: '', email: '', password: '', passwordConfirmation: '', terms: false };

/** The login and registration forms: the session's sign-in states; `form` picks the refusals this form shows. */
export function useSignIn(form: 'login' | 'register') {
  const session = SessionFlow.useActor();
  const senders = useMemo(
    () => ({
      logIn: (credentials: LoginCredentials) => session.send({ type: 'user.login', credentials }),
      register: (form: RegistrationForm) => session.send({ type: 'user.register', form }),
    }),
    [session],
  );
  return {
    ...senders,
    /**
     * Whether the session takes this form now (a visitor with no sign-in on its way): the submit is enabled exactly
     * then, and a press while it is not would do nothing.
     */
    canSubmit: SessionFlow.useSelect((s) =>
      form === 'login' ? s.can({ type: 'user.login', credentials: BLANK_CREDENTIALS }) : s.can({ type: 'user.register', form: BLANK_REGISTRATION }),
    ),
    /** A sign-in (this form's, or the social hand-off's) is being checked or sent. */
    signingIn: SessionFlow.useSelect((s) => s.hasTag('signingIn')),
    error: SessionFlow.useSelect((s) => sessionErrorFor(s, form), sameError),
  };
}

/**
 * Back from the social provider with its one-time code: whether the session would trade this code now (a visitor,
 * and a code not traded or refused before: the machine says so), and the sender.
 */
export function useSocialCode(code: string | null) {
  const session = SessionFlow.useActor();
  const takesCode = SessionFlow.useSelect((s) => code !== null && s.can({ type: 'user.socialCode', code }));
  const trade = useCallback((next: string) => session.send({ type: 'user.socialCode', code: next }), [session]);
  return { takesCode, trade };
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

/**
 * The mailed link a page's query carries (`?email&expires&signature`), read as the account form reads links; null
 * when a part is missing or malformed (the form then refuses it without sending anything).
 */
export function useMailedLink(search: string): SignedLink | null {
  return useMemo(() => {
    const query = new URLSearchParams(search);
    return signedLinkOf({ email: query.get('email'), expires: query.get('expires'), signature: query.get('signature') });
  }, [search]);
}

/** An account form's state inside `<AccountFormFlow.Scope>`. */
export function useAccountForm() {
  const form = AccountFormFlow.useActor();
  return {
    busy: AccountFormFlow.useSelect((s) => s.hasTag('busy')),
    done: AccountFormFlow.useSelect((s) => s.hasTag('done')),
    /** The page's mailed link lacks a part: no form, and the way to a new link. */
    linkIncomplete: AccountFormFlow.useSelect((s) => s.hasTag('linkIncomplete')),
    result: AccountFormFlow.useSelect((s): AccountResult | null => s.context.result),
    error: AccountFormFlow.useSelect((s) => s.context.error, sameError),
    /** The refusal is the mailed link's (forged, used, expired): a new link can be asked for. */
    linkRefused: AccountFormFlow.useSelect((s) => isLinkRefused(s)),
    /** The address a reset link was asked for, once asked. */
    sentTo: AccountFormFlow.useSelect((s) => resetLinkSentTo(s)),
    submit: (request: AccountRequest) => form.send({ type: 'form.submit', request }),
    edited: () => form.send({ type: 'form.edit' }),
  };
}
