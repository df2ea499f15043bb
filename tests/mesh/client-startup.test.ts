import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StartupQuery } from '../../mesh/client/generated/graphql';
import { StartupDocument } from '../../mesh/client/generated/documents/Startup';
import { startTestApi, type TestApi } from '../server/harness';
import { clientFor, LOG_READ_TOKEN, loggedFailures, restCalls } from './client-harness';

const PARTS = ['profile', 'settings', 'menu', 'colors', 'pages', 'geo', 'categories', 'participants', 'groups', 'access'] as const;
const OPERATIONS: Record<(typeof PARTS)[number], string> = {
  profile: 'getProfile',
  settings: 'getSettings',
  menu: 'getMenu',
  colors: 'getColorSettings',
  pages: 'getPages',
  geo: 'getGeo',
  categories: 'listEventCategories',
  participants: 'listParticipants',
  groups: 'listParticipantGroups',
  access: 'getUserAccess',
};

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ logReadToken: LOG_READ_TOKEN }, { graphql: true });
});
afterAll(() => api.close());
beforeEach(() => {
  api.faults.clear();
  api.requestLog.clear();
});

/** A client whose keys are in place and whose viewer is logged in, with the request log and counter reset after. */
async function viewerClient(email = 'fan@summit.test') {
  const under = clientFor(api);
  under.token = await api.login(email, await under.client.ensureApiKey());
  api.requestLog.clear();
  under.sent.length = 0;
  return under;
}

function present(data: StartupQuery | null): string[] {
  return PARTS.filter((part) => data?.[part] != null);
}

describe('Startup through the client', () => {
  it('answers all ten parts in one GraphQL request', async () => {
    const under = await viewerClient();
    const result = await under.client.execute(StartupDocument);
    expect(result.errors).toEqual([]);
    expect(result.fieldErrors).toEqual({});
    expect(present(result.data)).toEqual([...PARTS]);
    expect(result.data?.profile?.email).toBe('fan@summit.test');
    expect(under.sent).toEqual(['Startup']);
    for (const part of PARTS) expect(restCalls(api, OPERATIONS[part]), part).toBe(1);
    expect(under.events).toEqual([]);
  });

  it('keeps the other nine parts when one endpoint keeps failing, classifies the failure, and retries that call once', async () => {
    const under = await viewerClient();
    const logsBefore = (await loggedFailures(api)).length;
    api.faults.add({ operationId: 'getMenu', status: 503 });

    const result = await under.client.execute(StartupDocument);

    expect(present(result.data)).toEqual(PARTS.filter((p) => p !== 'menu'));
    expect(result.data?.menu).toBeNull();
    expect(result.errors).toHaveLength(1);
    expect(result.fieldErrors.menu).toMatchObject({ kind: 'crash', status: 503, field: 'menu', operation: 'Startup' });
    expect(Object.keys(result.fieldErrors)).toEqual(['menu']);
    // The retry asked for the failed field alone: the menu twice, every other part once.
    expect(under.sent.filter((name) => name === 'Startup')).toHaveLength(2);
    for (const part of PARTS) expect(restCalls(api, OPERATIONS[part]), part).toBe(part === 'menu' ? 2 : 1);
    expect(under.events.map((e) => [e.type, e.error.kind])).toEqual([['globalError', 'crash']]);

    await under.client.whenIdle();
    const logs = await loggedFailures(api);
    expect(logs).toHaveLength(logsBefore + 1);
    expect(logs[0]).toMatchObject({ status: 503, service: 'web', channel: 'summit-demo-channel-key', url: 'http://app.test/current-page' });
    expect(JSON.parse(logs[0]!.request_data!)).toMatchObject({ operation: 'Startup', field: 'menu', kind: 'crash' });
  });

  it('recovers when the retry succeeds: complete data, no event, no report', async () => {
    const under = await viewerClient();
    const logsBefore = (await loggedFailures(api)).length;
    api.faults.add({ operationId: 'listEventCategories', status: 500, times: 1 });

    const result = await under.client.execute(StartupDocument);

    expect(result.errors).toEqual([]);
    expect(present(result.data)).toEqual([...PARTS]);
    expect(restCalls(api, 'listEventCategories')).toBe(2);
    expect(restCalls(api, 'getMenu')).toBe(1);
    expect(under.events).toEqual([]);
    await under.client.whenIdle();
    expect(await loggedFailures(api)).toHaveLength(logsBefore);
  });

  it('gives an anonymous visitor eight parts and a per-field 401 for profile and access, which is no failure of the startup', async () => {
    const under = clientFor(api);
    const logsBefore = (await loggedFailures(api)).length;

    const result = await under.client.execute(StartupDocument);

    expect(present(result.data)).toEqual(PARTS.filter((p) => p !== 'profile' && p !== 'access'));
    expect(result.fieldErrors.profile).toMatchObject({ kind: 'unauthenticated', status: 401 });
    expect(result.fieldErrors.access).toMatchObject({ kind: 'unauthenticated', status: 401 });
    // Not retried, no user reset (there was no user), not reported.
    expect(restCalls(api, 'getProfile')).toBe(1);
    expect(under.events).toEqual([]);
    await under.client.whenIdle();
    expect(await loggedFailures(api)).toHaveLength(logsBefore);
  });

  it('resets the user once when the token is refused', async () => {
    const under = clientFor(api);
    await under.client.ensureApiKey();
    under.token = 'not-a-valid-token';

    const result = await under.client.execute(StartupDocument);

    expect(result.fieldErrors.profile?.kind).toBe('unauthenticated');
    expect(result.fieldErrors.access?.kind).toBe('unauthenticated');
    expect(under.events.map((e) => e.type)).toEqual(['userReset']);
  });
});
