/**
 * What the session machine exchanges with views and with its actors (SPEC §3 User, §4 Session, §6 roles), and the
 * messages of SPEC §5 and §8 it shows.
 */
import type { ClassifiedError } from '../../mesh/client/errors';
import type {
  CustomFormFieldsFragment,
  RegisterMutationVariables,
  SocialProvider,
  ViewerAccessFragment,
  ViewerProfileFragment,
} from '../../mesh/client/generated/graphql';

/** SPEC §4: logout refused (not logged in, or the passes-form flag is not set). */
export const LOGOUT_REFUSED = "user can't be logged out";
/** SPEC §8: what the viewer reads when the API answers "Wrong auth data". */
export const INVALID_CREDENTIALS = 'Invalid email or password. Please try again.';
/** SPEC §8: what the viewer reads when a failure tells them nothing they can act on. */
export const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again or contact technical support';
/** SPEC §5: registration needs the terms accepted. */
export const ACCEPT_TERMS = 'Please accept terms & conditions';
/** SPEC §8: the server's words for refused credentials. */
export const WRONG_AUTH_DATA = 'Wrong auth data';

/** @public */
export type ViewerProfile = ViewerProfileFragment;
/** @public */
export type ViewerAccess = ViewerAccessFragment;
/** The passes custom form; its `flag` allows logout (SPEC §4, §6). @public */
export type PassesForm = CustomFormFieldsFragment;

/** @public */
export interface LoginCredentials {
  email: string;
  password: string;
}

/** The registration form's fields (SPEC §5: the terms must be accepted). @public */
export type RegistrationForm = RegisterMutationVariables;

/** The provider's access token, from the social callback's redirect (POST v2/auth/social/{provider}). @public */
export interface SocialToken {
  provider: SocialProvider;
  accessToken: string;
}

/** What every sign-in (login, registration, social) resolves with. */
export interface SignedIn {
  token: string;
  profile: ViewerProfile;
}

/** What loading the profile after login resolves with. */
export interface LoadedProfile {
  profile: ViewerProfile;
  access: ViewerAccess | null;
  /** Null when the channel has no passes form (a 404, tolerated). */
  passesForm: PassesForm | null;
}

/** What a form shows after a failed sign-in or a refused logout. @public */
export interface SessionError {
  message: string;
  /** Messages per form field from the API's error envelope (`email`, `password_confirmation`...). */
  fieldErrors: Readonly<Record<string, readonly string[]>>;
  /** The client's classified error; null for a local refusal or an unexplained failure. */
  cause: ClassifiedError | null;
}

/** @public */
export interface SessionContext {
  /** The viewer's bearer token; the client sends it with each request. Null for an anonymous visitor. */
  token: string | null;
  profile: ViewerProfile | null;
  access: ViewerAccess | null;
  passesForm: PassesForm | null;
  error: SessionError | null;
}

/**
 * Views send `user.*`, `profile.updated` and `session.refresh`; `client.userReset` comes from the client (a 401 with a
 * token, or a refused API key).
 *
 * @public
 */
export type SessionEvent =
  | { type: 'user.login'; credentials: LoginCredentials }
  | { type: 'user.register'; form: RegistrationForm }
  | { type: 'user.socialLogin'; social: SocialToken }
  | { type: 'user.socialCode'; code: string }
  | { type: 'user.logout' }
  | { type: 'profile.updated'; profile: ViewerProfile }
  | { type: 'session.refresh' }
  | { type: 'client.userReset'; error: ClassifiedError };
