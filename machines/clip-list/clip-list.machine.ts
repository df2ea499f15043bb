/**
 * The viewer's clips on /profile/clips (SPEC §2, §7 GET /clips/user): the list is read, then each row gets its own
 * clip actor, spawned here as xstate's examples spawn one actor per list item. Each follows its clip on its own (a
 * queued one turns processed or failed on screen; a processed one is shared, downloaded or deleted), so what happens
 * to one row leaves the others as they are.
 */
import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { clipMachine } from '../clip/clip.machine';
import type { Clip } from '../clip/clip.types';
import { notProvided } from '../shared/not-provided';

/**
 * A clip of the viewer's as the list reads it: with its game's name.
 *
 * @public
 */
export type ListedClip = Clip & { event_name: string };

/** One row: the clip as listed, and the actor that follows it. */
export interface ClipListRow {
  clip: ListedClip;
  actor: ActorRefFrom<typeof clipMachine>;
}

/** @public */
export interface ClipListInput {
  /** The viewer's download_clip capability (SPEC §3), handed to every row's clip. */
  canDownload: boolean;
}

/** @public */
export interface ClipListContext {
  canDownload: boolean;
  /** Newest first, as listed; empty until the list is read. */
  rows: ClipListRow[];
}

/** @public */
export type ClipListEvent = { type: 'user.retry' };

/** The id of a row's clip actor among the list's children. */
export const clipActorId = (clip: Pick<Clip, 'id'>): string => `clip-${clip.id}`;

export const clipListMachine = setup({
  types: {
    context: {} as ClipListContext,
    events: {} as ClipListEvent,
    input: {} as ClipListInput,
    tags: {} as 'busy' | 'failed' | 'listed',
  },
  actors: {
    // Safe default: nothing to read, so the list fails into its retry. The app reads the viewer's clips
    // (machines/resource/profile.reads.ts) and provides each row's clip with its real effects.
    loadClips: fromPromise<ListedClip[]>(notProvided('loadClips')),
    clip: clipMachine,
  },
  actions: {
    spawnRows: assign(({ context, spawn }, clips: ListedClip[]) => ({
      rows: clips.map((clip) => ({ clip, actor: spawn('clip', { id: clipActorId(clip), input: { clip, canDownload: context.canDownload } }) })),
    })),
  },
}).createMachine({
  id: 'clipList',
  description:
    "The viewer's clips, newest first: the list is read, then each row gets its own clip actor, which follows that " +
    'clip (queued, processed or failed; share, download, delete) without touching the others.',
  context: ({ input }) => ({ canDownload: input.canDownload, rows: [] }),
  initial: 'loading',
  states: {
    loading: {
      description: "Reading the viewer's clips.",
      tags: ['busy'],
      invoke: {
        id: 'loadClips',
        src: 'loadClips',
        onDone: {
          target: 'listed',
          actions: { type: 'spawnRows', params: ({ event }) => event.output },
          description: 'One clip actor per row, each following its own clip.',
        },
        onError: { target: 'failed', description: 'The list could not be read: the viewer may try again.' },
      },
    },
    failed: {
      description: 'The list could not be read.',
      tags: ['failed'],
      on: { 'user.retry': { target: 'loading', description: 'The viewer asks to read the list again.' } },
    },
    listed: {
      description: 'The rows are shown (or that there are none yet); each row\'s clip actor does the rest.',
      tags: ['listed'],
    },
  },
});
