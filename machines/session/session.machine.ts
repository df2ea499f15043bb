/**
 * The viewer's session (SPEC §4 Session, §6 roles, §2 navigation rules, §8 messages): anonymous until a login, a
 * registration or a social login; then the profile, the user access and the passes custom form load, and the
 * navigation rules read the profile (temporary password, basic pass). Logout is allowed only when the passes-form
 * flag is set; it clears the stored keys and fetches a new API key.
 */
import { assign, fromCallback, fromPromise, not, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import type { ToastRequest } from '../toast/toast.machine';
import { payloadOf, sessionErrorOf, sessionGuards } from './session.guards';
import {
  ACCEPT_TERMS,
  capabilityFlagsOf,
  featureCountsOf,
  LOGOUT_REFUSED,
  SIGNED_OUT,
  type LoadedProfile,
  type LoginCredentials,
  type RegistrationForm,
  type SessionContext,
  type SessionEvent,
  type SignedIn,
  type SocialToken,
} from './session.types';

/** Each sign-in ends the same way: logged in with the answered session, or back to anonymous with the error. */
const signInResult = {
  onDone: {
    target: '#session.loggedIn',
    actions: [
      { type: 'startSession', params: ({ event }: { event: { output: SignedIn } }) => event.output },
      { type: 'storeToken', params: ({ event }: { event: { output: SignedIn } }) => event.output.token },
    ],
    description: 'Signed in: keep the token, then load the profile.',
  },
  onError: {
    target: '#session.anonymous',
    actions: { type: 'rememberError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
    description: 'Refused or failed: the form shows why.',
  },
} as const;

/** What the viewer reads when a logout is refused. */
const LOGOUT_REFUSED_TOAST: ToastRequest = { id: 'logout-refused', text: LOGOUT_REFUSED, type: 'error' };

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    tags: {} as 'anonymous' | 'busy' | 'loggedIn' | 'temporaryPassword' | 'needsBasicPass',
  },
  actors: {
    // Safe defaults: no stored token, and without the client every call fails into a handled state.
    readStoredToken: fromPromise<string | null>(async () => null),
    logIn: fromPromise<SignedIn, LoginCredentials>(notProvided('logIn')),
    register: fromPromise<SignedIn, RegistrationForm>(notProvided('register')),
    socialLogIn: fromPromise<SignedIn, SocialToken>(notProvided('socialLogIn')),
    addSession: fromPromise<SignedIn, { code: string }>(notProvided('addSession')),
    loadProfile: fromPromise<LoadedProfile>(notProvided('loadProfile')),
    logOut: fromPromise<void>(notProvided('logOut')),
    renewKeys: fromPromise<string>(notProvided('renewKeys')),
    /** Turns the client's `userReset` events into `client.userReset`; without a client there is nothing to watch. */
    watchClient: fromCallback(() => undefined),
  },
  guards: sessionGuards,
  actions: {
    useStoredToken: assign((_, token: string | null) => ({ token })),
    startSession: assign((_, session: SignedIn) => ({
      token: session.token,
      profile: session.profile,
      capabilities: capabilityFlagsOf(session.profile, null),
      featureCounts: featureCountsOf(session.profile, null),
      error: null,
    })),
    /** App effect: keep the token for the next visit (local storage in the app). No-op by default. */
    storeToken: (_, _token: string) => undefined,
    /** App effect: forget the kept token. No-op by default. */
    forgetToken: () => undefined,
    useLoadedProfile: assign((_, loaded: LoadedProfile) => ({
      profile: loaded.profile,
      access: loaded.access,
      passesForm: loaded.passesForm,
      capabilities: capabilityFlagsOf(loaded.profile, loaded.access),
      featureCounts: featureCountsOf(loaded.profile, loaded.access),
    })),
    useUpdatedProfile: assign(({ context, event }) => {
      const profile = event.type === 'profile.updated' ? event.profile : context.profile;
      return { profile, capabilities: capabilityFlagsOf(profile, context.access), featureCounts: featureCountsOf(profile, context.access) };
    }),
    clearUser: assign({ ...SIGNED_OUT }),
    rememberError: assign((_, failure: { error: unknown }) => ({ error: sessionErrorOf(failure.error) })),
    refuseLogout: assign({ error: { message: LOGOUT_REFUSED, fieldErrors: {}, cause: null } }),
    /** App effect: a toast for the viewer (the toast machine in the app). No-op by default. */
    showToast: (_, _toast: ToastRequest) => undefined,
    /** App effect: a viewer is logged in (favourites load, reads start over). No-op by default. */
    announceLoggedIn: () => undefined,
    /** App effect: the viewer is gone (favourites are forgotten, reads start over). No-op by default. */
    announceLoggedOut: () => undefined,
    refuseRegistration: assign({ error: { message: ACCEPT_TERMS, fieldErrors: { terms: [ACCEPT_TERMS] }, cause: null } }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'session',
  description:
    'Who the viewer is. Anonymous visitors log in, register or come back from a social login; the profile, access ' +
    'and passes form then load. A viewer with a temporary password must change it first; one without a basic pass ' +
    'is sent to the packages. Logout is allowed only when the passes form allows it, and it fetches a new API key.',
  context: { ...SIGNED_OUT, error: null },
  invoke: { id: 'watchClient', src: 'watchClient' },
  on: {
    'user.logout': {
      actions: ['refuseLogout', { type: 'showToast', params: LOGOUT_REFUSED_TOAST }],
      description: 'Nobody is logged in: refused with "user can\'t be logged out".',
    },
  },
  initial: 'restoring',
  states: {
    restoring: {
      description: 'Looking for the token kept from an earlier visit.',
      tags: ['busy'],
      invoke: {
        id: 'readStoredToken',
        src: 'readStoredToken',
        onDone: [
          {
            guard: { type: 'hasStoredToken', params: ({ event }) => event.output },
            target: 'loggedIn',
            actions: { type: 'useStoredToken', params: ({ event }) => event.output },
            description: 'A token was kept: the viewer is still logged in; load the profile.',
          },
          { target: 'anonymous', description: 'No token kept.' },
        ],
        onError: { target: 'anonymous', description: 'Storage could not be read: start anonymous.' },
      },
    },
    anonymous: {
      description: 'A visitor: can browse, log in, register or reset a password.',
      tags: ['anonymous'],
      on: {
        'user.login': { target: 'loggingIn', actions: 'clearError', description: 'Email and password.' },
        'user.register': [
          {
            guard: 'hasAcceptedTerms',
            target: 'registering',
            actions: 'clearError',
            description: 'The registration form, with the terms accepted.',
          },
          {
            actions: 'refuseRegistration',
            description: 'The terms are not accepted: "Please accept terms & conditions", nothing is sent.',
          },
        ],
        'user.socialLogin': {
          target: 'socialLoggingIn',
          actions: 'clearError',
          description: "Back from Google or Facebook with the provider's access token.",
        },
        'user.socialCode': {
          target: 'addingSession',
          actions: 'clearError',
          description: 'Back from the social callback with its one-time hand-off code.',
        },
      },
    },
    loggingIn: {
      description: 'POST v2/auth/login with the email and password.',
      tags: ['busy'],
      invoke: {
        id: 'logIn',
        src: 'logIn',
        input: ({ event }) => payloadOf(event, 'user.login').credentials,
        ...signInResult,
      },
    },
    registering: {
      description: 'POST v2/auth/register with the registration form.',
      tags: ['busy'],
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ event }) => payloadOf(event, 'user.register').form,
        ...signInResult,
      },
    },
    socialLoggingIn: {
      description: "POST v2/auth/social/{provider} with the provider's access token.",
      tags: ['busy'],
      invoke: {
        id: 'socialLogIn',
        src: 'socialLogIn',
        input: ({ event }) => payloadOf(event, 'user.socialLogin').social,
        ...signInResult,
      },
    },
    addingSession: {
      description: "POST auth/add_session with the social callback's hand-off code.",
      tags: ['busy'],
      invoke: {
        id: 'addSession',
        src: 'addSession',
        input: ({ event }) => ({ code: payloadOf(event, 'user.socialCode').code }),
        ...signInResult,
      },
    },
    loggedIn: {
      description: 'A logged-in viewer: profile, orders, clips, favourites, saved cards and purchases.',
      tags: ['loggedIn'],
      entry: 'announceLoggedIn',
      exit: 'announceLoggedOut',
      initial: 'loadingProfile',
      on: {
        'user.logout': [
          {
            guard: 'hasPassesFlag',
            target: 'loggingOut',
            actions: 'clearError',
            description: 'The passes form allows logout.',
          },
          {
            actions: ['refuseLogout', { type: 'showToast', params: LOGOUT_REFUSED_TOAST }],
            description: 'The passes-form flag is not set (or not loaded yet): "user can\'t be logged out".',
          },
        ],
        'client.userReset': {
          target: 'anonymous',
          actions: ['clearUser', 'forgetToken'],
          description: 'The API no longer accepts the token (a 401) or the API key was replaced: the user is reset.',
        },
        'session.refresh': {
          target: '.loadingProfile',
          description: 'Something the profile depends on changed (a passes form was submitted): load it again.',
        },
      },
      states: {
        loadingProfile: {
          description: 'Loading the profile, the user access and the passes custom form.',
          tags: ['busy'],
          invoke: {
            id: 'loadProfile',
            src: 'loadProfile',
            onDone: {
              target: 'loaded',
              actions: { type: 'useLoadedProfile', params: ({ event }) => event.output },
              description: 'Loaded; a channel without a passes form has no flag.',
            },
            onError: {
              target: '#session.anonymous',
              actions: ['clearUser', 'forgetToken'],
              description: 'The profile failed to load: the user is cleared.',
            },
          },
        },
        loaded: {
          description: 'The profile is known; the navigation rules follow from it.',
          initial: 'routing',
          on: {
            'profile.updated': {
              target: '.routing',
              actions: 'useUpdatedProfile',
              description: 'The viewer edited the profile (a new password ends the temporary one).',
            },
          },
          states: {
            routing: {
              description: 'Which navigation rule applies.',
              always: [
                {
                  guard: 'hasTemporaryPassword',
                  target: 'temporaryPassword',
                  description: 'A temporary password comes first: it must be changed.',
                },
                {
                  guard: not('hasSelectedBasicPass'),
                  target: 'needsBasicPass',
                  description: 'No basic pass selected yet.',
                },
                { target: 'ready', description: 'No rule holds the viewer back.' },
              ],
            },
            temporaryPassword: {
              description: 'The password is temporary: the viewer is kept on /profile/edit until it is changed.',
              tags: ['temporaryPassword'],
            },
            needsBasicPass: {
              description:
                'No basic pass selected: every route but privacy, terms, packages, buy and select-package leads to ' +
                'the packages.',
              tags: ['needsBasicPass'],
            },
            ready: { description: 'Free to go anywhere.' },
          },
        },
      },
    },
    loggingOut: {
      description: 'POST auth/logout.',
      tags: ['busy'],
      on: { 'user.logout': { description: 'Already logging out.' } },
      invoke: {
        id: 'logOut',
        src: 'logOut',
        onDone: {
          target: 'renewingKeys',
          actions: ['clearUser', 'forgetToken'],
          description: 'Logged out: forget the user and the token.',
        },
        onError: {
          target: 'renewingKeys',
          actions: ['clearUser', 'forgetToken'],
          description: 'The API could not be told; the viewer is logged out on this device anyway.',
        },
      },
    },
    renewingKeys: {
      description: 'Clearing the stored keys and fetching a new API key for the anonymous visitor.',
      tags: ['busy'],
      invoke: {
        id: 'renewKeys',
        src: 'renewKeys',
        onDone: { target: 'anonymous', description: 'A new API key is in place.' },
        onError: {
          target: 'anonymous',
          description: 'No new key: the client raised the key error, and the reload screen takes over.',
        },
      },
    },
  },
});
