import type { Db } from '../db/database';
import { listEvents, listSessions, listVideoEvents, listVideoViewings, type ReadBackFilters } from '../domain/analytics-read-back';
import type { Page } from '../domain/queries';
import type { Handlers, RequestContext } from '../http/context';
import { pagedList, pageFrom } from '../http/paging';
import { requireReadToken } from '../http/read-token';

const READ_DEFAULT_LIMIT = 50;

type ReadBack<T> = (db: Db, filters: ReadBackFilters, page: Page) => { rows: T[]; total: number };

/** A read-back list, for holders of the operator's ANALYTICS_READ_TOKEN only. */
function readBack<T>(ctx: RequestContext, list: ReadBack<T>) {
  requireReadToken(ctx, ctx.services.config.analyticsReadToken, 'ANALYTICS_READ_TOKEN');
  const page = pageFrom(ctx.query, READ_DEFAULT_LIMIT);
  const { rows, total } = list(ctx.services.db, ctx.query as ReadBackFilters, page);
  return pagedList(rows, total, page);
}

export const analyticsReadBackHandlers: Handlers = {
  listAnalyticsSessions: (ctx) => readBack(ctx, listSessions),
  listAnalyticsEvents: (ctx) => readBack(ctx, listEvents),
  listVideoEvents: (ctx) => readBack(ctx, listVideoEvents),
  listVideoViewings: (ctx) => readBack(ctx, listVideoViewings),
};
