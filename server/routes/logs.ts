/**
 * The log service (SPEC.md §7 "Error reporting"; a separate host in production, /log-service here).
 *
 * The app reports its failed calls with POST /logs; each entry is kept with the channel it names. `channel` must be
 * a known channel key (an alias is accepted too), so the service cannot be filled under made-up names. The app
 * never reports the log service's own failures (SPEC.md §7), and the service never records them either: a refused
 * report is answered and leaves nothing behind. Read-back (GET /logs) needs the operator's LOG_READ_TOKEN.
 */
import type { Db } from '../db/database';
import type { ChannelRow, Handlers } from '../http/context';
import { invalid } from '../http/errors';
import { limitClause, pagedList, pageFrom } from '../http/paging';
import { requireReadToken } from '../http/read-token';

const READ_DEFAULT_LIMIT = 50;
const REDACTED = '[redacted]';
/** Field names whose values never belong in a log, whatever the client forgot to remove. */
const SECRET_FIELD = /password|passwd|api_?key|token|secret|authorization|^cvc$|^cvv$|card_?number/i;
/** The same secrets carried as query parameters of a URL (the API key travels in the query for GET and DELETE). */
const SECRET_PARAMETER = /([?&](?:[a-z_]*password|api_?key|[a-z_]*token|[a-z_]*secret)=)[^&#\s"]*/gi;

interface LogBody {
  date: string;
  status: number;
  service: string;
  channel: string;
  message: string;
  request_data?: string | null;
  url: string;
}

interface LogRow {
  id: number;
  channel: string;
  channel_alias: string;
  date: string;
  status: number;
  service: string;
  message: string;
  request_data: string | null;
  url: string;
  received_at: number;
}

/** A channel by its key or, failing that, its alias. */
function channelNamed(db: Db, name: string): ChannelRow | undefined {
  return db
    .prepare<[string, string, string], ChannelRow>('SELECT * FROM channels WHERE channel_key = ? OR alias = ? ORDER BY channel_key = ? DESC LIMIT 1')
    .get(name, name, name);
}

function knownChannel(db: Db, name: string): ChannelRow {
  const channel = channelNamed(db, name);
  if (!channel) throw invalid({ channel: ['is not a known channel key or alias'] });
  return channel;
}

function redactValue(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(SECRET_PARAMETER, `$1${REDACTED}`);
  if (Array.isArray(value)) return value.map(redactValue);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, SECRET_FIELD.test(name) ? REDACTED : redactValue(inner)]));
  }
  return value;
}

/**
 * The request data without secrets: values of secret-looking fields and URL parameters become "[redacted]".
 * Text that needs no change is kept exactly as sent.
 */
function redactRequestData(text: string | null | undefined): string | null {
  if (text == null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text.replace(SECRET_PARAMETER, `$1${REDACTED}`);
  }
  const redacted = redactValue(parsed);
  return JSON.stringify(redacted) === JSON.stringify(parsed) ? text : JSON.stringify(redacted);
}

export const logHandlers: Handlers = {
  sendLog(ctx) {
    const { db } = ctx.services;
    const body = ctx.body as unknown as LogBody;
    const channel = knownChannel(db, body.channel);
    db.prepare(
      `INSERT INTO log_entries (channel_id, channel, date, status, service, message, request_data, url, received_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(channel.id, body.channel, body.date, body.status, body.service, body.message, redactRequestData(body.request_data), body.url, ctx.now);
    return { ok: true, received_at: ctx.now };
  },

  listLogs(ctx) {
    requireReadToken(ctx, ctx.services.config.logReadToken, 'LOG_READ_TOKEN');
    const { db } = ctx.services;
    const where: string[] = [];
    const args: Array<string | number> = [];
    if (typeof ctx.query['channel'] === 'string') {
      where.push('l.channel_id = ?');
      args.push(knownChannel(db, ctx.query['channel']).id);
    }
    if (typeof ctx.query['status'] === 'number') {
      where.push('l.status = ?');
      args.push(ctx.query['status']);
    }
    if (typeof ctx.query['since'] === 'number') {
      where.push('l.received_at >= ?');
      args.push(ctx.query['since']);
    }
    const sql = `FROM log_entries l JOIN channels c ON c.id = l.channel_id${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''}`;
    const page = pageFrom(ctx.query, READ_DEFAULT_LIMIT);
    const total = db.prepare<Array<string | number>, { n: number }>(`SELECT count(*) AS n ${sql}`).get(...args)!.n;
    const limit = limitClause(page);
    const rows = db
      .prepare<Array<string | number>, LogRow>(
        `SELECT l.id, l.channel, c.alias AS channel_alias, l.date, l.status, l.service, l.message, l.request_data, l.url, l.received_at
         ${sql} ORDER BY l.id DESC${limit.sql}`,
      )
      .all(...args, ...limit.args);
    return pagedList(rows, total, page);
  },
};
