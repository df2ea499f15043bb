/**
 * What the session machine exchanges with views and with its actors (SPEC §3 User, §4 Session, §6 roles), and the
 * messages of SPEC §5 and §8 it shows.
 */
import type { ClassifiedError } from '../../mesh/client/errors';
import type { Message, MessageRef } from '../../mesh/messages';
import type {
  CustomFormFieldsFragment,
  RegisterMutationVariables,
  SocialProvider,
  ViewerAccessFragment,
  ViewerProfileFragment,
} from '../../mesh/client/generated/graphql';

/** SPEC §4: logout refused (not logged in, or the passes-form flag is not set). */
export const LOGOUT_REFUSED: MessageRef = { key: 'errors.logoutRefused' };
/** SPEC §8: what the viewer reads when the API answers "Wrong auth data". */
export const INVALID_CREDENTIALS: MessageRef = { key: 'errors.invalidCredentials' };
export { SOMETHING_WENT_WRONG } from '../shared/failures';
/** A sign-in form on its way: checked, then sent. @public */
export type PendingSignIn = { way: 'login'; credentials: LoginCredentials } | { way: 'register'; form: RegistrationForm };

/** How a viewer signed in: a registration goes on to the verification notice, the others back where they were. */
export type SignInWay = 'login' | 'register' | 'social';

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

/** Which form a refusal belongs to: the login page (a social sign-in's too), the registration, a logout. @public */
export type SessionForm = 'login' | 'register' | 'logout';

/** What a form shows after a failed sign-in or a refused logout. @public */
export interface SessionError {
  /** Only this form shows it (a failed login is not the registration page's business). */
  form: SessionForm;
  message: Message;
  /** Messages per form field from the API's error envelope (`email`, `password_confirmation`...). */
  fieldErrors: Readonly<Record<string, readonly Message[]>>;
  /** The client's classified error; null for a local refusal or an unexplained failure. */
  cause: ClassifiedError | null;
}

/** SPEC §3 capability flags (the profile's list lower-cased, with the user access's flags). @public */
export const CAPABILITIES = ['watch', 'download', 'clipping', 'download_clip', 'no_ads', 'vod_media'] as const;
/** @public */
export type Capability = (typeof CAPABILITIES)[number];
/** @public */
export type CapabilityFlags = Readonly<Record<Capability, boolean>>;
/** SPEC §3 feature counters, each 0 when not given. @public */
export interface FeatureCounts {
  clips: number;
  downloads: number;
}

/** A visitor's: no capability, nothing counted. */
export const NO_CAPABILITIES: CapabilityFlags = { watch: false, download: false, clipping: false, download_clip: false, no_ads: false, vod_media: false };
const NO_FEATURE_COUNTS: FeatureCounts = { clips: 0, downloads: 0 };

/**
 * The viewer's capability flags, worked out once when the profile loads: a flag is set when the profile lists it (in
 * any case) or the user access says so; SPEC §6 names VOD media access both `vod_media` and `vod_media_access`.
 */
export function capabilityFlagsOf(profile: ViewerProfile | null, access: ViewerAccess | null): CapabilityFlags {
  const listed = new Set((profile?.capabilities ?? []).flatMap((c) => (c ? [c.toLowerCase()] : [])));
  const granted = access?.capabilities;
  const flag = (name: Capability) => listed.has(name) || granted?.[name] === true;
  return {
    watch: flag('watch'),
    download: flag('download'),
    clipping: flag('clipping'),
    download_clip: flag('download_clip'),
    no_ads: flag('no_ads'),
    vod_media: flag('vod_media') || listed.has('vod_media_access') || granted?.vod_media_access === true,
  };
}

/** The viewer's feature counts (SPEC §3: clips and downloads, each defaulting to 0); the user access wins. */
export function featureCountsOf(profile: ViewerProfile | null, access: ViewerAccess | null): FeatureCounts {
  const counts = access?.featureCount ?? profile?.featureCount;
  return { clips: counts?.clips ?? 0, downloads: counts?.downloads ?? 0 };
}

/** @public */
export interface SessionContext {
  /** The viewer's bearer token; the client sends it with each request. Null for an anonymous visitor. */
  token: string | null;
  profile: ViewerProfile | null;
  access: ViewerAccess | null;
  passesForm: PassesForm | null;
  /** Worked out once from the profile and the user access; every capability check reads these. */
  capabilities: CapabilityFlags;
  featureCounts: FeatureCounts;
  error: SessionError | null;
  /**
   * The social hand-off code last traded (or tried): the login page carries it in its URL until the viewer moves on,
   * and the same code is never sent twice.
   */
  socialCode: string | null;
  /** The login or registration form being checked and sent; forgotten once it has been answered (it holds a password). */
  pending: PendingSignIn | null;
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

/** Everything the session knows of a viewer, as it is while nobody is logged in. */
export const SIGNED_OUT = {
  token: null,
  profile: null,
  access: null,
  passesForm: null,
  capabilities: NO_CAPABILITIES,
  featureCounts: NO_FEATURE_COUNTS,
} as const satisfies Omit<SessionContext, 'error' | 'socialCode' | 'pending'>;
