/**
 * SPEC §4 Session, §2 navigation rules, §5 and §8 messages as the session machine applies them, with fakes for the
 * API passed through `.provide()`.
 */
import { messageId } from '../../machines/shared/messages';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { canLogOut } from '../../machines/session/session.guards';
import { NOT_YET_REGISTERED } from '../../machines/session/session.checks';
import { sessionMachine } from '../../machines/session/session.machine';
import { CHECK_FIELDS, VALIDATION_MESSAGES } from '../../mesh/validation';
import {
  capabilityFlagsOf,
  featureCountsOf,
  NO_CAPABILITIES,
  INVALID_CREDENTIALS,
  type LoadedProfile,
  LOGOUT_REFUSED,
  type RegistrationForm,
  type SignedIn,
  SOMETHING_WENT_WRONG,
} from '../../machines/session/session.types';
import { ACCESS, ANONYMOUS, PROFILE, passesForm, requestError } from '../../machines/shared/client-fixtures';

const ACCEPT_TERMS = VALIDATION_MESSAGES.acceptTerms;

const FORM: RegistrationForm = {
  firstName: 'New',
  lastName: 'Viewer',
  email: 'new@summit.test',
  password: 'Password123!',
  passwordConfirmation: 'Password123!',
  terms: true,
};
const SIGNED_IN: SignedIn = { token: 'token-1', profile: PROFILE };
const LOADED: LoadedProfile = { profile: PROFILE, access: ACCESS, passesForm: passesForm(true) };

interface Fakes {
  storedToken?: string | null;
  signIn?: () => Promise<SignedIn>;
  profile?: () => Promise<LoadedProfile>;
  logOut?: () => Promise<void>;
}

function start(fakes: Fakes = {}) {
  const calls: Array<[string, unknown]> = [];
  const effects: string[] = [];
  const tokenWhenProfileLoaded: Array<string | null> = [];
  const signIn = <TInput,>(name: string) =>
    fromPromise<SignedIn, TInput>(async ({ input }) => {
      calls.push([name, input]);
      return (fakes.signIn ?? (async () => SIGNED_IN))();
    });
  const machine = sessionMachine.provide({
    actors: {
      readStoredToken: fromPromise(async () => fakes.storedToken ?? null),
      logIn: signIn('logIn'),
      register: signIn('register'),
      socialLogIn: signIn('socialLogIn'),
      addSession: signIn('addSession'),
      loadProfile: fromPromise(async () => {
        calls.push(['loadProfile', undefined]);
        tokenWhenProfileLoaded.push(actor.getSnapshot().context.token);
        return (fakes.profile ?? (async () => LOADED))();
      }),
      logOut: fromPromise(async () => {
        calls.push(['logOut', undefined]);
        await fakes.logOut?.();
      }),
      renewKeys: fromPromise(async () => {
        calls.push(['renewKeys', undefined]);
        return 'api-key-2';
      }),
      watchClient: fromCallback(() => undefined),
    },
    actions: {
      storeToken: (_, token) => void effects.push(`store ${token}`),
      forgetToken: () => void effects.push('forget'),
      showToast: (_, toast) => void effects.push(`toast ${toast.type}: ${messageId(toast.message)}`),
      announceLoggedIn: () => void effects.push('logged in'),
      announceLoggedOut: () => void effects.push('logged out'),
      announceSignedIn: (_, way) => void effects.push(`signed in by ${way}`),
    },
  });
  const actor = createActor(machine).start();
  return { actor, calls, effects, tokenWhenProfileLoaded };
}

async function loggedIn(fakes: Fakes = {}) {
  const started = start(fakes);
  await waitFor(started.actor, (s) => s.matches('anonymous'));
  started.actor.send({ type: 'user.login', credentials: { email: 'fan@summit.test', password: 'Password123!' } });
  await waitFor(started.actor, (s) => s.matches({ loggedIn: 'loaded' }));
  return started;
}

describe('session', () => {
  it('logs in, keeps the token, then loads the profile and the passes form with that token', async () => {
    const { actor, calls, effects, tokenWhenProfileLoaded } = start();
    await waitFor(actor, (s) => s.matches('anonymous'));
    expect(actor.getSnapshot().hasTag('anonymous')).toBe(true);

    actor.send({ type: 'user.login', credentials: { email: 'fan@summit.test', password: 'secret' } });
    // Checked first (SPEC §5), then sent; busy throughout.
    expect(actor.getSnapshot().value).toBe('checking');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const sending = await waitFor(actor, (s) => s.matches('loggingIn'));
    expect(sending.hasTag('busy')).toBe(true);

    const ready = await waitFor(actor, (s) => s.matches({ loggedIn: { loaded: 'ready' } }));
    expect(calls).toEqual([
      ['logIn', { email: 'fan@summit.test', password: 'secret' }],
      ['loadProfile', undefined],
    ]);
    expect(tokenWhenProfileLoaded).toEqual(['token-1']);
    expect(effects).toEqual(['store token-1', 'signed in by login', 'logged in']);
    expect(ready.hasTag('loggedIn')).toBe(true);
    expect(ready.context).toMatchObject({ token: 'token-1', profile: PROFILE, access: ACCESS, passesForm: { flag: true }, error: null });
  });

  it('shows "Invalid email or password. Please try again." for refused credentials', async () => {
    const { actor } = start({
      signIn: async () => {
        throw requestError('http', 422, 'Wrong auth data', { fieldErrors: { email: ['Wrong auth data'] } });
      },
    });
    await waitFor(actor, (s) => s.matches('anonymous'));
    actor.send({ type: 'user.login', credentials: { email: 'fan@summit.test', password: 'wrong' } });
    const back = await waitFor(actor, (s) => s.matches('anonymous') && s.context.error !== null);
    expect(back.context.error?.message).toBe(INVALID_CREDENTIALS);
    // Refused credentials do not say which field was wrong.
    expect(back.context.error?.fieldErrors).toEqual({});
    expect(back.context.token).toBeNull();
  });

  it("shows the server's words for another refusal and the generic message for an outage", async () => {
    const taken = start({
      signIn: async () => {
        throw requestError('http', 422, 'The email address you have entered is already registered');
      },
    });
    await waitFor(taken.actor, (s) => s.matches('anonymous'));
    taken.actor.send({ type: 'user.register', form: FORM });
    const refused = await waitFor(taken.actor, (s) => s.context.error !== null);
    expect(refused.context.error?.message).toEqual({ key: 'server.emailTaken' });

    const down = start({
      signIn: async () => {
        throw requestError('crash', 503, 'Service Unavailable');
      },
    });
    await waitFor(down.actor, (s) => s.matches('anonymous'));
    down.actor.send({ type: 'user.socialCode', code: 'hand-off' });
    const failed = await waitFor(down.actor, (s) => s.context.error !== null);
    expect(failed.context.error?.message).toBe(SOMETHING_WENT_WRONG);
  });

  it('refuses a registration without the terms accepted, sending nothing', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (s) => s.matches('anonymous'));
    actor.send({ type: 'user.register', form: { ...FORM, terms: false } });
    await waitFor(actor, (s) => s.matches('anonymous') && s.context.error !== null);
    expect(actor.getSnapshot().context.pending).toBeNull();
    expect(actor.getSnapshot().context.error).toEqual({ form: 'register', message: NOT_YET_REGISTERED, fieldErrors: { terms: [ACCEPT_TERMS] }, cause: null });
    expect(calls).toEqual([]);

    // Every SPEC §5 rule is checked before anything is sent, each message next to its field.
    actor.send({
      type: 'user.register',
      form: { ...FORM, firstName: ' ', lastName: '', email: 'not-an-email', phone: '12', password: 'short', passwordConfirmation: 'other' },
    });
    await waitFor(actor, (s) => s.matches('anonymous') && s.context.error?.message === CHECK_FIELDS);
    expect(actor.getSnapshot().context.error).toEqual({
      form: 'register',
      message: CHECK_FIELDS,
      fieldErrors: {
        first_name: [{ key: 'validation.firstNameRequired' }],
        last_name: [{ key: 'validation.lastNameRequired' }],
        email: [{ key: 'validation.emailInvalid' }],
        phone: [{ key: 'validation.fieldTooShort', params: { number: 9 } }],
        password: [{ key: 'validation.passwordTooShort' }],
        password_confirmation: [{ key: 'validation.passwordMismatch' }],
      },
      cause: null,
    });
    expect(calls).toEqual([]);

    actor.send({ type: 'user.register', form: FORM });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(calls[0]).toEqual(['register', FORM]);
  });

  it('signs in with a social access token or with the social hand-off code', async () => {
    const token = start();
    await waitFor(token.actor, (s) => s.matches('anonymous'));
    token.actor.send({ type: 'user.socialLogin', social: { provider: 'facebook', accessToken: 'ref1.a.b' } });
    await waitFor(token.actor, (s) => s.matches({ loggedIn: 'loaded' }));
    expect(token.calls[0]).toEqual(['socialLogIn', { provider: 'facebook', accessToken: 'ref1.a.b' }]);

    const code = start();
    await waitFor(code.actor, (s) => s.matches('anonymous'));
    code.actor.send({ type: 'user.socialCode', code: 'one-time' });
    await waitFor(code.actor, (s) => s.matches({ loggedIn: 'loaded' }));
    expect(code.calls[0]).toEqual(['addSession', { code: 'one-time' }]);
    expect(code.effects).toContain('signed in by social');
  });

  it('trades a hand-off code once: the page that still carries a refused code does not send it again', async () => {
    const refused = start({
      signIn: async () => {
        throw requestError('http', 422, 'Verification failed');
      },
    });
    await waitFor(refused.actor, (s) => s.matches('anonymous'));
    refused.actor.send({ type: 'user.socialCode', code: 'used-code' });
    await waitFor(refused.actor, (s) => s.matches('anonymous') && s.context.error !== null);
    refused.actor.send({ type: 'user.socialCode', code: 'used-code' });
    expect(refused.actor.getSnapshot().matches('anonymous')).toBe(true);
    expect(refused.calls).toEqual([['addSession', { code: 'used-code' }]]);
    // Another code (the viewer tried the provider again) is sent.
    refused.actor.send({ type: 'user.socialCode', code: 'fresh-code' });
    expect(refused.actor.getSnapshot().matches('addingSession')).toBe(true);
  });

  it('checks the login form before sending: an email or login-like text, and a password', async () => {
    const { actor, calls, effects } = start();
    await waitFor(actor, (s) => s.matches('anonymous'));
    actor.send({ type: 'user.login', credentials: { email: '', password: '' } });
    await waitFor(actor, (s) => s.matches('anonymous') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toEqual({
      form: 'login',
      message: CHECK_FIELDS,
      fieldErrors: { email: [{ key: 'validation.emailRequired' }], password: [{ key: 'validation.fieldRequired' }] },
      cause: null,
    });
    actor.send({ type: 'user.login', credentials: { email: 'fan@', password: 'x' } });
    await waitFor(actor, (s) => s.matches('anonymous') && s.context.error !== null);
    expect(actor.getSnapshot().context.error?.fieldErrors).toEqual({ email: [{ key: 'validation.emailInvalid' }] });
    expect(calls).toEqual([]);
    // SPEC §5: a numeric login (digits and brackets) is login-like.
    actor.send({ type: 'user.login', credentials: { email: '1234[56]', password: 'x' } });
    await waitFor(actor, (s) => s.matches({ loggedIn: 'loaded' }));
    expect(calls[0]).toEqual(['logIn', { email: '1234[56]', password: 'x' }]);
    expect(effects).toContain('signed in by login');
  });

  it('tells a throttled sign-in in the server\'s words, with the wait', async () => {
    const throttled = start({
      signIn: async () => {
        throw requestError('throttled', 429, 'Too many sign-in attempts. Please wait a moment and try again.', {
          fieldErrors: { email: ['Try again in 60 seconds'] },
        });
      },
    });
    await waitFor(throttled.actor, (s) => s.matches('anonymous'));
    throttled.actor.send({ type: 'user.login', credentials: { email: 'fan@summit.test', password: 'wrong-password' } });
    const refused = await waitFor(throttled.actor, (s) => s.matches('anonymous') && s.context.error !== null);
    expect(refused.context.error?.message).toEqual({ key: 'server.tooManySignIns' });
    expect(refused.context.error?.fieldErrors).toEqual({ email: [{ text: 'Try again in 60 seconds' }] });
  });

  it('logs out only when logged in with the passes-form flag set; otherwise "user can\'t be logged out"', async () => {
    const anonymous = start();
    await waitFor(anonymous.actor, (s) => s.matches('anonymous'));
    anonymous.actor.send({ type: 'user.logout' });
    expect(anonymous.actor.getSnapshot().context.error?.message).toBe(LOGOUT_REFUSED);
    expect(anonymous.calls).toEqual([]);

    expect(anonymous.effects).toEqual([`toast error: ${LOGOUT_REFUSED.key}`]);

    for (const form of [passesForm(false), null]) {
      const { actor, calls, effects } = await loggedIn({ profile: async () => ({ ...LOADED, passesForm: form }) });
      expect(canLogOut(actor.getSnapshot())).toBe(false);
      actor.send({ type: 'user.logout' });
      expect(actor.getSnapshot().matches('loggedIn')).toBe(true);
      expect(actor.getSnapshot().context.error?.message).toBe(LOGOUT_REFUSED);
      expect(calls.map(([name]) => name)).not.toContain('logOut');
      expect(effects.at(-1)).toBe(`toast error: ${LOGOUT_REFUSED.key}`);
    }
    const allowed = await loggedIn();
    expect(canLogOut(allowed.actor.getSnapshot())).toBe(true);
    expect(canLogOut(anonymous.actor.getSnapshot())).toBe(false);
  });

  it('works out the capability flags and feature counts once, from the profile and the user access', async () => {
    const profile = { ...PROFILE, capabilities: ['Watch', 'No_Ads', 'vod_media_access'], featureCount: { clips: 3, downloads: 1 } };
    const access = { ...ACCESS, capabilities: { ...ACCESS.capabilities, clipping: true }, featureCount: { clips: 5, downloads: 2 } };
    const { actor } = await loggedIn({ profile: async () => ({ profile, access, passesForm: passesForm(true) }) });
    expect(actor.getSnapshot().context.capabilities).toEqual({
      watch: true,
      download: true,
      clipping: true,
      download_clip: false,
      no_ads: true,
      vod_media: true,
    });
    // The user access counts win over the profile's.
    expect(actor.getSnapshot().context.featureCounts).toEqual({ clips: 5, downloads: 2 });
    expect(capabilityFlagsOf(null, null)).toEqual(NO_CAPABILITIES);
    expect(featureCountsOf({ ...PROFILE, featureCount: { clips: null, downloads: 4 } } as never, null)).toEqual({ clips: 0, downloads: 4 });
  });

  it('on logout forgets the user and the token, then clears the keys and fetches a new API key', async () => {
    const { actor, calls, effects } = await loggedIn();
    actor.send({ type: 'user.logout' });
    expect(actor.getSnapshot().value).toBe('loggingOut');
    // The logout call still carries the token.
    expect(actor.getSnapshot().context.token).toBe('token-1');
    const out = await waitFor(actor, (s) => s.matches('anonymous'));
    expect(calls.map(([name]) => name)).toEqual(['logIn', 'loadProfile', 'logOut', 'renewKeys']);
    expect(effects).toEqual(['store token-1', 'signed in by login', 'logged in', 'logged out', 'forget']);
    expect(out.context).toEqual({
      ...{ token: null, profile: null, access: null, passesForm: null, error: null, socialCode: null, pending: null },
      capabilities: { watch: false, download: false, clipping: false, download_clip: false, no_ads: false, vod_media: false },
      featureCounts: { clips: 0, downloads: 0 },
    });
  });

  it('logs out on this device even when the logout call fails', async () => {
    const { actor, calls } = await loggedIn({
      logOut: async () => {
        throw requestError('network', 0, 'fetch failed');
      },
    });
    actor.send({ type: 'user.logout' });
    const out = await waitFor(actor, (s) => s.matches('anonymous'));
    expect(out.context.token).toBeNull();
    expect(calls.map(([name]) => name)).toContain('renewKeys');
  });

  it('clears the user when the profile fails to load', async () => {
    const { actor, effects } = start({
      profile: async () => {
        throw requestError('crash', 500, 'Something went wrong');
      },
    });
    await waitFor(actor, (s) => s.matches('anonymous'));
    actor.send({ type: 'user.login', credentials: { email: 'fan@summit.test', password: 'secret' } });
    await waitFor(actor, (s) => s.matches({ loggedIn: 'loadingProfile' }));
    const back = await waitFor(actor, (s) => s.matches('anonymous'));
    expect(back.context).toMatchObject({ token: null, profile: null, access: null, passesForm: null });
    expect(effects).toEqual(['store token-1', 'signed in by login', 'logged in', 'logged out', 'forget']);
  });

  it('returns to anonymous when the client resets the user (a 401)', async () => {
    const { actor, effects } = await loggedIn();
    actor.send({ type: 'client.userReset', error: ANONYMOUS });
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(actor.getSnapshot().context.token).toBeNull();
    expect(effects).toEqual(['store token-1', 'signed in by login', 'logged in', 'logged out', 'forget']);
  });

  it('keeps a viewer with a temporary password on /profile/edit until it is changed, then sends them to the packages', async () => {
    const { actor } = await loggedIn({
      profile: async () => ({ ...LOADED, profile: { ...PROFILE, temporary_password: true, basic_pass_selected: false } }),
    });
    const forced = actor.getSnapshot();
    expect(forced.hasTag('temporaryPassword')).toBe(true);
    expect(forced.hasTag('needsBasicPass')).toBe(false);

    actor.send({ type: 'profile.updated', profile: { ...PROFILE, temporary_password: false, basic_pass_selected: false } });
    expect(actor.getSnapshot().hasTag('temporaryPassword')).toBe(false);
    expect(actor.getSnapshot().hasTag('needsBasicPass')).toBe(true);

    actor.send({ type: 'profile.updated', profile: PROFILE });
    expect(actor.getSnapshot().matches({ loggedIn: { loaded: 'ready' } })).toBe(true);
  });

  it('resumes the session of a kept token, and reloads the profile on request', async () => {
    const { actor, calls } = start({ storedToken: 'kept' });
    const resumed = await waitFor(actor, (s) => s.matches({ loggedIn: 'loaded' }));
    expect(resumed.context.token).toBe('kept');
    actor.send({ type: 'session.refresh' });
    expect(actor.getSnapshot().matches({ loggedIn: 'loadingProfile' })).toBe(true);
    await waitFor(actor, (s) => s.matches({ loggedIn: 'loaded' }));
    expect(calls.map(([name]) => name)).toEqual(['loadProfile', 'loadProfile']);
  });
});
