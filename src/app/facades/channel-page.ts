/** The content of a channel page (SPEC §2 channel pages), read when the page's route shows. */
import { channelPageRead } from '../../../machines/resource/channel-page.reads';
import { type ReadStatus, useRead } from './read';

export function useChannelPageContent(alias: string): { status: ReadStatus; content: string | null; retry(): void } {
  const { status, data, retry } = useRead(channelPageRead, alias);
  return { status, content: data, retry };
}
