import { listWatchProgress, type ProgressItemType, type ProgressReport, removeWatchProgress, saveWatchProgress } from '../domain/watch-progress';
import { type Handlers, viewerOf } from '../http/context';
import { wholeList } from '../http/paging';

export const watchProgressHandlers: Handlers = {
  listWatchProgress(ctx) {
    return wholeList(listWatchProgress(ctx.services.db, viewerOf(ctx)));
  },

  saveWatchProgress(ctx) {
    const { item_type, item_id, position, duration } = ctx.body as unknown as ProgressReport;
    return saveWatchProgress(ctx.services.db, viewerOf(ctx), { item_type, item_id, position, duration }, ctx.now);
  },

  removeWatchProgress(ctx) {
    removeWatchProgress(ctx.services.db, viewerOf(ctx).id, ctx.params['item_type'] as ProgressItemType, ctx.params['item_id'] as number);
    return { message: 'Removed from continue watching' };
  },
};
