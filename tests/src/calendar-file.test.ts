import { describe, expect, it } from 'vitest';
import { type CalendarGame, calendarFile, calendarFileName, escapeText, foldLine, utcDateTime } from '../../src/format/calendar-file';
import { eventPlace } from '../../src/format/place';

/** Unix seconds of an ISO instant, as the API's `event_utc_ts`. */
const utc = (iso: string) => Date.parse(iso) / 1000;
const octets = (text: string) => Buffer.byteLength(text, 'utf8');

const game: CalendarGame = {
  id: 42,
  title: 'Lakers @ Huskies',
  startUtcSeconds: utc('2026-12-05T00:30:00Z'),
  durationSeconds: 150 * 60,
  place: 'Northfield Arena, Northfield, MN',
  description: 'A North Country rivalry renewed.',
};
const summit = { name: 'Summit Sports Network', origin: 'http://summit.localhost:4173' };
const made = new Date('2026-11-26T15:00:00.123Z');

/** The file's content lines, unfolded (RFC 5545 §3.1: a CRLF followed by a space is removed). */
function unfolded(file: string): string[] {
  return file.replace(/\r\n /g, '').split('\r\n').slice(0, -1);
}

/** The value of the first property `name` in the file. */
function property(file: string, name: string): string | undefined {
  return unfolded(file)
    .find((line) => line.startsWith(`${name}:`))
    ?.slice(name.length + 1);
}

describe('calendarFile', () => {
  const file = calendarFile(game, summit, made);

  it('is one VCALENDAR holding one VEVENT, every line ended by CRLF', () => {
    expect(file.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(file.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(unfolded(file).filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
    // No bare LF or CR: each one is half of a CRLF.
    expect(file.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('names the channel in PRODID and says it is an event to add', () => {
    expect(property(file, 'PRODID')).toBe('-//Summit Sports Network//Add to calendar//EN');
    expect(property(file, 'METHOD')).toBe('PUBLISH');
  });

  it('writes the times in UTC, DTSTAMP the moment it was made and DTEND the start plus the duration', () => {
    expect(property(file, 'DTSTAMP')).toBe('20261126T150000Z');
    expect(property(file, 'DTSTART')).toBe('20261205T003000Z');
    expect(property(file, 'DTEND')).toBe('20261205T030000Z');
  });

  it('ends a game without a duration three hours after its start', () => {
    expect(property(calendarFile({ ...game, durationSeconds: 0 }, summit, made), 'DTEND')).toBe('20261205T033000Z');
    expect(property(calendarFile({ ...game, durationSeconds: -60 }, summit, made), 'DTEND')).toBe('20261205T033000Z');
    expect(property(calendarFile({ ...game, durationSeconds: Number.NaN }, summit, made), 'DTEND')).toBe('20261205T033000Z');
  });

  it('links to the watch page on the channel’s own origin, in URL and at the end of DESCRIPTION', () => {
    expect(property(file, 'URL')).toBe('http://summit.localhost:4173/watch/42');
    expect(property(file, 'DESCRIPTION')).toBe('A North Country rivalry renewed.\\n\\nhttp://summit.localhost:4173/watch/42');
    expect(property(calendarFile({ ...game, description: '  ' }, summit, made), 'DESCRIPTION')).toBe('http://summit.localhost:4173/watch/42');
    // An origin with a trailing slash or a path (a caller's slip) still gives the one link.
    expect(property(calendarFile(game, { ...summit, origin: 'https://summit.example/somewhere/' }, made), 'URL')).toBe('https://summit.example/watch/42');
  });

  it('gives the game the same UID on the same host every time, and another on another host or for another game', () => {
    const again = calendarFile(game, summit, new Date('2027-01-01T00:00:00Z'));
    expect(property(file, 'UID')).toBe('event-42@summit.localhost:4173');
    expect(property(again, 'UID')).toBe(property(file, 'UID'));
    expect(property(calendarFile(game, { ...summit, origin: 'http://boreal.localhost:4173' }, made), 'UID')).toBe('event-42@boreal.localhost:4173');
    expect(property(calendarFile({ ...game, id: 43 }, summit, made), 'UID')).toBe('event-43@summit.localhost:4173');
  });

  it('writes the title as SUMMARY and the place as LOCATION, escaped; no LOCATION without a place', () => {
    expect(property(file, 'SUMMARY')).toBe('Lakers @ Huskies');
    expect(property(file, 'LOCATION')).toBe('Northfield Arena\\, Northfield\\, MN');
    expect(property(calendarFile({ ...game, place: null }, summit, made), 'LOCATION')).toBeUndefined();
  });

  it('folds accented French text at 75 octets without splitting a character', () => {
    const boreal = { name: 'Réseau Sport Boréal', origin: 'http://boreal.localhost:4173' };
    const title = 'Goélands d’Acadie @ Lynx de l’Université de Val-Boréal — Hockey masculin, Réseau Sport Boréal';
    const place = 'Aréna du Fleuve, Rivière-des-Pins, Québec';
    const french = calendarFile({ ...game, title, place, description: 'Épreuve décisive à l’aréna : présentée par Réseau Sport Boréal. '.repeat(6) }, boreal, made);
    const lines = french.split('\r\n').slice(0, -1);
    for (const line of lines) expect(octets(line)).toBeLessThanOrEqual(75);
    // Folded lines exist, and each one decodes as text (a split "é" would leave a replacement character).
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
    expect(Buffer.from(french, 'utf8').toString('utf8')).not.toContain('\ufffd');
    expect(property(french, 'SUMMARY')).toBe(escapeText(title));
    expect(property(french, 'LOCATION')).toBe('Aréna du Fleuve\\, Rivière-des-Pins\\, Québec');
    expect(property(french, 'PRODID')).toBe('-//Réseau Sport Boréal//Add to calendar//EN');
  });

  it('keeps a hostile title on its own property: line breaks, semicolons and 10,000 characters', () => {
    const hostile = `Game\r\nEND:VEVENT\nBEGIN:VEVENT;X=1,\\ \u0000\u0007\rSUMMARY:pwned ${'é€😀;'.repeat(2500)}`;
    expect([...hostile].length).toBeGreaterThanOrEqual(10_000);
    const out = calendarFile({ ...game, title: hostile }, summit, made);
    const lines = unfolded(out);
    // Still one event, and nothing in the title started a line of its own (its words stay inside SUMMARY).
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines.filter((line) => line.startsWith('SUMMARY:'))).toHaveLength(1);
    expect(lines.filter((line) => line === 'END:VEVENT')).toHaveLength(1);
    const summary = property(out, 'SUMMARY')!;
    expect(summary.startsWith('Game\\nEND:VEVENT\\nBEGIN:VEVENT\\;X=1\\,\\\\ \\nSUMMARY:pwned é€😀\\;')).toBe(true);
    expect(summary).not.toMatch(/\p{Cc}/u);
    for (const line of out.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(out).not.toContain('\ufffd');
  });
});

describe('escapeText (RFC 5545 §3.3.11)', () => {
  it.each([
    ['plain', 'plain'],
    ['a\\b', 'a\\\\b'],
    ['a;b', 'a\\;b'],
    ['a,b', 'a\\,b'],
    ['a\nb', 'a\\nb'],
    ['a\r\nb', 'a\\nb'],
    ['a\rb', 'a\\nb'],
    ['tab\tstays', 'tab\tstays'],
    ['bell\u0007 and nul\u0000 go', 'bell and nul go'],
    ['colon: stays', 'colon: stays'],
    ['\\n is not a line break', '\\\\n is not a line break'],
  ])('%j is written %j', (text, escaped) => {
    expect(escapeText(text)).toBe(escaped);
  });
});

describe('foldLine', () => {
  it('leaves a line of 75 octets as it is and folds the 76th onto a line starting with a space', () => {
    expect(foldLine('a'.repeat(75))).toBe('a'.repeat(75));
    expect(foldLine('a'.repeat(76))).toBe(`${'a'.repeat(75)}\r\n a`);
    // A continuation line's space counts: 74 more octets fit after it.
    expect(foldLine('a'.repeat(75 + 74 + 1))).toBe(`${'a'.repeat(75)}\r\n ${'a'.repeat(74)}\r\n a`);
  });

  it('breaks before a multi-byte character that would cross the limit, never inside it', () => {
    // 74 ASCII octets, then "é" (2 octets) would make 76: it moves to the next line whole.
    expect(foldLine(`${'a'.repeat(74)}é`)).toBe(`${'a'.repeat(74)}\r\n é`);
    // A character outside the BMP (4 octets, two UTF-16 units) stays whole too.
    expect(foldLine(`${'a'.repeat(73)}😀`)).toBe(`${'a'.repeat(73)}\r\n 😀`);
  });
});

describe('utcDateTime', () => {
  it('writes the instant in UTC whatever the event’s own time zone', () => {
    // 19:00 in Montréal (EST, UTC-5) on 9 March 2024.
    expect(utcDateTime(new Date('2024-03-09T19:00:00-05:00'))).toBe('20240310T000000Z');
    expect(utcDateTime(new Date('2026-07-01T09:05:07.999Z'))).toBe('20260701T090507Z');
  });
});

describe('calendarFileName', () => {
  it.each([
    ['Lakers @ Huskies', 'Lakers-Huskies.ics'],
    ['Goélands @ Lynx', 'Goélands-Lynx.ics'],
    ['../../etc/passwd', 'etc-passwd.ics'],
    ['a/b\\c:d*e?f"g<h>i|j', 'a-b-c-d-e-f-g-h-i-j.ics'],
    ['Line\r\nbreak;semi', 'Line-break-semi.ics'],
    ['.hidden', 'hidden.ics'],
    ['@ — !', 'game.ics'],
    ['', 'game.ics'],
  ])('%j is saved as %j', (title, name) => {
    expect(calendarFileName(title)).toBe(name);
  });

  it('keeps at most 60 characters of a long title and never ends the name on a dash', () => {
    const name = calendarFileName(`${'é'.repeat(59)} ${'x'.repeat(10_000)}`);
    expect(name).toBe(`${'é'.repeat(59)}.ics`);
    expect([...calendarFileName('y'.repeat(10_000))].length).toBe(60 + '.ics'.length);
  });
});

describe('eventPlace', () => {
  it('joins the venue, city and state the channel filled in', () => {
    expect(eventPlace({ name: 'Northfield Arena', city: 'Northfield', state: 'MN' })).toBe('Northfield Arena, Northfield, MN');
    expect(eventPlace({ name: 'Northfield Arena', city: '', state: 'MN' })).toBe('Northfield Arena, MN');
    expect(eventPlace({ name: '', city: '', state: '' })).toBeNull();
    expect(eventPlace(null)).toBeNull();
    expect(eventPlace(undefined)).toBeNull();
  });
});
