/**
 * The real reference API behind real Mesh for the catalogue's view suites, and the startup parts the views read
 * beside their own queries (categories, participants, groups), as the real Startup query answers them for a visitor.
 */
import axe from 'axe-core';
import type { StartupParts } from '../../../machines/app-load/app-load.types';
import { createClientEvents } from '../../../mesh/client/events';
import { StartupDocument } from '../../../mesh/client/generated/documents/Startup';
import { createChannelClient } from '../../../mesh/client/transport';
import { createStorageKeyStore } from '../../../src/adapters/key-store';
import { createExpiringStorage, createMemoryBackend } from '../../../src/adapters/storage';
import { SUMMIT, startTestApi, type TestApi } from '../../server/harness';

export interface CatalogueApi {
  api: TestApi;
  /** The channel's real categories, participants and groups. */
  parts: Pick<StartupParts, 'categories' | 'participants' | 'groups'>;
  /** What `createTestApp({ api })` takes, for a visitor or (with a token) a viewer. */
  connection(token?: string): { graphqlUrl: string; channelKey: string; token?: string };
}

export async function startCatalogueApi(): Promise<CatalogueApi> {
  const api = await startTestApi({}, { graphql: true });
  const client = createChannelClient({
    endpoint: api.graphqlUrl,
    keyStore: createStorageKeyStore(createExpiringStorage(createMemoryBackend())),
    channelKey: SUMMIT.channelKey,
    reporting: false,
    events: createClientEvents(),
  });
  // A visitor's profile and access are refused (401); the other parts arrive.
  const { data } = await client.execute(StartupDocument);
  if (!data?.categories || !data.participants || !data.groups) throw new Error('the startup parts did not arrive');
  return {
    api,
    parts: { categories: data.categories, participants: data.participants, groups: data.groups },
    connection: (token) => ({ graphqlUrl: api.graphqlUrl, channelKey: SUMMIT.channelKey, ...(token ? { token } : {}) }),
  };
}

/**
 * axe's violations in a rendered view, as "rule: targets". Colour contrast is left out here because jsdom does no
 * layout or colour computation; the theme's contrast is checked in tests/src/theme.test.ts and by axe in Chromium.
 */
export async function axeViolations(root: Element): Promise<string[]> {
  const results = await axe.run(root, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The `view_item_list` pushes in the page's dataLayer so far. */
export function viewItemListPushes(): Array<{ item_list_id: string; items: Array<Record<string, unknown>> }> {
  return (window.dataLayer ?? [])
    .filter((entry) => entry['event'] === 'view_item_list')
    .map((entry) => entry['ecommerce'] as { item_list_id: string; items: Array<Record<string, unknown>> });
}
