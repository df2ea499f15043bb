/**
 * The session machine's guards, and how it reads the events and failures they and its actions see.
 */
import { ClientRequestError } from '../../mesh/client/errors';
import {
  INVALID_CREDENTIALS,
  type PendingSignIn,
  type SessionContext,
  type SessionError,
  type SessionEvent,
  type SessionForm,
  SOMETHING_WENT_WRONG,
} from './session.types';

interface GuardArgs {
  context: SessionContext;
  event: SessionEvent;
}

type ContextArgs = Pick<GuardArgs, 'context'>;

export const sessionGuards = {
  hasStoredToken: (_: GuardArgs, token: string | null) => token !== null && token !== '',
  /** The form passed its checks, and it is the one of this way (login or registration). */
  isAccepted: (_: unknown, check: { refusal: SessionError | null; pending: PendingSignIn | null; way: PendingSignIn['way'] }) =>
    check.refusal === null && check.pending?.way === check.way,
  isNewSocialCode: ({ context, event }: GuardArgs) => event.type === 'user.socialCode' && event.code !== context.socialCode,
  hasPassesFlag: ({ context }: ContextArgs) => context.passesForm?.flag === true,
  hasTemporaryPassword: ({ context }: GuardArgs) => context.profile?.temporary_password === true,
  hasSelectedBasicPass: ({ context }: GuardArgs) => context.profile?.basic_pass_selected === true,
};

/**
 * What a form shows for a failed call: SPEC §8's "Invalid email or password" for refused credentials, the server's
 * own words for another refusal (a 4xx with a message: "The email address you have entered is already registered",
 * "You are already logged in"), otherwise the generic message.
 */
export function sessionErrorOf(error: unknown, form: SessionForm): SessionError {
  if (!(error instanceof ClientRequestError)) return { form, message: SOMETHING_WENT_WRONG, fieldErrors: {}, cause: null };
  const cause = error.error;
  // Refused credentials say nothing of which field was wrong: the form does not either.
  if ('key' in cause.userMessage && cause.userMessage.key === 'server.wrongAuthData') return { form, message: INVALID_CREDENTIALS, fieldErrors: {}, cause };
  // A refusal (and a sign-in throttled for too many failures) is told in the server's words.
  const refused = (cause.kind === 'http' || cause.kind === 'notFound' || cause.kind === 'throttled') && cause.status < 500 && cause.message !== '';
  return { form, message: refused ? cause.userMessage : SOMETHING_WENT_WRONG, fieldErrors: refused ? cause.userFieldErrors : {}, cause };
}

/** The payload of the event that entered a sign-in state (only that event enters it). */
export function payloadOf<TType extends SessionEvent['type']>(event: SessionEvent, type: TType): Extract<SessionEvent, { type: TType }> {
  if (event.type !== type) throw new Error(`session: entered by ${event.type}, expected ${type}`);
  return event as Extract<SessionEvent, { type: TType }>;
}

/**
 * Whether a `user.logout` now logs the viewer out rather than being refused: the machine's own guard, for views that
 * show the logout button only then.
 */
export function canLogOut(snapshot: { context: SessionContext; hasTag(tag: 'loggedIn'): boolean }): boolean {
  return snapshot.hasTag('loggedIn') && sessionGuards.hasPassesFlag({ context: snapshot.context });
}
