/**
 * The session machine's guards, and how it reads the events and failures they and its actions see.
 */
import { ClientRequestError } from '../../mesh/client/errors';
import {
  INVALID_CREDENTIALS,
  type SessionContext,
  type SessionError,
  type SessionEvent,
  SOMETHING_WENT_WRONG,
  WRONG_AUTH_DATA,
} from './session.types';

interface GuardArgs {
  context: SessionContext;
  event: SessionEvent;
}

type ContextArgs = Pick<GuardArgs, 'context'>;

export const sessionGuards = {
  hasStoredToken: (_: GuardArgs, token: string | null) => token !== null && token !== '',
  hasAcceptedTerms: ({ event }: GuardArgs) => event.type === 'user.register' && event.form.terms,
  hasPassesFlag: ({ context }: ContextArgs) => context.passesForm?.flag === true,
  hasTemporaryPassword: ({ context }: GuardArgs) => context.profile?.temporary_password === true,
  hasSelectedBasicPass: ({ context }: GuardArgs) => context.profile?.basic_pass_selected === true,
};

/**
 * What a form shows for a failed call: SPEC §8's "Invalid email or password" for refused credentials, the server's
 * own words for another refusal (a 4xx with a message: "The email address you have entered is already registered",
 * "You are already logged in"), otherwise the generic message.
 */
export function sessionErrorOf(error: unknown): SessionError {
  if (!(error instanceof ClientRequestError)) return { message: SOMETHING_WENT_WRONG, fieldErrors: {}, cause: null };
  const cause = error.error;
  const refused = (cause.kind === 'http' || cause.kind === 'notFound') && cause.status < 500 && cause.message !== '';
  const message = !refused ? SOMETHING_WENT_WRONG : cause.message === WRONG_AUTH_DATA ? INVALID_CREDENTIALS : cause.message;
  return { message, fieldErrors: cause.fieldErrors, cause };
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
