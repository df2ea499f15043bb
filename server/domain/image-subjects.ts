import type { Db } from '../db/database';

/**
 * What the generated placeholder images (server/media/images.ts) draw, by the alias or id the seed put in their
 * paths: names, titles and colours, of any channel (the images are public).
 */

export function participantImageSubject(db: Db, alias: string): { name: string; short_name: string; color: string | null } | undefined {
  return db
    .prepare<[string], { name: string; short_name: string; color: string | null }>('SELECT name, short_name, color FROM participants WHERE alias = ?')
    .get(alias);
}

/** A group, in the colour of its first participant. */
export function groupImageSubject(db: Db, alias: string): { name: string; color: string | null } | undefined {
  return db
    .prepare<[string], { name: string; color: string | null }>(
      'SELECT g.name, (SELECT p.color FROM participants p WHERE p.group_id = g.id ORDER BY p.id LIMIT 1) AS color FROM participant_groups g WHERE g.alias = ?',
    )
    .get(alias);
}

/** A channel's name and its colours (JSON). */
export function channelImageSubject(db: Db, alias: string): { name: string; colors: string } | undefined {
  return db.prepare<[string], { name: string; colors: string }>('SELECT name, colors FROM channels WHERE alias = ?').get(alias);
}

/** An event's name and its teams' colours. */
export function eventImageSubject(db: Db, id: number): { name: string; home: string | null; away: string | null } | undefined {
  return db
    .prepare<[number], { name: string; home: string | null; away: string | null }>(
      `SELECT e.name, h.color AS home, a.color AS away FROM events e
       LEFT JOIN participants h ON h.id = e.home_team_id LEFT JOIN participants a ON a.id = e.away_team_id WHERE e.id = ?`,
    )
    .get(id);
}

export function vodImageSubject(db: Db, id: number): { title: string } | undefined {
  return db.prepare<[number], { title: string }>('SELECT title FROM vod_media WHERE id = ?').get(id);
}

/** A slide's words, and its channel's colours (JSON). */
export function slideImageSubject(db: Db, id: number): { title: string; subtitle: string | null; colors: string } | undefined {
  return db
    .prepare<[number], { title: string; subtitle: string | null; colors: string }>(
      'SELECT s.title, s.subtitle, c.colors FROM slides s JOIN channels c ON c.id = s.channel_id WHERE s.id = ?',
    )
    .get(id);
}
