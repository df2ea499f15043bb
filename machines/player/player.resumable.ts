/**
 * What keeps a position (continue watching): a replay (an event played as VOD) or a library video; a live game and a
 * clip keep none. Its own small module: the player asks it before loading the progress code (player.progress.ts),
 * which a live game or a clip then never loads.
 */
import type { WatchProgressItemType } from '../../mesh/client/generated/graphql';
import type { FirstFrameParams } from './player.types';

/** The item a position is kept for, or null. */
export function progressItemOf({ source, grant }: Pick<FirstFrameParams, 'source' | 'grant'>): { type: WatchProgressItemType; id: number } | null {
  if (source.kind === 'event') return grant.streamType === 'vod' ? { type: 'event', id: source.id } : null;
  return source.kind === 'vod' ? { type: 'vod_item', id: source.id } : null;
}
