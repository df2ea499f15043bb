/**
 * "Continue watching" (README.md, the contract's GET /watch_progress): the signed-in viewer's unfinished replays and
 * library videos, most recently watched first. Read from the client itself, never through the store cache: the
 * answer is the viewer's own and changes while they watch, so each visit to home reads it afresh.
 */
import { WatchProgressDocument } from '../../mesh/client/generated/documents/WatchProgress';
import type { WatchProgressQuery } from '../../mesh/client/generated/graphql';
import { defineRead, present } from './read';

/** One card of the row: what was watched, how far, and the app's page that plays it. */
export type ContinueItem = NonNullable<NonNullable<NonNullable<WatchProgressQuery['progress']>['data']>[number]>;

/** `viewer` is the signed-in viewer's id (another viewer is another read); a visitor (null) has no row to ask for. */
export const continueWatchingRead = defineRead<number | null, ContinueItem[]>('continueWatching', async ({ client }, viewer, signal) => {
  if (viewer === null) return [];
  const { progress } = await client.request(WatchProgressDocument, {}, { signal });
  return present(progress?.data);
});
