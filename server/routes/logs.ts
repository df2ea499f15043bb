import { type LogFilters, type LogReport, listLogs, recordLog } from '../domain/logs';
import type { Handlers } from '../http/context';
import { pagedList, pageFrom } from '../http/paging';
import { requireReadToken } from '../http/read-token';

const READ_DEFAULT_LIMIT = 50;

/** The log service: its rules are told in server/domain/logs.ts. */
export const logHandlers: Handlers = {
  sendLog(ctx) {
    recordLog(ctx.services.db, ctx.body as unknown as LogReport, ctx.now);
    return { ok: true, received_at: ctx.now };
  },

  listLogs(ctx) {
    requireReadToken(ctx, ctx.services.config.logReadToken, 'LOG_READ_TOKEN');
    const page = pageFrom(ctx.query, READ_DEFAULT_LIMIT);
    const { rows, total } = listLogs(ctx.services.db, ctx.query as LogFilters, page);
    return pagedList(rows, total, page);
  },
};
