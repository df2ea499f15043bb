import { addFavorite, type FavoritableType, listFavorites, removeFavorite } from '../domain/favorites';
import { type Handlers, viewerOf } from '../http/context';
import { wholeList } from '../http/paging';

export const favoriteHandlers: Handlers = {
  listFavorites(ctx) {
    return wholeList(listFavorites(ctx.services.db, viewerOf(ctx).id));
  },

  addFavorite(ctx) {
    const { favoritable_id: targetId, favoritable_type: type } = ctx.body as { favoritable_id: number; favoritable_type: FavoritableType };
    return addFavorite(ctx.services.db, viewerOf(ctx), type, targetId, ctx.now);
  },

  removeFavorite(ctx) {
    removeFavorite(ctx.services.db, viewerOf(ctx).id, ctx.params['id'] as number);
    return { message: 'Favourite removed' };
  },
};
