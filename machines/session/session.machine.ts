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
  capabilityFlagsOf,
  featureCountsOf,
  LOGOUT_REFUSED,
  SIGNED_OUT,
  type LoadedProfile,
  type LoginCredentials,
  type PendingSignIn,
  type RegistrationForm,
  type SessionError,
  type SessionContext,
  type SessionEvent,
  type SessionForm,
  type SignedIn,
  type SignInWay,
  type SocialToken,
} from './session.types';

/**
 * Each sign-in ends the same way: logged in with the answered session (and the viewer taken on: back to where they
 * were, or to the verification notice after a registration), or back to anonymous with the error.
 */
const signInResult = (way: SignInWay) => ({
  onDone: {
    target: '#session.loggedIn' as const,
    actions: [
      { type: 'startSession', params: ({ event }: { event: { output: SignedIn } }) => event.output } as const,
      { type: 'storeToken', params: ({ event }: { event: { output: SignedIn } }) => event.output.token } as const,
      { type: 'announceSignedIn', params: way } as const,
      'forgetPending' as const,
    ],
    description:
      way === 'register'
        ? 'Registered and signed in: keep the token, load the profile, and show the verification notice.'
        : 'Signed in: keep the token, load the profile, and go back to the page the viewer was on.',
  },
  onError: {
    target: '#session.anonymous' as const,
    actions: [
      {
        type: 'rememberError' as const,
        params: ({ event }: { event: { error: unknown } }) => ({ error: event.error, form: way === 'register' ? ('register' as const) : ('login' as const) }),
      },
      'forgetPending' as const,
    ],
    description: 'Refused or failed: the form shows why.',
  },
}) as const;

/** What the viewer reads when a logout is refused. */
const LOGOUT_REFUSED_TOAST: ToastRequest = { id: 'logout-refused', message: LOGOUT_REFUSED, type: 'error' };

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    /**
     * What views ask: `signingIn` while a sign-in form or social hand-off is on its way (checked, then sent),
     * `loggingOut` from the logout call until the visitor's new API key is in place.
     */
    tags: {} as 'anonymous' | 'busy' | 'loggedIn' | 'temporaryPassword' | 'needsBasicPass' | 'signingIn' | 'loggingOut',
  },
  actors: {
    // Safe defaults: no stored token, and without the client every call fails into a handled state.
    readStoredToken: fromPromise<string | null>(async () => null),
    /** The SPEC §5 checks of a sign-in form: its refusal, or null. Pure, and loaded with the first form sent. */
    checkForm: fromPromise<SessionError | null, PendingSignIn>(async ({ input }) => (await import('./session.checks')).refusalOf(input)),
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
    rememberError: assign((_, failure: { error: unknown; form: SessionForm }) => ({ error: sessionErrorOf(failure.error, failure.form) })),
    refuseLogout: assign({ error: { form: 'logout', message: LOGOUT_REFUSED, fieldErrors: {}, cause: null } }),
    /** App effect: a toast for the viewer (the toast machine in the app). No-op by default. */
    showToast: (_, _toast: ToastRequest) => undefined,
    /** App effect: a viewer is logged in (favourites load, reads start over). No-op by default. */
    announceLoggedIn: () => undefined,
    /** App effect: the viewer has just signed in on this page (not a kept token): take them on. No-op by default. */
    announceSignedIn: (_, _way: SignInWay) => undefined,
    /** App effect: the viewer is gone (favourites are forgotten, reads start over). No-op by default. */
    announceLoggedOut: () => undefined,
    keepPending: assign(({ event }) => ({
      pending:
        event.type === 'user.register'
          ? { way: 'register' as const, form: payloadOf(event, 'user.register').form }
          : { way: 'login' as const, credentials: payloadOf(event, 'user.login').credentials },
    })),
    forgetPending: assign({ pending: null }),
    refuse: assign((_, refusal: SessionError | null) => ({ error: refusal, pending: null })),
    rememberSocialCode: assign(({ event }) => ({ socialCode: payloadOf(event, 'user.socialCode').code })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'session',
  description:
    'Who the viewer is. Anonymous visitors log in, register or come back from a social login; the profile, access ' +
    'and passes form then load. A viewer with a temporary password must change it first; one without a basic pass ' +
    'is sent to the packages. Logout is allowed only when the passes form allows it, and it fetches a new API key.',
  context: { ...SIGNED_OUT, error: null, socialCode: null, pending: null },
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
        'user.login': {
          target: 'checking',
          actions: ['clearError', 'keepPending'],
          description: 'An email (or a login-like text) and a password: checked first.',
        },
        'user.register': {
          target: 'checking',
          actions: ['clearError', 'keepPending'],
          description: 'The registration form: checked first (SPEC §5, the terms accepted).',
        },
        'user.socialLogin': {
          target: 'socialLoggingIn',
          actions: 'clearError',
          description: "Back from Google or Facebook with the provider's access token.",
        },
        'user.socialCode': [
          {
            guard: 'isNewSocialCode',
            target: 'addingSession',
            actions: ['clearError', 'rememberSocialCode'],
            description: 'Back from the social callback with its one-time hand-off code.',
          },
          { description: 'This code was traded or refused already (the page still carries it): nothing is sent again.' },
        ],
      },
    },
    checking: {
      description: 'The form is checked against SPEC §5 before anything is sent.',
      tags: ['busy', 'signingIn'],
      invoke: {
        id: 'checkForm',
        src: 'checkForm',
        input: ({ context }) => context.pending as PendingSignIn,
        onDone: [
          {
            guard: { type: 'isAccepted', params: ({ context, event }) => ({ refusal: event.output, pending: context.pending, way: 'login' as const }) },
            target: 'loggingIn',
            description: 'The login form is complete: send it.',
          },
          {
            guard: { type: 'isAccepted', params: ({ context, event }) => ({ refusal: event.output, pending: context.pending, way: 'register' as const }) },
            target: 'registering',
            description: 'The registration form passes every rule: send it.',
          },
          {
            target: 'anonymous',
            actions: { type: 'refuse', params: ({ event }) => event.output },
            description:
              'A field breaks a SPEC §5 rule (or the terms are not accepted: "Please accept terms & conditions"): each ' +
              'field says why, nothing is sent.',
          },
        ],
        onError: {
          target: 'anonymous',
          actions: [{ type: 'rememberError', params: ({ event }) => ({ error: event.error, form: 'login' as const }) }, 'forgetPending'],
          description: 'The checks could not load (the network went away): the form says something went wrong.',
        },
      },
    },
    loggingIn: {
      description: 'POST v2/auth/login with the email and password.',
      tags: ['busy', 'signingIn'],
      invoke: {
        id: 'logIn',
        src: 'logIn',
        input: ({ context }) => {
          if (context.pending?.way !== 'login') throw new Error('session: logging in without a login form');
          return context.pending.credentials;
        },
        ...signInResult('login'),
      },
    },
    registering: {
      description: 'POST v2/auth/register with the registration form.',
      tags: ['busy', 'signingIn'],
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context }) => {
          if (context.pending?.way !== 'register') throw new Error('session: registering without a registration form');
          return context.pending.form;
        },
        ...signInResult('register'),
      },
    },
    socialLoggingIn: {
      description: "POST v2/auth/social/{provider} with the provider's access token.",
      tags: ['busy', 'signingIn'],
      invoke: {
        id: 'socialLogIn',
        src: 'socialLogIn',
        input: ({ event }) => payloadOf(event, 'user.socialLogin').social,
        ...signInResult('social'),
      },
    },
    addingSession: {
      description: "POST auth/add_session with the social callback's hand-off code.",
      tags: ['busy', 'signingIn'],
      invoke: {
        id: 'addSession',
        src: 'addSession',
        input: ({ event }) => ({ code: payloadOf(event, 'user.socialCode').code }),
        ...signInResult('social'),
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
      tags: ['busy', 'loggingOut'],
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
      tags: ['busy', 'loggingOut'],
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

