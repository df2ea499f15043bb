/**
 * The read of a channel page's content (GET /pages/{alias}) for the resource machine:
 * `resourceMachine.provide({ actors: createChannelPageActors({ client }) })`, input `{ params: alias }`.
 */
import { fromPromise } from 'xstate';
import { PageDocument } from '../../mesh/client/generated/documents/Page';
import type { ChannelClient } from '../../mesh/client/transport';

export function createChannelPageActors(deps: { client: ChannelClient }) {
  return {
    load: fromPromise<unknown, unknown>(async ({ input, signal }) => {
      if (typeof input !== 'string') throw new Error('a channel page is read by its alias');
      const { page } = await deps.client.request(PageDocument, { alias: input }, { signal });
      return page?.content ?? '';
    }),
  };
}
