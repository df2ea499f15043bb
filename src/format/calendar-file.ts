/**
 * "Add to calendar" for an upcoming game (issue 30): the game as an iCalendar file (RFC 5545) with one event, which
 * every calendar (Google, Apple, Outlook) imports. Pure: no React, no DOM; the caller passes the channel's public
 * origin and the time the file is made.
 */

/** What the file says about the game. */
export interface CalendarGame {
  id: number;
  /** The title as the app shows it (`eventTitle`). */
  title: string;
  /** Unix seconds (`event_utc_ts`). */
  startUtcSeconds: number;
  /** Seconds (`duration`); zero or less when the channel did not say. */
  durationSeconds: number;
  /** The venue as the watch page shows it (`eventPlace`), or null when the game has none. */
  place: string | null;
  description: string;
}

/** The channel the game is on, as the viewer reaches it. */
export interface CalendarChannel {
  /** The channel's name (its settings), for PRODID. */
  name: string;
  /**
   * The app's own public origin (`window.location.origin`: the host the viewer opened, the channel's). Never the API's
   * or an internal address: the link in a calendar is opened later, from anywhere.
   */
  origin: string;
}

/**
 * Length of a game whose channel gave none. A calendar event without an end shows as a point in time or as a whole
 * day depending on the calendar; three hours covers most broadcasts (the reference channels' games run two to three
 * and a half) so the viewer's day shows the game as busy for about as long as it lasts.
 */
const DEFAULT_DURATION_SECONDS = 3 * 3600;

/** RFC 5545 §3.1: a content line is at most 75 octets, not counting its CRLF; continuation lines start with a space. */
const LINE_OCTETS = 75;

/** The longest file name offered, in characters; a title can be as long as the channel typed it. */
const FILE_NAME_CHARS = 60;

/**
 * The game as an iCalendar file: one VCALENDAR with one VEVENT, lines folded at 75 octets and ended by CRLF.
 *
 * The UID is the game's id on the channel's host, so adding the same game again (after a time change, say) updates
 * the entry rather than adding a second one. `now` is DTSTAMP, the moment the file was made.
 */
export function calendarFile(game: CalendarGame, channel: CalendarChannel, now: Date): string {
  const origin = new URL(channel.origin);
  const link = new URL(`/watch/${game.id}`, origin).href;
  const duration = Number.isFinite(game.durationSeconds) && game.durationSeconds > 0 ? game.durationSeconds : DEFAULT_DURATION_SECONDS;
  const start = new Date(game.startUtcSeconds * 1000);
  const end = new Date((game.startUtcSeconds + duration) * 1000);
  // The description carries the link too: several calendars never show the URL property.
  const description = game.description.trim() === '' ? link : `${game.description.trim()}\n\n${link}`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(channel.name)}//Add to calendar//EN`,
    'CALSCALE:GREGORIAN',
    // An event to add, not an invitation to answer (Outlook asks otherwise).
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:event-${game.id}@${origin.host}`,
    `DTSTAMP:${utcDateTime(now)}`,
    `DTSTART:${utcDateTime(start)}`,
    `DTEND:${utcDateTime(end)}`,
    `SUMMARY:${escapeText(game.title)}`,
    ...(game.place ? [`LOCATION:${escapeText(game.place)}`] : []),
    `DESCRIPTION:${escapeText(description)}`,
    // A URI value, not TEXT: its commas and semicolons are the link's own and are not escaped.
    `URL:${link}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** A UTC date-time as RFC 5545 writes it: `YYYYMMDDTHHMMSSZ` (form 2, no fractions). */
export function utcDateTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/u, 'Z').replace(/[-:]/gu, '');
}

/**
 * A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, every line break (CRLF, CR or LF) written
 * `\n`. Other control characters but the tab are dropped: TEXT does not allow them, and a calendar could read one as
 * the end of the line.
 */
export function escapeText(text: string): string {
  return text
    .replace(/[\\;,]/gu, (c) => `\\${c}`)
    .replace(/\r\n|\r|\n/gu, '\\n')
    .replace(/\p{Cc}/gu, (c) => (c === '\t' ? c : ''));
}

/**
 * One content line folded at 75 octets of UTF-8 (RFC 5545 §3.1): each continuation line starts with a space, which
 * counts toward its 75. A line breaks between characters, never inside one: a split "é" would be invalid UTF-8 in
 * both halves.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let part = '';
  let octets = 0;
  // for...of walks code points, so a character outside the BMP (two UTF-16 units) stays whole too.
  for (const char of line) {
    const size = utf8Octets(char.codePointAt(0) ?? 0);
    const limit = parts.length === 0 ? LINE_OCTETS : LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(part);
      part = '';
      octets = 0;
    }
    part += char;
    octets += size;
  }
  parts.push(part);
  return parts.join('\r\n ');
}

function utf8Octets(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint < 0x10000) return 3;
  return 4;
}

/**
 * A file name for the game's calendar file: the title's letters and digits (accents kept), anything else between
 * them one dash, at most 60 characters, ending `.ics`. Nothing a file system refuses (slashes, colons, quotes, control
 * characters) and no leading dot survives; a title with no letters or digits gives `game.ics`.
 */
export function calendarFileName(title: string): string {
  const words = title.normalize('NFC').replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/gu, '');
  const short = Array.from(words).slice(0, FILE_NAME_CHARS).join('').replace(/-+$/u, '');
  return `${short === '' ? 'game' : short}.ics`;
}
