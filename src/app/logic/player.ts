/**
 * The player: the client for the details and the grant, the preroll rules with the viewer's no_ads flag and local
 * storage, hls.js on the player's `<video>` element, the viewer's captions language kept in storage, and the
 * analytics session for the first frame and the time watched, told through the app's actor system (each view, from
 * its first frame on, has its own UUID: a replay or a retry is a new view).
 */
import { type EventObject, fromCallback, sendTo } from 'xstate';
import { playerControlsMachine } from '../../../machines/playback-controls/playback-controls.machine';
import type { RememberCaptions } from '../../../machines/playback-controls/playback-controls.types';
import { createPlayerActors } from '../../../machines/player/player.actors';
import { playerMachine } from '../../../machines/player/player.machine';
import type { FirstFrameParams } from '../../../machines/player/player.types';
import { createHlsStream } from '../../adapters/hls-player';
import type { ExpiringStorage } from '../../adapters/storage';
import type { CoreActors } from './core-logic';
import { addressesIn } from './system';
import { whenViewerKnown } from './viewer-known';
import { viewingClassification } from './viewing';

/** The stream analytics names: a clip by its own id (a shared one's route id is its event's), else the source. */
function analyticsStream({ source, details, grant }: FirstFrameParams): { streamId: number; streamType: 'live' | 'vod' | 'clip' } {
  if (details?.kind === 'clip') return { streamId: details.clip.id, streamType: 'clip' };
  return { streamId: source.id, streamType: source.kind === 'clip' || source.kind === 'sharedClip' ? 'clip' : grant.streamType };
}

/** Where the viewer's captions language is kept (storage adapter, default lifetime); absent means off. */
export const STORED_CAPTIONS = 'player-captions';

/** The controls' `captionsMemory` port: tells them the kept language when they start, and keeps the one they choose. */
function captionsMemory(storage: ExpiringStorage) {
  return fromCallback<EventObject>(({ sendBack, receive }) => {
    const language = storage.get(STORED_CAPTIONS);
    if (language) sendBack({ type: 'memory.captions', language });
    receive((event) => {
      const { language: chosen } = event as RememberCaptions;
      if (chosen === null) storage.remove(STORED_CAPTIONS);
      else storage.set(STORED_CAPTIONS, chosen);
    });
  });
}

export function providePlayer(core: Pick<CoreActors, 'storage' | 'session' | 'appLoad' | 'early' | 'system'>): typeof playerMachine {
  const { storage, session, appLoad } = core;
  const to = addressesIn(core.system);
  const views = new WeakMap<object, string>();
  /** The view a player actor is on: a new one from each first frame. */
  const viewOf = (player: object, fresh: boolean): string => {
    const known = fresh ? undefined : views.get(player);
    const viewUuid = known ?? crypto.randomUUID();
    views.set(player, viewUuid);
    return viewUuid;
  };
  return playerMachine.provide({
    actors: {
      ...createPlayerActors({
        // The grant the entry asked for already (src/app/early-watch.ts), when it is this viewer's.
        client: core.early.client,
        preroll: {
          // Who watches is known once the session has settled: a kept token restored and its profile (with the
          // capabilities) loaded, or no viewer at all. A watch page may hold its grant before then.
          viewer: () => whenViewerKnown(session),
          storage: {
            read: (key) => {
              const stored = storage.get(key);
              return stored === null || !Number.isFinite(Number(stored)) ? null : Number(stored);
            },
            // Kept until prerolls may play again, then the entry expires by itself.
            write: (key, untilMs) => storage.set(key, String(untilMs), Math.max(untilMs - Date.now(), 0)),
          },
          clock: { now: () => Date.now() },
          random: () => Math.random(),
        },
      }),
      stream: createHlsStream(),
      controls: playerControlsMachine.provide({ actors: { captionsMemory: captionsMemory(storage) } }),
    },
    actions: {
      reportFirstFrame: sendTo(to('analytics'), ({ self }, params) => ({
        type: 'video.event',
        video: { viewUuid: viewOf(self, true), ...analyticsStream(params), event: 'first_frame' as const },
      })),
      reportViewing: sendTo(to('analytics'), ({ self }, params) => ({
        type: 'video.viewing',
        video: {
          viewUuid: viewOf(self, false),
          ...analyticsStream(params),
          viewingTime: Math.round(params.seconds),
          ...viewingClassification(params.details, appLoad.getSnapshot().context.parts),
        },
      })),
    },
  });
}
