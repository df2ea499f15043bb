/**
 * The sign-in throttle per client address, through the GraphQL layer as the app signs in: the serve process hands
 * the browser's address to the REST API, and a browser cannot pick another by sending its own `x-forwarded-for`.
 * Its own file: the API it starts keeps the failures of this process's one address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginDocument } from '../../mesh/client/generated/documents/Login';
import { LOGIN_THROTTLE } from '../../server/domain/login-throttle';
import { DEMO_PASSWORD, startTestApi, SUMMIT, type TestApi } from '../server/harness';
import { clientFor } from './client-harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({}, { graphql: true });
});
afterAll(() => api.close());

describe('sign-in throttle per client address, through GraphQL', () => {
  it('locks the address after its failures, whatever the accounts and whatever address the browser claims', async () => {
    const under = clientFor(api, {
      channelKey: SUMMIT.channelKey,
      // A browser claiming a new address for every guess: the serve process replaces the header.
      fetch: (input, init) => {
        const headers = new Headers(init?.headers);
        headers.set('x-forwarded-for', `203.0.113.${Math.floor(Math.random() * 250)}`);
        return fetch(input, { ...init, headers });
      },
    });
    const attempt = (email: string, password: string) => under.client.execute(LoginDocument, { email, password }, { tolerate: ['throttled'] });
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_THROTTLE.addressFailures; i += 1) {
      // A different account each time: no account lock is reached, only the address's.
      const { fieldErrors } = await attempt(`guess-${i}@summit.test`, 'not-the-password');
      statuses.push(fieldErrors.session?.status ?? 200);
    }
    expect(statuses.slice(0, -1)).toEqual(Array.from({ length: LOGIN_THROTTLE.addressFailures - 1 }, () => 422));
    expect(statuses.at(-1)).toBe(429);

    // Locked: even a real account with its right password is refused from this address, with the wait.
    const locked = await attempt('fan@summit.test', DEMO_PASSWORD);
    expect(locked.fieldErrors.session).toMatchObject({ kind: 'throttled', status: 429, message: 'Too many sign-in attempts. Please wait a moment and try again.' });
    expect(locked.fieldErrors.session?.kind === 'throttled' && locked.fieldErrors.session.retryAfterSeconds).toBeGreaterThan(0);

    api.clock.advance(LOGIN_THROTTLE.firstLockSeconds + 1);
    expect((await attempt('fan@summit.test', DEMO_PASSWORD)).data?.session?.user.email).toBe('fan@summit.test');
  });
});
