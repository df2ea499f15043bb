/** The channel's own content read when a page shows: a channel page (GET /pages/{alias}) and the FAQ (GET /faq). */
import { PageDocument } from '../../mesh/client/generated/documents/Page';
import { FaqDocument } from '../../mesh/client/generated/documents/Faq';
import { defineRead } from './read';

export const channelPageRead = defineRead<string, string>('channelPage', async ({ cache }, alias, signal) => {
  const { page } = await cache.request(PageDocument, { alias }, { signal });
  return page?.content ?? '';
});

/** A question of the FAQ page (GET /faq), in the channel's order; the answer is HTML, sanitized where it is shown. */
export interface FaqEntry {
  id: number;
  question: string;
  answer: string;
}

export const faqRead = defineRead<null, FaqEntry[]>('faq', async ({ cache }, _params, signal) => {
  const { faq } = await cache.request(FaqDocument, {}, { signal });
  return (faq?.data ?? []).flatMap((item) => (item ? [{ id: item.id, question: item.question, answer: item.answer }] : []));
});
