/**
 * Throttling (SPEC.md §8) for real: a reference API that lets one key make five requests a window. Its own file,
 * because Mesh in a test process talks to the one API that process started (tests/server/harness.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondsLeftInWindow, startTestApi, SUMMIT, type TestApi } from '../server/harness';
import { clientFor, LOG_READ_TOKEN, loggedFailures, restCalls, typedDocument } from './client-harness';

const Geo = typedDocument<{ geo: { ip: string } | null }>('query Geo { geo: getGeo { ip } }');

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ logReadToken: LOG_READ_TOKEN, rateLimit: { max: 5, windowSeconds: 60 } }, { graphql: true });
});
afterAll(() => api.close());

describe('throttled (429)', () => {
  it('passes the status and retry-after through as a global error, without retrying', async () => {
    const under = clientFor(api, { channelKey: SUMMIT.channelKey });
    for (let i = 0; i < 5; i += 1) expect((await under.client.execute(Geo)).errors).toEqual([]);
    api.requestLog.clear();

    const result = await under.client.execute(Geo);

    expect(result.fieldErrors.geo).toMatchObject({ kind: 'throttled', status: 429, retryAfterSeconds: secondsLeftInWindow(api.clock.now(), 60), message: 'Too Many Attempts.' });
    expect(restCalls(api, 'getGeo')).toBe(1);
    expect(under.events.map((e) => [e.type, e.error.kind])).toEqual([['globalError', 'throttled']]);
    await under.client.whenIdle();
    expect((await loggedFailures(api)).map((l) => l.status)).toEqual([429]);
  });
});
