import { getVodMedia, listVodCategories, listVodMedia, listVodRails, searchVodMedia, type VodFilters, type VodSearch } from '../domain/vod';
import type { Handlers } from '../http/context';
import { pagedList, pageFrom, wholeList } from '../http/paging';

/** SPEC.md §5 and §9: VOD search defaults to limit 10, offset 0, sort_field date. */
const SEARCH_DEFAULT_LIMIT = 10;
const ITEMS_DEFAULT_LIMIT = 20;

export const vodHandlers: Handlers = {
  listVodMedia(ctx) {
    const page = pageFrom(ctx.query, ITEMS_DEFAULT_LIMIT);
    const { rows, total } = listVodMedia(ctx.services.db, ctx.channel.id, ctx.query as VodFilters, page);
    return pagedList(rows, total, page);
  },

  getVodMedia(ctx) {
    return getVodMedia(ctx.services.db, ctx.channel.id, ctx.params['id'] as number);
  },

  listVodCategories(ctx) {
    return wholeList(listVodCategories(ctx.services.db, ctx.channel.id));
  },

  searchVodMedia(ctx) {
    const page = pageFrom(ctx.query, SEARCH_DEFAULT_LIMIT);
    const { rows, total } = searchVodMedia(ctx.services.db, ctx.channel.id, ctx.query as VodSearch, page);
    return pagedList(rows, total, page);
  },

  listVodRails(ctx) {
    return wholeList(listVodRails(ctx.services.db, ctx.channel.id));
  },
};
