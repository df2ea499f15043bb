/** The root of the app's actor system (system.ts); only the entry (core-logic.ts) imports it. */
import { type Actor, type AnyActorRef, createActor, setup, stopChild } from 'xstate';

/** What the root hears: a request to stop one of its actors, and a failure of one that nobody watched. */
type RootEvent = { type: 'actor.stop'; actor: AnyActorRef } | { type: `xstate.error.actor.${string}`; error: unknown };

/**
 * The system's root: a machine with no state of its own, created first and started at once, so that the actors
 * created with it as their `parent` share its system (and its clock for delayed events). XState stops such an actor
 * only through its parent (`actor.stop`). A flow that fails with nobody watching it is reported to its parent, this
 * root, which throws it where the page's error handler hears it, as XState does for an actor without a parent.
 */
const appSystemMachine = setup({ types: { events: {} as RootEvent } }).createMachine({
  id: 'appSystem',
  on: {
    'actor.stop': { actions: stopChild(({ event }) => (event as RootEvent & { type: 'actor.stop' }).actor) },
    'xstate.error.actor.*': {
      actions: ({ event }) =>
        setTimeout(() => {
          throw (event as { error: unknown }).error;
        }),
    },
  },
});

/** The root of the app's actor system. */
export type AppSystemRoot = Actor<typeof appSystemMachine>;

export function createAppSystem(): AppSystemRoot {
  return createActor(appSystemMachine).start();
}
