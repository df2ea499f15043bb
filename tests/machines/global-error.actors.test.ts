/**
 * The global error with its real actor against the real stack: the reference API and Mesh on an ephemeral port and
 * a real `createChannelClient`. Crashes are forced with the API's test-only fault setting; throttling is the API's
 * own rate limit (five requests a key per window here), which sends `retry-after`.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createGlobalErrorActors } from '../../machines/global-error/global-error.actors';
import { globalErrorMachine, globalErrorMessageKey } from '../../machines/global-error/global-error.machine';
import { FaqDocument } from '../../mesh/client/generated/documents/Faq';
import { secondsLeftInWindow, startTestApi, type TestApi } from '../server/harness';
import { realClient } from './real-client';

const REQUESTS_PER_WINDOW = 5;
const WINDOW_SECONDS = 60;

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ rateLimit: { max: REQUESTS_PER_WINDOW, windowSeconds: WINDOW_SECONDS } }, { graphql: true });
});
afterAll(() => api.close());
beforeEach(() => {
  api.faults.clear();
  // A new rate-limit window for each test (the API's clock only moves when told).
  api.clock.advance(WINDOW_SECONDS);
});

function globalError() {
  const { client } = realClient(api);
  const actor = createActor(globalErrorMachine.provide({ actors: createGlobalErrorActors({ client }) })).start();
  return { client, actor };
}

describe('global error with the real client', () => {
  it('shows a crash status until the viewer dismisses it', async () => {
    const { client, actor } = globalError();
    await client.execute(FaqDocument);
    expect(actor.getSnapshot().hasTag('visible')).toBe(false);

    // The client retries a 5xx once; the global error comes with the final answer.
    api.faults.add({ operationId: 'getFaq', status: 503, times: 2 });
    await client.execute(FaqDocument);
    const shown = actor.getSnapshot();
    expect(shown.hasTag('visible')).toBe(true);
    expect(shown.context).toEqual({ error: expect.objectContaining({ kind: 'crash', status: 503, field: 'faq' }), retryAfterSeconds: null });
    expect(globalErrorMessageKey(shown.context.error!)).toBe('crash');

    actor.send({ type: 'user.dismiss' });
    expect(actor.getSnapshot().context).toEqual({ error: null, retryAfterSeconds: null });
    expect(actor.getSnapshot().hasTag('visible')).toBe(false);
  });

  it("shows a throttled request with the server's retry-after, replacing the error shown", async () => {
    const { client, actor } = globalError();
    api.faults.add({ operationId: 'getFaq', status: 503, times: 2 });
    await client.execute(FaqDocument);
    expect(actor.getSnapshot().context.error).toMatchObject({ kind: 'crash' });

    for (let i = 0; i < REQUESTS_PER_WINDOW; i += 1) expect((await client.execute(FaqDocument)).errors).toEqual([]);
    await client.execute(FaqDocument);
    const { context } = actor.getSnapshot();
    expect(context.error).toMatchObject({ kind: 'throttled', status: 429 });
    expect(context.retryAfterSeconds).toBe(secondsLeftInWindow(api.clock.now(), WINDOW_SECONDS));
    expect(globalErrorMessageKey(context.error!)).toBe('throttled');

    actor.send({ type: 'app.clearErrors' });
    expect(actor.getSnapshot().matches('hidden')).toBe(true);
  });

  it('stops listening to the client when stopped', async () => {
    const { client, actor } = globalError();
    actor.stop();
    api.faults.add({ operationId: 'getFaq', status: 503, times: 2 });
    await client.execute(FaqDocument);
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});
