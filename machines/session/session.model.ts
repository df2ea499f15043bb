/** Model of the viewer's session (machines/session): sign-in payloads, what the API answers, client resets. */
import { messageId } from '../shared/messages';
import { sessionMachine } from './session.machine';
import {
  INVALID_CREDENTIALS,
  LOGOUT_REFUSED,
  type LoadedProfile,
  type RegistrationForm,
  type SessionError,
  type SignedIn,
  SOMETHING_WENT_WRONG,
} from './session.types';
import { CHECK_FIELDS } from '../../mesh/validation';
import { defineModel } from '../shared/machine-model';
import { ACCESS, ANONYMOUS, PROFILE, passesForm, requestError } from '../shared/client-fixtures';

// Loaded the way the machine loads it (its checkForm actor imports it when a form is first sent): a static import
// here would pull the checks into the machine's chunk wherever the model is bundled (the studio's simulator) and
// make the machine's dynamic import ineffective.
const { NOT_YET_REGISTERED, refusalOf } = await import('./session.checks');

const form: RegistrationForm = {
  firstName: 'New',
  lastName: 'Viewer',
  email: 'new@summit.test',
  password: 'Password123!',
  passwordConfirmation: 'Password123!',
  terms: true,
};
const signedIn: SignedIn = { token: 'token-1', profile: PROFILE };
/** A viewer free to go anywhere, whose passes form allows logout. */
const settled: LoadedProfile = { profile: PROFILE, access: ACCESS, passesForm: passesForm(true) };
/** Forced to /profile/edit; the channel has no passes form, so logout is refused. */
const temporary: LoadedProfile = { profile: { ...PROFILE, temporary_password: true }, access: ACCESS, passesForm: null };
/** Sent to the packages; the passes form's flag is off, so logout is refused. */
const withoutPass: LoadedProfile = { profile: { ...PROFILE, basic_pass_selected: false }, access: ACCESS, passesForm: passesForm(false) };

const KNOWN_MESSAGES = [INVALID_CREDENTIALS, SOMETHING_WENT_WRONG, LOGOUT_REFUSED, NOT_YET_REGISTERED, CHECK_FIELDS].map(messageId).concat('server.emailTaken');

export const sessionModel = defineModel({
  machine: sessionMachine,
  events: {
    // Pressed where the viewer can see a logout button; elsewhere the root refusal is the same transition.
    'user.logout': (snapshot) =>
      snapshot.matches('anonymous') || snapshot.matches('loggedIn') ? [{ type: 'user.logout' as const }] : [],
    'user.login': [
      { type: 'user.login', credentials: { email: 'fan@summit.test', password: 'Password123!' } },
      { type: 'user.login', credentials: { email: 'not-an-email', password: '' } },
    ],
    'user.register': [
      { type: 'user.register', form },
      { type: 'user.register', form: { ...form, terms: false } },
      { type: 'user.register', form: { ...form, email: 'new@', passwordConfirmation: 'other' } },
    ],
    'user.socialLogin': [{ type: 'user.socialLogin', social: { provider: 'google', accessToken: 'ref1.payload.signature' } }],
    // The same code twice: the second is the page that still carries a code already tried.
    'user.socialCode': [
      { type: 'user.socialCode', code: 'hand-off-code' },
      { type: 'user.socialCode', code: 'second-code' },
    ],
    // The profile edit view sends the saved profile: the new password ended the temporary one.
    'profile.updated': [{ type: 'profile.updated', profile: { ...PROFILE, temporary_password: false } }],
    'client.userReset': [{ type: 'client.userReset', error: ANONYMOUS }],
  },
  outputs: {
    readStoredToken: ['kept-token', null],
    // The real checks, on the form the viewer sent.
    checkForm: (snapshot) => (snapshot.context.pending ? [refusalOf(snapshot.context.pending)] : []),
    logIn: [signedIn],
    register: [signedIn],
    socialLogIn: [signedIn],
    addSession: [signedIn],
    loadProfile: [settled, temporary, withoutPass],
    logOut: [undefined],
    renewKeys: ['api-key-2'],
  },
  errors: {
    checkForm: [new Error('Failed to fetch dynamically imported module')],
    logIn: [requestError('http', 422, 'Wrong auth data', { fieldErrors: { email: ['Wrong auth data'] } })],
    register: [requestError('http', 422, 'The email address you have entered is already registered')],
    socialLogIn: [requestError('network', 0, 'fetch failed')],
    addSession: [new Error('addSession is not provided: pass it with machine.provide({ actors })')],
    loadProfile: [requestError('crash', 500, 'Something went wrong')],
    logOut: [requestError('unauthenticated', 401, 'Unauthenticated')],
    renewKeys: [requestError('channelKey', 404, 'No chanel or api key found')],
  },
  // How paths read in their titles (`npm run paths`, the generated spec's test names): who the viewer is, what they
  // send and what the API answers, in their words, so that a title says what its path proves.
  titles: {
    events: {
      'user.login': (event) =>
        refusalOf({ way: 'login', credentials: event.credentials }) === null ? 'log in' : 'log in with a bad email and no password',
      'user.register': (event) =>
        refusalOf({ way: 'register', form: event.form }) === null
          ? 'register'
          : event.form.terms
            ? 'register with a bad email and passwords that differ'
            : 'register without accepting the terms',
      'user.socialLogin': (event) => `back from the ${event.social.provider === 'google' ? 'Google' : 'Facebook'} sign-in`,
      'user.socialCode': (event) => `back from the social callback with ${event.code}`,
      'user.logout': 'log out',
      'profile.updated': 'profile saved',
      'session.refresh': 'profile reloaded',
      'client.userReset': 'signed out by a 401',
    },
    outputs: {
      readStoredToken: (token: string | null) => (token === null ? 'anonymous visitor' : 'returning viewer with a kept token'),
      // A form that passes says nothing: the next step (sent, answered) says what came of it.
      checkForm: (refusal: SessionError | null) => (refusal === null ? '' : 'refused before sending'),
      logIn: 'logged in',
      register: 'registered',
      socialLogIn: 'social sign-in accepted',
      addSession: 'signed in from the hand-off',
      loadProfile: (loaded: LoadedProfile) =>
        loaded.profile.temporary_password
          ? 'profile loads with a temporary password'
          : loaded.profile.basic_pass_selected
            ? 'profile loads'
            : 'profile loads without a basic pass',
      logOut: 'logged out',
      renewKeys: 'new API key',
    },
    errors: {
      readStoredToken: 'kept token unreadable',
      checkForm: 'the checks fail to load',
      logIn: 'wrong email or password',
      register: 'email already registered',
      socialLogIn: 'social sign-in fails (network)',
      addSession: 'hand-off fails',
      loadProfile: 'profile fails to load',
      logOut: 'the API refuses the logout (401)',
      renewKeys: 'no new API key',
    },
  },
  // The kept token, the profile's details and the error's words do not change what the machine does next; their flags do.
  abstractState: (snapshot) => {
    const { token, profile, access, passesForm: form } = snapshot.context;
    return {
      value: snapshot.value,
      token: token !== null,
      profile: profile && { temporary: profile.temporary_password, basicPass: profile.basic_pass_selected },
      access: access !== null,
      passesFlag: form?.flag ?? null,
      socialCode: snapshot.context.socialCode,
      pending: snapshot.context.pending && refusalOf(snapshot.context.pending) === null ? snapshot.context.pending.way : snapshot.context.pending && 'refused',
    };
  },
  check: (snapshot) => {
    const { token, profile, access, passesForm: form, error } = snapshot.context;
    const loggedIn = snapshot.matches('loggedIn');
    if (snapshot.hasTag('loggedIn') !== loggedIn) throw new Error('loggedIn tag outside loggedIn');
    // The logout call itself still carries the token.
    if ((loggedIn || snapshot.matches('loggingOut')) !== (token !== null)) {
      throw new Error(`token ${token} while ${JSON.stringify(snapshot.value)}`);
    }
    if (snapshot.hasTag('anonymous') && (profile !== null || access !== null || form !== null)) {
      throw new Error('an anonymous visitor still has a profile');
    }
    if (snapshot.hasTag('temporaryPassword') && profile?.temporary_password !== true) throw new Error('temporaryPassword without one');
    if (snapshot.hasTag('needsBasicPass') && (profile?.basic_pass_selected !== false || profile.temporary_password)) {
      throw new Error('needsBasicPass for a viewer with a basic pass or a temporary password');
    }
    if (snapshot.matches({ loggedIn: { loaded: 'ready' } }) && (profile?.temporary_password || !profile?.basic_pass_selected)) {
      throw new Error('ready although a navigation rule applies');
    }
    if (snapshot.matches('loggingOut') && form?.flag !== true) throw new Error('logging out without the passes-form flag');
    if (error !== null && !KNOWN_MESSAGES.includes(messageId(error.message))) throw new Error(`unexpected message: ${messageId(error.message)}`);
    // The login form's submit reads state.can: it is enabled for a visitor only, never while a sign-in is on its way.
    if (snapshot.can({ type: 'user.login', credentials: { email: '', password: '' } }) !== snapshot.hasTag('anonymous')) {
      throw new Error(`the login form is ${snapshot.hasTag('anonymous') ? 'refused' : 'taken'} in ${JSON.stringify(snapshot.value)}`);
    }
    if (snapshot.hasTag('signingIn') && (snapshot.hasTag('anonymous') || snapshot.hasTag('loggedIn') || !snapshot.hasTag('busy'))) {
      throw new Error('signingIn outside a sign-in on its way');
    }
    if (snapshot.hasTag('loggingOut') && (snapshot.hasTag('loggedIn') || !snapshot.hasTag('busy'))) throw new Error('loggingOut while logged in');
  },
});
