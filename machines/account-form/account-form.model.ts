/**
 * Model of an account form (machines/account-form): a followed link (complete or cut short), forms that pass or
 * break SPEC §5, and what the API may answer (done, SPEC §8 refusals, an outage).
 */
import { messageId } from '../shared/messages';
import { accountFormMachine } from './account-form.machine';
import { ALREADY_VERIFIED, PASSWORDS_DONT_MATCH, VERIFICATION_FAILED } from './account-form.guards';
import type { AccountFormInput, AccountRequest, AccountResult } from './account-form.types';
import { SOMETHING_WENT_WRONG } from '../shared/failures';
import { CHECK_FIELDS } from '../../mesh/validation';
import { defineModel } from '../shared/machine-model';
import { PROFILE, requestError } from '../shared/client-fixtures';

const LINK = { email: 'fan@summit.test', expires: 1_900_000_000, signature: 'a'.repeat(64) };
const verify: AccountRequest = { kind: 'verifyEmail', link: LINK };
const FIELDS = { firstName: 'Fan', lastName: 'Summit', phone: '', password: 'NewPassword1', passwordConfirmation: 'NewPassword1' };
const saved: AccountResult = { message: null, profile: PROFILE };

const KNOWN_MESSAGES: ReadonlySet<string> = new Set([CHECK_FIELDS, SOMETHING_WENT_WRONG, VERIFICATION_FAILED, ALREADY_VERIFIED].map(messageId).concat('server.resetKeyExpired'));

export const accountFormModel = defineModel({
  machine: accountFormMachine,
  inputs: [{}, { submitOnStart: verify }, { submitOnStart: { kind: 'verifyEmail', link: null } }, { mailedLink: LINK }, { mailedLink: null }] satisfies AccountFormInput[],
  events: {
    'form.submit': [
      { type: 'form.submit', request: { kind: 'profileUpdate', fields: FIELDS, passwordRequired: true } },
      { type: 'form.submit', request: { kind: 'profileUpdate', fields: { ...FIELDS, passwordConfirmation: 'other' }, passwordRequired: false } },
    ],
  },
  outputs: { submitRequest: [saved, { message: 'Email verified', profile: null }] },
  errors: {
    submitRequest: [
      requestError('http', 422, 'Email already verified'),
      requestError('http', 422, 'Reset password key expired'),
      requestError('crash', 500, 'Something went wrong'),
    ],
  },
  abstractState: (snapshot) => ({
    value: snapshot.value,
    request: snapshot.context.request?.kind ?? null,
    error: snapshot.context.error ? messageId(snapshot.context.error.message) : null,
    done: snapshot.context.result !== null,
  }),
  check: (snapshot, step) => {
    const { error, request, result } = snapshot.context;
    if (error !== null && !KNOWN_MESSAGES.has(messageId(error.message))) throw new Error(`unexpected message "${messageId(error.message)}"`);
    const confirmation = error?.fieldErrors['password_confirmation']?.[0];
    if (error?.message === CHECK_FIELDS && (confirmation === undefined || messageId(confirmation) !== messageId(PASSWORDS_DONT_MATCH))) {
      throw new Error('a refused profile edit without "PASSWORDS DON\'T MATCH"');
    }
    if (snapshot.hasTag('busy') !== snapshot.matches('submitting')) throw new Error('busy outside the request');
    if (snapshot.hasTag('linkIncomplete') && (request !== null || snapshot.can({ type: 'form.submit', request: { kind: 'confirmAccountDeletion', link: LINK } }))) {
      throw new Error('a page without its link can send something');
    }
    if (snapshot.hasTag('done') && result === null) throw new Error('done without a result');
    if (snapshot.matches('submitting') && request === null) throw new Error('sending nothing');
    const announced = step.actions.filter((a) => a.type === 'announceDone');
    if (announced.length > 0 && !snapshot.matches('done')) throw new Error('announced a request that did not go through');
  },
});
