/**
 * The log service (SPEC.md §7 "Error reporting"; a separate host in production, /log-service here).
 *
 * The app reports its failed calls with POST /logs; each entry is kept with the channel it names. `channel` must be
 * a known channel key (an alias is accepted too), so the service cannot be filled under made-up names. The app
 * never reports the log service's own failures (SPEC.md §7), and the service never records them either: a refused
 * report is answered and leaves nothing behind. Read-back (GET /logs) needs the operator's LOG_READ_TOKEN.
 */
import type { Db } from '../db/database';
import { channelByKeyOrAlias, type ChannelRow } from './channels';
import { invalid } from './errors';
import { Conditions, type Page, selectPage } from './queries';

const REDACTED = '[redacted]';
/** Field names whose values never belong in a log, whatever the client forgot to remove. */
const SECRET_FIELD = /password|passwd|api_?key|token|secret|authorization|^cvc$|^cvv$|card_?number/i;
/** The same secrets carried as query parameters of a URL (the API key travels in the query for GET and DELETE). */
const SECRET_PARAMETER = /([?&](?:[a-z_]*password|api_?key|[a-z_]*token|[a-z_]*secret)=)[^&#\s"]*/gi;

export interface LogReport {
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

export interface LogFilters {
  /** A channel key or alias. */
  channel?: string;
  status?: number;
  /** Entries received at or after this time. */
  since?: number;
}

function knownChannel(db: Db, name: string): ChannelRow {
  const channel = channelByKeyOrAlias(db, name);
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

export function recordLog(db: Db, report: LogReport, now: number): void {
  const channel = knownChannel(db, report.channel);
  db.prepare(
    `INSERT INTO log_entries (channel_id, channel, date, status, service, message, request_data, url, received_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(channel.id, report.channel, report.date, report.status, report.service, report.message, redactRequestData(report.request_data), report.url, now);
}

/** The log entries received, newest first. */
export function listLogs(db: Db, filters: LogFilters, page: Page) {
  const where = new Conditions();
  if (filters.channel !== undefined) where.add('l.channel_id = ?', knownChannel(db, filters.channel).id);
  if (filters.status !== undefined) where.add('l.status = ?', filters.status);
  if (filters.since !== undefined) where.add('l.received_at >= ?', filters.since);
  return selectPage<LogRow>(
    db,
    {
      select: 'l.id, l.channel, c.alias AS channel_alias, l.date, l.status, l.service, l.message, l.request_data, l.url, l.received_at',
      from: 'log_entries l JOIN channels c ON c.id = l.channel_id',
      where,
      order: 'l.id DESC',
    },
    page,
  );
}
