/**
 * The player: the client for the details and the grant, the preroll rules with the viewer's no_ads flag and local
 * storage, hls.js on the player's `<video>` element, the viewer's captions language kept in storage, and the
 * analytics session for the first frame and the time watched, told through the app's actor system (each view, from
 * its first frame on, has its own UUID: a replay or a retry is a new view). The same reports save a signed-in viewer's
 * place in a replay or library video (continue watching, machines/player/player.progress.ts).
 */
import { enqueueActions, fromPromise, sendTo } from 'xstate';
import { createPlayerActors } from '../../../machines/player/player.actors';
import { playerMachine } from '../../../machines/player/player.machine';
import type { FirstFrameParams, ViewingParams } from '../../../machines/player/player.types';
import { createHlsStream } from '../../adapters/hls-player';
import type { CoreActors } from './core-logic';
import { addressesIn } from './system';
import { whenViewerKnown } from './viewer-known';
import { viewingClassification } from './viewing';
import type { ProgressSaver } from '../../../machines/player/player.progress';

/** The stream analytics names: a clip by its own id (a shared one's route id is its event's), else the source. */
function analyticsStream({ source, details, grant }: FirstFrameParams): { streamId: number; streamType: 'live' | 'vod' | 'clip' } {
  if (details?.kind === 'clip') return { streamId: details.clip.id, streamType: 'clip' };
  return { streamId: source.id, streamType: source.kind === 'clip' || source.kind === 'sharedClip' ? 'clip' : grant.streamType };
}

export function providePlayer(core: Pick<CoreActors, 'storage' | 'session' | 'appLoad' | 'early' | 'system' | 'client'>): typeof playerMachine {
  const { storage, session, appLoad } = core;
  let saver: Promise<ProgressSaver> | null = null;
  /** Continue watching: the saver loads with the first report, and keeps what a signed-in viewer's replay reports. */
  const saveProgress = (params: ViewingParams) => {
    saver ??= import('../../../machines/player/player.progress').then(({ createProgressSaver }) =>
      createProgressSaver({ client: core.client, signedIn: () => session.getSnapshot().context.profile !== null }),
    );
    void saver.then((save) => save(params));
  };
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
      // The controls' machine loads on demand, while hls.js does (the first load has no room for it).
      loadControls: fromPromise(async () => (await import('./player-controls')).providePlayerControls(storage)),
    },
    actions: {
      reportFirstFrame: sendTo(to('analytics'), ({ self }, params) => ({
        type: 'video.event',
        video: { viewUuid: viewOf(self, true), ...analyticsStream(params), event: 'first_frame' as const },
      })),
      reportViewing: enqueueActions(({ enqueue, self }, params: ViewingParams) => {
        enqueue.sendTo(to('analytics'), {
          type: 'video.viewing',
          video: {
            viewUuid: viewOf(self, false),
            ...analyticsStream(params),
            viewingTime: Math.round(params.seconds),
            ...viewingClassification(params.details, appLoad.getSnapshot().context.parts),
          },
        });
        enqueue(() => saveProgress(params));
      }),
    },
  });
}
