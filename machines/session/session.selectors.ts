/**
 * What views ask the session beside its guards, with types only from the machine's side: the app's chunk imports this
 * module, and a runtime import here (the client's errors, as the guards have) made the bundler split a chunk out of
 * the entry.
 */
import type { SessionContext, SessionError, SessionForm } from './session.types';

/**
 * The refusal a form shows: the session's error when it belongs to that form (a failed login is not the registration
 * page's business, nor a refused logout the login page's), else null.
 */
export function sessionErrorFor(snapshot: { context: Pick<SessionContext, 'error'> }, form: SessionForm): SessionError | null {
  const { error } = snapshot.context;
  return error?.form === form ? error : null;
}
