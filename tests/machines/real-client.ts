/**
 * A real channel client for the machines' actor tests: the reference API and Mesh from tests/server/harness.ts, the
 * summit channel's key, and a viewer token the test sets by logging in through the client itself.
 */
import { LoginDocument } from '../../mesh/client/generated/documents/Login';
import { createMemoryKeyStore } from '../../mesh/client/keys';
import { type ChannelClient, createChannelClient } from '../../mesh/client/transport';
import { DEMO_PASSWORD, SUMMIT, type TestApi } from '../server/harness';

export interface RealClient {
  client: ChannelClient;
  /** Logs in through the client (Login mutation); later requests carry the viewer's token. */
  login(email: string): Promise<{ id: number; capabilities: string[] }>;
}

export function realClient(api: TestApi): RealClient {
  let token: string | null = null;
  const client = createChannelClient({
    endpoint: api.graphqlUrl,
    keyStore: createMemoryKeyStore(),
    channelKey: SUMMIT.channelKey,
    getToken: () => token,
    retry: { delayMs: 20 },
    reporting: false,
  });
  return {
    client,
    async login(email) {
      const { session } = await client.request(LoginDocument, { email, password: DEMO_PASSWORD });
      if (!session) throw new Error(`login of ${email} answered no session`);
      token = session.token;
      return { id: session.user.id, capabilities: session.user.capabilities.filter((c): c is string => c !== null) };
    },
  };
}
