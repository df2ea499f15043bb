import type { Db } from '../db/database';
import { notFound } from './errors';

export type FavoritableType = 'participant' | 'group' | 'category';

interface FavoriteRow {
  id: number;
  favoritable_id: number;
  favoritable_type: FavoritableType;
  created_at: number;
  name: string;
  alias: string;
  image: string | null;
}

/** The table behind each kind of favourite, and how to read its name, alias and image. */
const targets: Record<FavoritableType, { table: string; image: string }> = {
  participant: { table: 'participants', image: 't.image' },
  group: { table: 'participant_groups', image: 't.image' },
  category: { table: 'event_categories', image: 'NULL' },
};

const favoritesSql = (Object.entries(targets) as Array<[FavoritableType, (typeof targets)[FavoritableType]]>)
  .map(
    ([type, t]) => `SELECT f.id, f.favoritable_id, f.favoritable_type, f.created_at, t.name, t.alias, ${t.image} AS image
      FROM favorites f JOIN ${t.table} t ON t.id = f.favoritable_id
      WHERE f.favoritable_type = '${type}' AND f.user_id = @user`,
  )
  .join(' UNION ALL ');

export function listFavorites(db: Db, userId: number): FavoriteRow[] {
  return db.prepare<[{ user: number }], FavoriteRow>(`SELECT * FROM (${favoritesSql}) ORDER BY created_at, id`).all({ user: userId });
}

/** Adds a team, school or sport of the viewer's channel to their favourites; adding one twice keeps the first. */
export function addFavorite(db: Db, viewer: { id: number; channel_id: number }, type: FavoritableType, targetId: number, now: number): FavoriteRow {
  const exists = db
    .prepare<[number, number], { id: number }>(`SELECT id FROM ${targets[type].table} WHERE id = ? AND channel_id = ?`)
    .get(targetId, viewer.channel_id);
  if (!exists) throw notFound('favoritable_id', `The ${type === 'group' ? 'school' : type === 'participant' ? 'team' : 'sport'}`);
  db.prepare(
    `INSERT INTO favorites (user_id, favoritable_id, favoritable_type, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (user_id, favoritable_type, favoritable_id) DO NOTHING`,
  ).run(viewer.id, targetId, type, now);
  const row = db
    .prepare<[number, number, string], { id: number }>('SELECT id FROM favorites WHERE user_id = ? AND favoritable_id = ? AND favoritable_type = ?')
    .get(viewer.id, targetId, type)!;
  return listFavorites(db, viewer.id).find((f) => f.id === row.id)!;
}

export function removeFavorite(db: Db, userId: number, id: number): void {
  // Scoped to the viewer: another viewer's favourite is as absent as one that never existed.
  const result = db.prepare('DELETE FROM favorites WHERE id = ? AND user_id = ?').run(id, userId);
  if (result.changes === 0) throw notFound('id', 'Favourite');
}
