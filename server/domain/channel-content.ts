import { parseJson } from '../db/database';
import type { Db } from '../db/database';
import type { ChannelRow } from './channels';
import { notFound } from './errors';

/** The channel's settings (SPEC.md §1): identity, prerolls, static text blocks, analytics and payment keys, colours. */
export function channelSettings(db: Db, channel: ChannelRow) {
  const prerolls = db
    .prepare<[number], { id: number; url: string; weight: number; location_id: number | null; event_categories: string; for_live: number; for_vod: number }>(
      'SELECT * FROM prerolls WHERE channel_id = ? ORDER BY id',
    )
    .all(channel.id)
    .map((p) => ({
      id: p.id,
      url: p.url,
      weight: p.weight,
      location_id: p.location_id,
      event_categories: parseJson<number[]>(p.event_categories, []),
      for_live: p.for_live === 1,
      for_vod: p.for_vod === 1,
    }));
  const staticBlocks = db
    .prepare<[number], { block_group: string; block_key: string; content: string }>(
      'SELECT block_group, block_key, content FROM static_blocks WHERE channel_id = ? ORDER BY block_group, block_key',
    )
    .all(channel.id)
    .map((b) => ({ id: `${b.block_group}:${b.block_key}`, group: b.block_group, key: b.block_key, content: b.content }));
  return {
    channel: { id: channel.id, alias: channel.alias, name: channel.name, logo: channel.logo, country_code: channel.country_code },
    language: channel.language,
    currency: channel.currency,
    prerolls,
    static_blocks: staticBlocks,
    tag_manager_id: channel.tag_manager_id,
    product_analytics_key: channel.product_analytics_key,
    stripe_publishable_key: channel.stripe_publishable_key,
    preroll_timeout_ms: channel.preroll_timeout_ms,
    colors: channelColors(channel),
  };
}

export const channelColors = (channel: ChannelRow): Record<string, string> => parseJson<Record<string, string>>(channel.colors, {});

export function menuItems(db: Db, channelId: number) {
  return db
    .prepare<[number], { id: number; title: string; url: string; external: number; position: number }>(
      'SELECT id, title, url, external, position FROM menu_items WHERE channel_id = ? ORDER BY position, id',
    )
    .all(channelId)
    .map((r) => ({ ...r, external: r.external === 1 }));
}

/** The channel's slides, of one slidable type when named. */
export function slides(db: Db, channelId: number, type: string | null) {
  return db
    .prepare<[number, string | null, string | null], Record<string, unknown>>(
      `SELECT id, title, subtitle, image, link, slidable_type, slidable_id, position FROM slides
       WHERE channel_id = ? AND (? IS NULL OR slidable_type = ?) ORDER BY position, id`,
    )
    .all(channelId, type, type);
}

/** The channel's pages, listed without their content. */
export function pages(db: Db, channelId: number) {
  return db
    .prepare<[number], Record<string, unknown>>('SELECT id, name, alias, url, alt_name, NULL AS content FROM pages WHERE channel_id = ? ORDER BY id')
    .all(channelId);
}

export function page(db: Db, channelId: number, alias: string) {
  const found = db
    .prepare<[number, string], Record<string, unknown>>('SELECT id, name, alias, url, alt_name, content FROM pages WHERE channel_id = ? AND alias = ?')
    .get(channelId, alias);
  if (!found) throw notFound('alias', 'Page');
  return found;
}

export function faqItems(db: Db, channelId: number) {
  return db
    .prepare<[number], Record<string, unknown>>('SELECT id, question, answer, position FROM faq_items WHERE channel_id = ? ORDER BY position, id')
    .all(channelId);
}
