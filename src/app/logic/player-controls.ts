/**
 * The player's controls (machines/playback-controls) as the app runs them, loaded on demand by the player's
 * `loadControls` (src/app/logic/player.ts): their commands go to the player, and the viewer's captions language is kept
 * in the app's storage.
 */
import { type EventObject, fromCallback } from 'xstate';
import { playerControlsMachine } from '../../../machines/playback-controls/playback-controls.machine';
import type { RememberCaptions } from '../../../machines/playback-controls/playback-controls.types';
import type { ExpiringStorage } from '../../adapters/storage';

/** Where the viewer's captions language is kept (storage adapter, default lifetime); absent means off. */
const STORED_CAPTIONS = 'player-captions';

/** The controls' `captionsMemory` port: tells them the kept language when they start, and keeps the one they choose. */
function captionsMemory(storage: ExpiringStorage) {
  return fromCallback<EventObject, void>(({ sendBack, receive }) => {
    const language = storage.get(STORED_CAPTIONS);
    if (language) sendBack({ type: 'memory.captions', language });
    receive((event) => {
      const { language: chosen } = event as RememberCaptions;
      if (chosen === null) storage.remove(STORED_CAPTIONS);
      else storage.set(STORED_CAPTIONS, chosen);
    });
  });
}

/** The controls' machine with the app's captions memory. */
export function providePlayerControls(storage: ExpiringStorage) {
  return playerControlsMachine.provide({ actors: { captionsMemory: captionsMemory(storage) } });
}
