/**
 * Clips and recordings: the browser's share sheet where there is one, else the link is copied and a toast says so;
 * a download is handed to the browser as a link to save; a clip's deletion is confirmed in the popup queue first.
 * One clip machine with these effects follows the clip being cut (clip creation's child) and each row of the
 * profile's list (the clip list's spawned actors); one download machine saves a game and each clip.
 */
import { fromCallback, fromPromise } from 'xstate';
import { createClipActors } from '../../../machines/clip/clip.actors';
import { clipMachine } from '../../../machines/clip/clip.machine';
import type { DeletionAnswer, DeletionQuestion } from '../../../machines/clip/clip.types';
import { createClipCreationActors } from '../../../machines/clip-creation/clip-creation.actors';
import { clipCreationMachine } from '../../../machines/clip-creation/clip-creation.machine';
import { clipListMachine, type ListedClip } from '../../../machines/clip-list/clip-list.machine';
import { createDownloadActors } from '../../../machines/download/download.actors';
import { downloadMachine } from '../../../machines/download/download.machine';
import { userClipsRead } from '../../../machines/resource/clips.reads';
import { saveLink } from '../../adapters/save-file';
import type { CoreActors } from './core-logic';
import { askPopup } from './popup-question';
import { addressesIn } from './system';

/** A game's or a clip's download: the link over the client, saved by the browser. */
export function provideDownload(core: Pick<CoreActors, 'client'>): typeof downloadMachine {
  return downloadMachine.provide({
    actors: createDownloadActors({ client: core.client }),
    actions: { saveDownload: (_, download) => saveLink(download.url, download.file_name) },
  });
}

/** One clip followed, with its download, its share sheet and its deletion popup. */
function provideClip(core: Pick<CoreActors, 'client' | 'system'>): typeof clipMachine {
  const to = addressesIn(core.system);
  return clipMachine.provide({
    actors: {
      ...createClipActors({ client: core.client }),
      download: provideDownload(core),
      confirmDeletion: fromCallback<DeletionAnswer, DeletionQuestion>(({ input, sendBack }) =>
        askPopup(to('popups')(), { kind: 'confirmClipDeletion', id: `clip-deletion-${input.clipId}`, data: { name: input.name } }, (confirmed) =>
          sendBack({ type: confirmed ? 'deletion.confirmed' : 'deletion.cancelled' }),
        ),
      ),
    },
    actions: {
      shareClip: (_, url) => {
        if (typeof navigator.share === 'function') {
          // Closing the share sheet rejects: nothing to tell.
          navigator.share({ url }).catch(() => undefined);
          return;
        }
        const toasts = to('toasts')();
        navigator.clipboard?.writeText(url).then(
          () => toasts.send({ type: 'toast.show', toast: { message: { key: 'clips.linkCopied' }, type: 'success' } }),
          () => toasts.send({ type: 'toast.show', toast: { message: { key: 'clips.copyYourself' }, type: 'info' } }),
        );
      },
    },
  });
}

export function provideClipCreation(core: Pick<CoreActors, 'client' | 'system'>): typeof clipCreationMachine {
  return clipCreationMachine.provide({
    actors: { ...createClipCreationActors({ client: core.client }), clip: provideClip(core) },
  });
}

/** The profile's clips: read fresh as the profile's reads are (they change with every clip), one clip actor per row. */
export function provideClipList(core: Pick<CoreActors, 'client' | 'cache' | 'system'>): typeof clipListMachine {
  return clipListMachine.provide({
    actors: {
      loadClips: fromPromise<ListedClip[]>(({ signal }) => userClipsRead.load({ client: core.client, cache: core.cache }, null, signal)),
      clip: provideClip(core),
    },
  });
}
