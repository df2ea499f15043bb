import type { Db } from '../db/database';
import { type Handlers, viewerOf } from '../http/context';
import { notFound } from '../http/errors';
import { wholeList } from '../http/paging';

type FavoritableType = 'participant' | 'group' | 'category';

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

function favoritesOf(db: Db, userId: number, id?: number): FavoriteRow[] {
  const rows = db.prepare<[{ user: number }], FavoriteRow>(`SELECT * FROM (${favoritesSql}) ORDER BY created_at, id`).all({ user: userId });
  return id === undefined ? rows : rows.filter((r) => r.id === id);
}

export const favoriteHandlers: Handlers = {
  listFavorites(ctx) {
    return wholeList(favoritesOf(ctx.services.db, viewerOf(ctx).id));
  },

  addFavorite(ctx) {
    const viewer = viewerOf(ctx);
    const { db } = ctx.services;
    const { favoritable_id: targetId, favoritable_type: type } = ctx.body as { favoritable_id: number; favoritable_type: FavoritableType };
    const exists = db
      .prepare<[number, number], { id: number }>(`SELECT id FROM ${targets[type].table} WHERE id = ? AND channel_id = ?`)
      .get(targetId, viewer.channel_id);
    if (!exists) throw notFound('favoritable_id', `The ${type === 'group' ? 'school' : type === 'participant' ? 'team' : 'sport'}`);
    db.prepare(
      `INSERT INTO favorites (user_id, favoritable_id, favoritable_type, created_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (user_id, favoritable_type, favoritable_id) DO NOTHING`,
    ).run(viewer.id, targetId, type, ctx.now);
    const row = db
      .prepare<[number, number, string], { id: number }>('SELECT id FROM favorites WHERE user_id = ? AND favoritable_id = ? AND favoritable_type = ?')
      .get(viewer.id, targetId, type)!;
    return favoritesOf(db, viewer.id, row.id)[0];
  },

  removeFavorite(ctx) {
    const viewer = viewerOf(ctx);
    // Scoped to the viewer: another viewer's favourite is as absent as one that never existed.
    const result = ctx.services.db.prepare('DELETE FROM favorites WHERE id = ? AND user_id = ?').run(ctx.params['id'] as number, viewer.id);
    if (result.changes === 0) throw notFound('id', 'Favourite');
    return { message: 'Favourite removed' };
  },
};
