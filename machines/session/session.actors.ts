/**
 * The session machine's real actors over the typed client (auth.graphql). The app shell passes them with
 * `sessionMachine.provide({ actors: createSessionActors({ client, tokenStorage, socialNonce }) })`, and builds the
 * client with `getToken: () => sessionActor.getSnapshot().context.token`.
 */
import { fromCallback, fromPromise } from 'xstate';
import { ClientRequestError } from '../../mesh/client/errors';
import type { ViewerSessionFragment } from '../../mesh/client/generated/graphql';
import type { ChannelClient } from '../../mesh/client/transport';
import type { LoadedProfile, LoginCredentials, RegistrationForm, SignedIn, SocialToken } from './session.types';

/** Where the viewer's token is kept between visits (local storage in the app). */
export interface TokenStorage {
  get(): string | null;
}

/** Where the app keeps the nonce of the social sign-in this browser started (src/app/logic/social-nonce.ts). */
export interface SocialNonceStore {
  /** The nonce, forgotten as it is read; null when this browser started no social sign-in. */
  take(): string | null;
}

export interface SessionDeps {
  client: ChannelClient;
  /** Without it no token is kept from an earlier visit. */
  tokenStorage?: TokenStorage;
  /** Without it no social hand-off code is traded: the API takes a code only with its sign-in's nonce. */
  socialNonce?: SocialNonceStore;
}

function signedIn(session: ViewerSessionFragment | null): SignedIn {
  if (!session) throw new Error('the API answered no session');
  return { token: session.token, profile: session.user };
}

/** Real implementations of every actor of the session machine; the calls reject with ClientRequestError. */
export function createSessionActors(deps: SessionDeps) {
  const { client } = deps;
  return {
    readStoredToken: fromPromise<string | null>(async () => deps.tokenStorage?.get() ?? null),
    // The documents of these calls load when they are first made, not with the app's first bundle (its budget).
    logIn: fromPromise<SignedIn, LoginCredentials>(async ({ input, signal }) => {
      const { LoginDocument } = await import('../../mesh/client/generated/documents/Login');
      // Too many failed sign-ins answer 429 for this account or address: the login form says so, not the global
      // "too many requests" banner, so the throttle is tolerated here and rejected as the form's own error.
      const { data, fieldErrors } = await client.execute(LoginDocument, input, { signal, tolerate: ['throttled'] });
      if (fieldErrors.session) throw new ClientRequestError(fieldErrors.session);
      return signedIn(data?.session ?? null);
    }),
    register: fromPromise<SignedIn, RegistrationForm>(async ({ input, signal }) => {
      const { RegisterDocument } = await import('../../mesh/client/generated/documents/Register');
      return signedIn((await client.request(RegisterDocument, input, { signal })).session);
    }),
    socialLogIn: fromPromise<SignedIn, SocialToken>(async ({ input, signal }) => {
      const { SocialLoginDocument } = await import('../../mesh/client/generated/documents/SocialLogin');
      return signedIn((await client.request(SocialLoginDocument, input, { signal })).session);
    }),
    addSession: fromPromise<SignedIn, { code: string }>(async ({ input, signal }) => {
      // Read and forgotten before anything else: whatever the answer, this nonce goes with one code only. A code this
      // browser did not ask for (a link someone else made) finds none and is never sent.
      const nonce = deps.socialNonce?.take() ?? null;
      if (nonce === null) throw new Error('no social sign-in started here');
      const { AddSessionDocument } = await import('../../mesh/client/generated/documents/AddSession');
      return signedIn((await client.request(AddSessionDocument, { code: input.code, nonce }, { signal })).session);
    }),
    loadProfile: fromPromise<LoadedProfile>(async ({ signal }) => {
      // A channel without a passes form answers 404 for it: tolerated (SPEC §8), the form is then null.
      const { AfterLoginDocument } = await import('../../mesh/client/generated/documents/AfterLogin');
      const { data, fieldErrors } = await client.execute(AfterLoginDocument, {}, { signal, tolerate: ['notFound'] });
      if (fieldErrors.profile) throw new ClientRequestError(fieldErrors.profile);
      if (!data?.profile) throw new Error('the API answered no profile');
      return { profile: data.profile, access: data.access ?? null, passesForm: data.passesForm ?? null };
    }),
    logOut: fromPromise<void>(async ({ signal }) => {
      const { LogoutDocument } = await import('../../mesh/client/generated/documents/Logout');
      await client.request(LogoutDocument, {}, { signal });
    }),
    renewKeys: fromPromise<string>(() => client.renewKeys()),
    watchClient: fromCallback(({ sendBack }) => client.events.on('userReset', (error) => sendBack({ type: 'client.userReset', error }))),
  };
}
