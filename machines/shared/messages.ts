/** Comparing messages (mesh/messages.ts) by what they say, for models and guards. */
import type { Message } from '../../mesh/messages';

/** A message's identity: its key (parameters aside), or the server's text as it came. */
export const messageId = (message: Message): string => ('key' in message ? message.key : message.text);
