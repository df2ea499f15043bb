/** Model of the profile's clip list (machines/clip-list): read or not, and one clip actor per row. */
import { clipActorId, clipListMachine, type ListedClip } from './clip-list.machine';
import { defineModel } from '../shared/machine-model';

const queued: ListedClip = {
  id: 9,
  uuid: '2f1d6c8e-1111-4aaa-8bbb-000000000009',
  event_id: 42,
  name: 'Overtime winner',
  start_time: 30,
  duration: 15,
  tags: ['DEFAULT'],
  status: 'queued',
  created_at: 1_700_000_200,
  share_url: null,
  playlist_url: null,
  event_name: 'Summit at Boréal',
};
const processed: ListedClip = {
  ...queued,
  id: 8,
  uuid: '2f1d6c8e-1111-4aaa-8bbb-000000000008',
  name: 'Buzzer beater',
  status: 'processed',
  created_at: 1_700_000_100,
  share_url: 'http://app.test/share/42/2f1d6c8e-1111-4aaa-8bbb-000000000008',
  playlist_url: 'http://app.test/media/clips/2f1d6c8e-1111-4aaa-8bbb-000000000008/index.m3u8',
};
const failed: ListedClip = { ...queued, id: 7, name: 'Missed it', status: 'failed', created_at: 1_700_000_000 };

export const clipListModel = defineModel({
  machine: clipListMachine,
  inputs: [{ canDownload: true }, { canDownload: false }],
  outputs: {
    // No clips yet, or one of each status.
    loadClips: [[], [queued, processed, failed]],
  },
  errors: {
    loadClips: [new Error('network down')],
  },
  abstractState: (snapshot) => ({
    value: snapshot.value,
    canDownload: snapshot.context.canDownload,
    rows: snapshot.context.rows.map((row) => row.clip.id),
  }),
  check: (snapshot) => {
    const { canDownload, rows } = snapshot.context;
    if (!snapshot.hasTag('listed') && rows.length > 0) throw new Error('rows before the list was read');
    // Each row has its own actor, following its own clip with the viewer's clip downloads.
    const actors = new Set(rows.map((row) => row.actor));
    if (actors.size !== rows.length) throw new Error('two rows share an actor');
    for (const row of rows) {
      if (row.actor.id !== clipActorId(row.clip)) throw new Error(`row ${row.clip.id} follows ${row.actor.id}`);
      const followed = row.actor.getSnapshot().context;
      if (followed.clip.id !== row.clip.id || followed.canDownload !== canDownload) {
        throw new Error(`row ${row.clip.id}'s actor follows ${JSON.stringify(followed)}`);
      }
    }
  },
});
