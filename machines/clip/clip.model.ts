/** Model of one followed clip (machines/clip): queued, processed or failed as the API answers it; shared, downloaded, deleted. */
import { clipMachine } from './clip.machine';
import type { Clip } from './clip.types';
import type { PollingOutput } from '../polling/polling.machine';
import { SOMETHING_WENT_WRONG } from '../shared/failures';
import { defineModel } from '../shared/machine-model';

const EVENT_ID = 42;

/** A clip just cut, as the API lists it while it is being processed (clip-creation's model cuts the same one). */
export const queued: Clip = {
  id: 9,
  uuid: '2f1d6c8e-1111-4aaa-8bbb-000000000009',
  event_id: EVENT_ID,
  name: 'Overtime winner',
  start_time: 30,
  duration: 15,
  tags: ['DEFAULT'],
  status: 'queued',
  created_at: 1_700_000_000,
  share_url: null,
  playlist_url: null,
};
const processed: Clip = {
  ...queued,
  status: 'processed',
  share_url: `http://app.test/share/${EVENT_ID}/${queued.uuid}`,
  playlist_url: `http://app.test/media/clips/${queued.uuid}/index.m3u8`,
};
const failed: Clip = { ...queued, status: 'failed' };

export const clipModel = defineModel({
  machine: clipMachine,
  inputs: [
    // Just cut (or still queued when the list opens), with clip downloads.
    { clip: queued, canDownload: true },
    // Ready when the list opens, without clip downloads.
    { clip: processed, canDownload: false },
    // Failed before the list opened: only listed.
    { clip: failed, canDownload: true },
  ],
  outputs: {
    // Polling bears every failed check (the 5-minute limit ends it): it ends processed, failed, or with the clip gone.
    pollClip: [
      { result: 'done', value: processed },
      { result: 'failed', value: failed },
      { result: 'failed', value: null },
    ] satisfies PollingOutput<Clip | null>[],
    deleteClip: [undefined],
  },
  errors: {
    pollClip: [new Error('polling stopped')],
    deleteClip: [new Error('server error')],
  },
  abstractState: (snapshot) => ({
    value: snapshot.value,
    clip: snapshot.context.clip.status,
    canDownload: snapshot.context.canDownload,
    failure: snapshot.context.failure,
    message: snapshot.context.message,
  }),
  check: (snapshot, step) => {
    const { clip, failure, message } = snapshot.context;
    if (snapshot.hasTag('processing') && clip.status !== 'queued') throw new Error('processing without a queued clip');
    if (snapshot.hasTag('ready') && (clip.status !== 'processed' || clip.share_url === null)) {
      throw new Error('ready without a processed clip and its share link');
    }
    if (snapshot.hasTag('failed') && failure === null) throw new Error('failed without a reason');
    if (snapshot.status === 'done' && snapshot.output?.status !== (snapshot.hasTag('deleted') ? 'deleted' : 'failed')) {
      throw new Error(`ended with ${JSON.stringify(snapshot.output)}`);
    }
    if (message !== null && message !== SOMETHING_WENT_WRONG) throw new Error(`unexpected message "${message}"`);
    // The share sheet is handed the processed clip's own link, and nothing else.
    for (const shared of step.actions.filter((a) => a.type === 'shareClip')) {
      if (shared.params !== clip.share_url) throw new Error(`shared ${String(shared.params)}`);
    }
  },
});
