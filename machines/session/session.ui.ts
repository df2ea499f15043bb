/**
 * The session's UI map (machines/shared/machine-ui.ts): how each step of the session's model paths is done on the
 * real app and test stack, for its generated spec (tests/e2e/generated/session.paths.e2e.ts). Sign-ins go through
 * the login and registration forms against the real API; a refused password is a password the account does not
 * have; a failed network is the checks' chunk not arriving; the API's failures are forced with the stack's faults.
 * Helpers are in tests/e2e/paths-steps.ts.
 */
import { hasTag, type MachineUi, type UiContext, type UiStep, statePath } from '../shared/machine-ui';

/** The way the viewer signed in last before this step: a kept token, the login form or the registration form. */
function signInWay(context: UiContext): 'storedToken' | 'login' | 'register' | 'other' {
  for (const step of context.path.steps.slice(0, context.index).reverse()) {
    if (step.kind === 'finish' && step.actorId === 'readStoredToken') return 'storedToken';
    if (step.kind === 'finish' && step.actorId === 'logIn') return 'login';
    if (step.kind === 'finish' && step.actorId === 'register') return 'register';
    if (step.kind === 'finish') continue;
    if (step.event.type.startsWith('user.social')) return 'other';
  }
  return 'other';
}

const SOCIAL = { unmapped: "social sign-in goes through the provider's consent page and its hand-off code, which this map does not drive" };
const LOG_IN_LINK = "await expect(banner(page).getByRole('link', { name: 'Log in' })).toBeVisible();";
const MY_ACCOUNT_LINK = "await expect(banner(page).getByRole('link', { name: 'My account' })).toBeVisible();";
/**
 * The saved profile's notice: the save has been answered. Until then the temporary password still keeps the viewer
 * on /profile/edit, so a next step that leaves the page would be sent back and read nothing.
 */
const PROFILE_SAVED = "await expect(page.getByRole('main').getByText('Your profile is saved.')).toBeVisible();";

export const sessionUi: MachineUi = {
  imports: [
    "import { freshEmail } from '../accounts';",
    "import { appReady, withStoredToken } from '../helpers';",
    "import { banner, chooseBasicPass, endSessionThenOpenSchedule, formAlert, logInWithForm, openPathViewer, registerWithForm, saveNewPassword } from '../paths-steps';",
  ],
  prepare(needs) {
    const lines: string[] = [];
    if (needs['account'] === 'yes' || needs['viewer'] !== undefined || needs['newEmail'] === 'taken') {
      lines.push(`const viewer = await openPathViewer(stack, '${needs['viewer'] ?? 'settled'}');`);
    }
    if (needs['password'] === 'wrong') {
      lines.push('// The viewer types a password the account does not have: the real API refuses it.', "viewer.password = 'Wrong-pass-999';");
    }
    if (needs['registers'] === 'yes') {
      lines.push(needs['newEmail'] === 'taken' ? '// An address already registered.\nconst newEmail = viewer.email;' : "const newEmail = freshEmail('paths');");
    }
    return lines.flatMap((line) => line.split('\n'));
  },
  // Wrong passwords count towards the sign-in throttle of the browser's address, on the worker's shared stack.
  afterEach: ["stack.api.db.prepare(\"DELETE FROM login_throttle WHERE key LIKE 'address:%'\").run();"],
  events: {
    'user.login': (event) => {
      const { credentials } = event as unknown as { credentials: { email: string; password: string } };
      if (credentials.email.includes('@')) return { needs: { account: 'yes' }, run: ['await logInWithForm(page, viewer.email, viewer.password);'] };
      return { run: [`await logInWithForm(page, ${JSON.stringify(credentials.email)}, ${JSON.stringify(credentials.password)});`] };
    },
    'user.register': (event) => {
      const { form } = event as unknown as { form: { email: string; terms: boolean; passwordConfirmation: string; password: string } };
      if (!form.terms) return { needs: { registers: 'yes' }, run: ['await registerWithForm(page, newEmail, { terms: false });'] };
      if (form.passwordConfirmation !== form.password) {
        return { run: [`await registerWithForm(page, ${JSON.stringify(form.email)}, { confirmation: ${JSON.stringify(form.passwordConfirmation)} });`] };
      }
      return { needs: { registers: 'yes' }, run: ['await registerWithForm(page, newEmail);'] };
    },
    'user.socialLogin': () => SOCIAL,
    'user.socialCode': () => SOCIAL,
    'user.logout': (_event, { before }) => {
      if (hasTag(before, 'anonymous')) return { unmapped: 'an anonymous visitor has no Log out button' };
      if (hasTag(before, 'busy')) return { unmapped: 'Log out pressed while the profile loads: a click cannot be timed to land then' };
      return { run: ["await banner(page).getByRole('button', { name: 'Log out' }).click();"] };
    },
    'profile.updated': (_event, { before }) =>
      hasTag(before, 'temporaryPassword')
        ? { run: ['await saveNewPassword(page);'] }
        : { unmapped: 'the profile is saved here only by a viewer kept on /profile/edit by a temporary password' },
    'session.refresh': (_event, { before }) =>
      hasTag(before, 'needsBasicPass')
        ? { run: ['await chooseBasicPass(page, stack);'] }
        : { unmapped: 'a refresh needs a passes form sent (offered here to a viewer without a basic pass) or a mailed link followed (a new page)' },
    'client.userReset': (_event, context) =>
      statePath(context.before?.value) === 'loggedIn.loaded.ready' && signInWay(context) !== 'register'
        ? { needs: { account: 'yes' }, run: ['await endSessionThenOpenSchedule(page, stack, viewer.token);'] }
        : { unmapped: "the session is ended here from the schedule, which only a viewer free to go anywhere reaches" },
  },
  outputs: {
    readStoredToken: (token) =>
      token === null
        ? { run: ["await page.goto('/');", 'await appReady(page);'] }
        : { needs: { account: 'yes' }, run: ['await withStoredToken(page, viewer.token);', "await page.goto('/');", 'await appReady(page);'] },
    // The real checks, on what the viewer typed.
    checkForm: () => ({}),
    logIn: () => ({}),
    register: () => ({}),
    loadProfile: (loaded, context) => {
      const { profile } = loaded as { profile: { temporary_password: boolean; basic_pass_selected: boolean } };
      const kind = profile.temporary_password ? 'temporary' : profile.basic_pass_selected ? 'settled' : 'withoutPass';
      const way = signInWay(context);
      if (way === 'register') return kind === 'withoutPass' ? {} : { unmapped: 'a viewer who has just registered has chosen no basic pass yet' };
      if (way === 'other') return { unmapped: 'the profile of a social sign-in' };
      // A profile loaded again after a change keeps its viewer: the first load said which.
      const first = context.path.steps.findIndex((step) => step.kind === 'finish' && step.actorId === 'loadProfile');
      if (first < context.index) return {};
      // Summit's passes form lets every viewer log out; the model's temporary viewer has none and its viewer without a
      // basic pass has the flag off, so a logout after either would go another way on the real app.
      const logsOutLater = context.path.steps.slice(context.index).some((step) => step.event.type === 'user.logout');
      if (kind !== 'settled' && logsOutLater) return { unmapped: `a logout after it: the model refuses it to a ${kind} viewer, Summit's passes form allows it` };
      return { needs: { viewer: kind } };
    },
    logOut: () => ({}),
    renewKeys: () => ({}),
  },
  errors: {
    readStoredToken: () => ({ unmapped: "the browser's storage cannot be made to fail from the test stack" }),
    // The network fails to bring the checks' chunk (the app loads it with the first form sent).
    checkForm: () => ({ arm: ["await page.route('**/session.checks-*.js', (route) => route.abort('internetdisconnected'));"] }),
    logIn: () => ({ needs: { password: 'wrong' } }),
    register: () => ({ needs: { newEmail: 'taken' } }),
    loadProfile: () => ({ arm: ["stack.faults.add({ operationId: 'getProfile', status: 500, times: 2 });"] }),
    logOut: () => ({ arm: ["stack.faults.add({ operationId: 'logout', status: 500, times: 1 });"] }),
    renewKeys: () => ({ unmapped: 'a failed API key renewal brings the reload screen up; its own suite (faults.e2e.ts) covers it' }),
  },
  see(expected, step: UiStep, context) {
    const state = statePath(expected.value);
    // The logout finishes by itself: the page ends signed out.
    if (hasTag(expected, 'loggingOut')) return [LOG_IN_LINK];
    if (hasTag(expected, 'busy') && !hasTag(expected, 'loggedIn')) return { unseen: 'passes by itself' };
    if (hasTag(expected, 'anonymous')) {
      const lines = [LOG_IN_LINK];
      const refused = (step.kind === 'fail' && (step.actorId === 'logIn' || step.actorId === 'register' || step.actorId === 'checkForm')) ||
        (step.kind === 'finish' && step.actorId === 'checkForm' && step.event['output'] !== null);
      if (refused) lines.push('await expect(formAlert(page)).toBeVisible();');
      return lines;
    }
    if (state === 'loggedIn.loaded.temporaryPassword') return [MY_ACCOUNT_LINK, 'await expect(page).toHaveURL(/\\/profile\\/edit$/);'];
    if (state === 'loggedIn.loaded.needsBasicPass') return [MY_ACCOUNT_LINK, 'await expect(page).toHaveURL(/\\/packages$/);'];
    // Loading the profile passes by itself too; at a path's end, the page shows the viewer signed in once it is over.
    const last = context.index === context.path.steps.length - 1;
    if (hasTag(expected, 'busy') && !last) return { unseen: 'passes by itself' };
    if (hasTag(expected, 'loggedIn')) {
      const lines = [MY_ACCOUNT_LINK];
      if (step.event.type === 'user.logout') lines.push("await expect(page.getByText(\"user can't be logged out\")).toBeVisible();");
      if (step.event.type === 'profile.updated') lines.push(PROFILE_SAVED);
      return lines;
    }
    return { unseen: `no sign of ${state} is mapped` };
  },
};
