/**
 * Mail to one address is limited (server/domain/mail-limits.ts): a reset form submitted in a loop, or by someone
 * flooding another person's mailbox, sends at most MAILS_PER_ADDRESS mails of a kind per window, and answers every
 * request the same whether or not its mail went, so the limit tells nobody which addresses have accounts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_WINDOW_SECONDS, MAILS_PER_ADDRESS } from '../../server/domain/mail-limits';
import { type CallResult, DEMO_PASSWORD, startTestApi, SUMMIT, type TestApi } from './harness';
import { newNonce, ProviderBrowser } from './provider-flow';

const ATTEMPTS = 30;

let api: TestApi;
let key: string;
let counter = 0;

beforeAll(async () => {
  api = await startTestApi();
  key = await api.apiKey(SUMMIT.channelKey);
});
afterAll(() => api.close());

const freshEmail = (label: string): string => `${label}-${++counter}@summit.test`;

async function register(label: string): Promise<{ email: string; token: string }> {
  const email = freshEmail(label);
  const result = await api.call<{ token: string }>('POST', '/v2/auth/register', {
    key,
    body: { first_name: 'Robin', last_name: 'Hart', email, password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD, terms: true },
  });
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return { email, token: result.body.token };
}

/** Mails of these kinds in the outbox for an address, whatever its case. */
function mailed(email: string, ...kinds: string[]): number {
  return api.db
    .prepare<[string], { n: number }>(`SELECT count(*) AS n FROM outbox WHERE lower(email) = lower(?) AND kind IN (${kinds.map((k) => `'${k}'`).join(', ')})`)
    .get(email)!.n;
}

const RESET_KINDS = ['password_reset', 'password_reset_no_account'];

/** What a client can observe of an answer: its status, body and length. */
const observed = (answer: CallResult) => ({ status: answer.status, body: answer.body, length: answer.headers.get('content-length') });

async function resetRequests(email: string, times: number): Promise<Array<ReturnType<typeof observed>>> {
  const answers = [];
  for (let i = 0; i < times; i += 1) answers.push(observed(await api.call('POST', '/auth/password-reset-request', { key, body: { email } })));
  return answers;
}

describe('password reset mails', () => {
  it(`sends at most ${MAILS_PER_ADDRESS} to an account's address a window, and answers all ${ATTEMPTS} requests alike`, async () => {
    const { email } = await register('flooded');
    const answers = await resetRequests(email, ATTEMPTS);
    expect(mailed(email, ...RESET_KINDS)).toBe(MAILS_PER_ADDRESS);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]?.status).toBe(200);
    // Each request held back still did its one write, as a sent one does.
    const held = api.db.prepare<[string], { held: number }>('SELECT held FROM outbox_held WHERE email = ?').get(email.toLowerCase());
    expect(held?.held).toBe(ATTEMPTS - MAILS_PER_ADDRESS);
  });

  it('answers an address without an account exactly as an account, and limits its mails the same way', async () => {
    const { email: known } = await register('known');
    const unknown = freshEmail('nobody');
    const [knownAnswers, unknownAnswers] = [await resetRequests(known, ATTEMPTS), await resetRequests(unknown, ATTEMPTS)];
    expect(unknownAnswers).toEqual(knownAnswers);
    expect(mailed(unknown, ...RESET_KINDS)).toBe(MAILS_PER_ADDRESS);
    expect(mailed(known, ...RESET_KINDS)).toBe(MAILS_PER_ADDRESS);
  });

  it('counts an address whatever its case, so changing the case sends no more', async () => {
    const unknown = freshEmail('cased');
    for (const variant of [unknown, unknown.toUpperCase(), unknown.replace(/^./, (c) => c.toUpperCase()), unknown.replace('summit', 'SUMMIT')]) {
      await resetRequests(variant, 2);
    }
    expect(mailed(unknown, ...RESET_KINDS)).toBe(MAILS_PER_ADDRESS);
  });

  it('sends again once the window has passed, and another address was never held back', async () => {
    const { email } = await register('window');
    const other = freshEmail('neighbour');
    await resetRequests(email, ATTEMPTS);
    expect(mailed(email, ...RESET_KINDS)).toBe(MAILS_PER_ADDRESS);

    await resetRequests(other, 1);
    expect(mailed(other, ...RESET_KINDS)).toBe(1);

    api.clock.advance(MAIL_WINDOW_SECONDS - 1);
    await resetRequests(email, 1);
    expect(mailed(email, ...RESET_KINDS)).toBe(MAILS_PER_ADDRESS);
    api.clock.advance(1);
    await resetRequests(email, 1);
    expect(mailed(email, ...RESET_KINDS)).toBe(MAILS_PER_ADDRESS + 1);
  });

  it('keeps the newest link it did send working: a held-back request takes nothing away from the owner', async () => {
    const { email } = await register('owner');
    await resetRequests(email, ATTEMPTS);
    const row = api.db
      .prepare<[string], { link: string }>("SELECT link FROM outbox WHERE email = ? AND kind = 'password_reset' ORDER BY id DESC LIMIT 1")
      .get(email)!;
    const query = new URL(row.link).searchParams;
    const reset = await api.call('POST', '/auth/password-reset', {
      key,
      body: { email: query.get('email'), expires: Number(query.get('expires')), signature: query.get('signature'), password: 'Fresh-pass-42', password_confirmation: 'Fresh-pass-42' },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
  });
});

describe('account deletion mails', () => {
  it(`send at most ${MAILS_PER_ADDRESS} a window however often the viewer asks, each asking answered alike`, async () => {
    const { email, token } = await register('leaving');
    const answers = [];
    for (let i = 0; i < ATTEMPTS; i += 1) answers.push(observed(await api.call('POST', '/profile', { key, token, body: { _method: 'DELETE' } })));
    expect(mailed(email, 'account_deletion')).toBe(MAILS_PER_ADDRESS);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]?.status).toBe(200);
  });
});

describe('verification mails', () => {
  it('are mailed at registration, and a flood of resets for the address does not hold one back', async () => {
    const email = freshEmail('later');
    // Someone asks for resets of an address before its owner registers it: its verification mail still goes.
    await resetRequests(email, ATTEMPTS);
    const result = await api.call('POST', '/v2/auth/register', {
      key,
      body: { first_name: 'Robin', last_name: 'Hart', email, password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD, terms: true },
    });
    expect(result.status).toBe(201);
    expect(mailed(email, 'email_verify')).toBe(1);
  });
});

describe('social provider confirmation mails', () => {
  it(`go at most ${MAILS_PER_ADDRESS} a window to an address someone keeps opening provider identities for`, async () => {
    const victim = freshEmail('squatted');
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const browser = new ProviderBrowser(api);
      const page = await browser.open(key, newNonce());
      // Each try opens the identity anew with another password, which mails a new confirmation.
      statuses.push((await browser.submit(page, { email: victim, password: `Squatter-pass-${i}`, name: 'Eve' })).status);
    }
    expect(new Set(statuses)).toEqual(new Set([statuses[0]]));
    expect(mailed(victim, 'social_identity_confirm')).toBe(MAILS_PER_ADDRESS);
  });
});
