/**
 * Clips and recordings: the browser's share sheet where there is one, else the link is copied and a toast says so;
 * a download is handed to the browser as a link to save; a clip's deletion is confirmed in the popup queue first.
 */
import { fromCallback } from 'xstate';
import { createClipCreationActors } from '../../../machines/clip-creation/clip-creation.actors';
import { clipCreationMachine } from '../../../machines/clip-creation/clip-creation.machine';
import type { DeletionAnswer, DeletionQuestion } from '../../../machines/clip-creation/clip-creation.types';
import { createDownloadActors } from '../../../machines/download/download.actors';
import { downloadMachine } from '../../../machines/download/download.machine';
import { saveLink } from '../../adapters/save-file';
import type { CoreActors } from './core-logic';
import { askPopup } from './popup-question';
import { addressesIn } from './system';

export function provideClipCreation(core: Pick<CoreActors, 'client' | 'system'>): typeof clipCreationMachine {
  const to = addressesIn(core.system);
  return clipCreationMachine.provide({
    actors: {
      ...createClipCreationActors({ client: core.client }),
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
          () => toasts.send({ type: 'toast.show', toast: { text: 'clips.linkCopied', type: 'success' } }),
          () => toasts.send({ type: 'toast.show', toast: { text: 'clips.copyYourself', type: 'info' } }),
        );
      },
      saveDownload: (_, download) => saveLink(download.url, download.file_name),
    },
  });
}

/** A game's download: the link over the client, saved by the browser. */
export function provideDownload(core: Pick<CoreActors, 'client'>): typeof downloadMachine {
  return downloadMachine.provide({
    actors: createDownloadActors({ client: core.client }),
    actions: { saveDownload: (_, download) => saveLink(download.url, download.file_name) },
  });
}

