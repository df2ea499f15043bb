/**
 * The one way a message from the app's logic reaches the screen (mesh/messages.ts): a key of the catalogue is
 * translated with its parameters into the viewer's language, a server's words it has no key for are shown as they
 * came.
 */
import { useTranslation } from 'react-i18next';
import type { Message } from '../../mesh/messages';
import type { MessageKey } from './locales/en';

/** The translator of messages for the viewer's language. */
export function useMessage(): (message: Message) => string {
  const { t } = useTranslation();
  // tests/src/messages.test.ts holds every key the logic writes to the catalogue.
  return (message) => ('key' in message ? t(message.key as MessageKey, message.params) : message.text);
}
