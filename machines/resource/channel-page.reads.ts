/** The read of a channel page's content (GET /pages/{alias}), by the page's alias. */
import { PageDocument } from '../../mesh/client/generated/documents/Page';
import { defineRead } from './read';

export const channelPageRead = defineRead<string, string>('channelPage', async ({ cache }, alias, signal) => {
  const { page } = await cache.request(PageDocument, { alias }, { signal });
  return page?.content ?? '';
});
