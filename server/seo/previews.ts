/**
 * What a link to one of the channel's pages shows where JavaScript does not run (a chat's link preview, a search
 * engine's crawler): the page's title, description, picture and, where the video is public, the video.
 *
 * A preview reads the database as an anonymous visitor of the channel may: the catalogue (games, VOD items) and a
 * processed clip by its share link's uuid, never a signed stream, a paid recording or a viewer's own clip. Every
 * page read is one lookup by primary key or unique index; pages with nothing of their own (and unknown ids) get the
 * channel's generic preview, which the caller caches per channel and origin.
 */
import { parseJson } from '../db/database';
import type { Db } from '../db/database';
import type { ChannelRow } from '../domain/channels';
import { streamStatus } from '../domain/events';
import { type PublicGame, publicGame, publicVodItem, sharedClip } from '../domain/public-pages';
import { demoMedia } from '../media/library';
import { previewWords } from './words';

export type PreviewKind = 'home' | 'vod_library' | 'game' | 'vod_item' | 'clip' | 'generic';

/** A page's preview, before it is written into the HTML (server/seo/head.ts). */
export interface PagePreview {
  kind: PreviewKind;
  /** The page's own path for its canonical URL and og:url; null for the generic preview, which names no page. */
  path: string | null;
  /** The page's own title; null on the channel's home and generic pages (the title is then the channel's name). */
  title: string | null;
  description: string;
  /** `website`, or `video.other` for a page that is about one video. */
  type: 'website' | 'video.other';
  /** A picture of the page: a path on the channel's origin (or its media origin for /media), or an absolute URL. */
  image: string | null;
  /** A public HLS playlist of the page's video (a clip, a VOD item's preview), never a signed stream. */
  video: string | null;
}

/** Longest description a preview carries: card layouts cut near 200 characters, search results near 160. */
const DESCRIPTION_CHARACTERS = 200;

const GAME = /^\/watch\/(\d{1,15})$/;
const VOD_ITEM = /^\/vod_library\/(\d{1,15})$/;
const SHARE = /^\/share\/(\d{1,15})\/([0-9A-Za-z-]{1,64})$/;

/** The preview of `path` (no query) on `channel`, as an anonymous visitor may see it at `now`. */
export function pagePreview(db: Db, channel: ChannelRow, path: string, now: number): PagePreview {
  const words = previewWords(channel.language);
  const page = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const site: PagePreview = { kind: 'generic', path: null, title: null, description: words.site(channel.name), type: 'website', image: channel.logo, video: null };
  if (page === '/') return { ...site, kind: 'home', path: '/' };
  if (page === '/vod_library') return { ...site, kind: 'vod_library', path: page, title: words.vodLibrary, description: words.vodLibraryDescription };

  const game = GAME.exec(page);
  if (game) {
    const row = publicGame(db, channel.id, Number(game[1]));
    if (!row) return site;
    // No video: a game's stream is signed per viewer, and a paid one is for those who bought it.
    return { kind: 'game', path: page, title: row.name, description: described(row.description, site.description), type: 'video.other', image: gameImage(row, now), video: null };
  }

  const vod = VOD_ITEM.exec(page);
  if (vod) {
    const row = publicVodItem(db, channel.id, Number(vod[1]));
    if (!row) return site;
    const assets = parseJson<Array<{ type?: unknown; path?: unknown }>>(row.assets, []);
    const asset = (type: string): string | null => {
      const found = assets.find((a) => a.type === type && typeof a.path === 'string');
      return typeof found?.path === 'string' ? found.path : null;
    };
    // The item's own stream is signed; its `preview` asset is public, like a trailer (server/media/routes.ts).
    return { kind: 'vod_item', path: page, title: row.title, description: described(row.description, site.description), type: 'video.other', image: asset('image') ?? site.image, video: asset('preview') };
  }

  const share = SHARE.exec(page);
  if (share) {
    // Public by its uuid once processed, like GET /shared-clip/{id}; the path must name the clip's own game.
    const row = sharedClip(db, channel.id, Number(share[1]), share[2] ?? '');
    if (!row) return site;
    return {
      kind: 'clip',
      path: page,
      title: row.clip_name,
      description: words.clipOf(row.name),
      type: 'video.other',
      image: gameImage(row, now),
      video: `/media/clips/${row.uuid}/index.m3u8`,
    };
  }
  return site;
}

/** The picture the catalogue shows for a game: a frame of the recording once it is a replay, else its matchup art. */
function gameImage(row: PublicGame, now: number): string | null {
  return (streamStatus(row, now) === 'vod' ? demoMedia().posterPath(row.media_slug, row.id) : null) ?? row.image;
}

/** The item's own description, cut at a word near the preview's length; the site's when it has none. */
function described(text: string, fallback: string): string {
  const plain = text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  if (plain === '') return fallback;
  if (plain.length <= DESCRIPTION_CHARACTERS) return plain;
  const cut = plain.slice(0, DESCRIPTION_CHARACTERS - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > DESCRIPTION_CHARACTERS / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
