/**
 * The global error's real actor over the typed client. The app shell passes it with
 * `globalErrorMachine.provide({ actors: createGlobalErrorActors({ client }) })`, and starts the actor before the
 * first request so that the startup's own global error is seen too.
 */
import { fromCallback } from 'xstate';
import type { ChannelClient } from '../../mesh/client/transport';

/** Real implementation of `watchGlobalErrors`; stopping the actor unsubscribes. */
export function createGlobalErrorActors(deps: { client: ChannelClient }) {
  const { client } = deps;
  return {
    watchGlobalErrors: fromCallback(({ sendBack }) => client.events.on('globalError', (error) => sendBack({ type: 'client.globalError', error }))),
  };
}
