/**
 * The reload screen's real actors over the typed client. The app shell passes them with
 * `reloadScreenMachine.provide({ actors: createReloadScreenActors({ client }), actions: { reloadPage } })`.
 */
import { fromCallback, fromPromise } from 'xstate';
import type { ChannelClient } from '../../mesh/client/transport';

/** Real implementations of `watchKeyErrors` and `requestKey`. */
export function createReloadScreenActors(deps: { client: ChannelClient }) {
  const { client } = deps;
  return {
    watchKeyErrors: fromCallback(({ sendBack }) => client.events.on('keyError', (error) => sendBack({ type: 'client.keyError', error }))),
    // Forgets both stored keys and asks for new ones (the channel key, then an API key).
    requestKey: fromPromise<string>(() => client.renewKeys()),
  };
}
