/**
 * robots.txt and sitemap.xml of one channel, on its own public origin: crawlers are pointed at the channel's public
 * pages (home, the VOD library, its games and VOD items) and kept off the services and viewers' own pages.
 */
import type { Db } from '../db/database';
import { streamStatus } from '../domain/events';
import { latestGames, latestVodItems } from '../domain/public-pages';

/**
 * Paths crawlers are kept off: the services, viewers' own pages (profile, their clips, sign-in and account links),
 * checkout, the plain embed layout (a copy of /watch), the studio and the not-found page. Prefixes, as robots.txt
 * matches them (RFC 9309).
 */
const PRIVATE_PATHS = [
  '/api/',
  '/graphql',
  '/analytics/',
  '/log-service/',
  '/media/',
  '/profile',
  '/buy',
  '/select-package/',
  '/login',
  '/registration',
  '/verify-notice',
  '/verify-email',
  '/password-reset',
  '/confirm-account-deletion',
  '/watch_embed/',
  '/watch_library/',
  '/simulate',
  '/statecharts',
  '/404',
];

/** The public files under /media that previews show: pictures, and the videos of shared clips and VOD previews. */
const PREVIEW_MEDIA = ['/media/images/', '/media/posters/'];
const PREVIEW_VIDEOS = ['/media/clips/', '/media/vod/'];

/**
 * Link-preview fetchers (they read robots.txt before a preview): they may read a shared clip's page and its video,
 * which a search engine is not asked to index, being a viewer's clip known only by its link.
 */
const LINK_PREVIEW_AGENTS = ['Twitterbot', 'facebookexternalhit', 'LinkedInBot', 'Slackbot', 'Discordbot', 'WhatsApp', 'TelegramBot'];

/** The channel's robots.txt; `origin` is its public origin, where the sitemap is named. */
export function robotsTxt(origin: string): string {
  const group = (agents: string[], allowed: string[], disallowed: string[]) => [
    ...agents.map((agent) => `User-agent: ${agent}`),
    'Allow: /',
    ...allowed.map((path) => `Allow: ${path}`),
    ...disallowed.map((path) => `Disallow: ${path}`),
  ];
  return [
    "# The channel's public pages; the services and viewers' own pages are not for crawlers.",
    ...group(['*'], PREVIEW_MEDIA, [...PRIVATE_PATHS, '/share/']),
    '',
    "# Link previews of a shared clip: its page and its public video (a crawler obeys only its own group, so the rest repeats).",
    ...group(LINK_PREVIEW_AGENTS, [...PREVIEW_MEDIA, ...PREVIEW_VIDEOS, '/share/'], PRIVATE_PATHS),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/** The most URLs one sitemap file may list (sitemaps.org). */
const SITEMAP_URLS = 50_000;

interface SitemapEntry {
  path: string;
  /** Unix seconds of the page's last change, when known. */
  lastmod: number | null;
}

/**
 * The channel's sitemap: home, the VOD library, every game (/watch/{id}) and VOD item (/vod_library/{id}) of the
 * channel, as its catalogue lists them to anyone. lastmod is what the data knows: a VOD item's date; a game's start
 * once it is live, its end once it is a replay (its picture then changes to a frame of the recording); a game still
 * to come has none (it has no change time); the list pages take their latest item's.
 */
export function sitemapXml(db: Db, channelId: number, origin: string, now: number): string {
  const games = latestGames(db, channelId, SITEMAP_URLS / 2)
    .map((game): SitemapEntry => {
      const status = streamStatus(game, now);
      return { path: `/watch/${game.id}`, lastmod: status === 'vod' ? game.event_utc_ts + game.duration : status === 'live' ? game.event_utc_ts : null };
    });
  const vod = latestVodItems(db, channelId, SITEMAP_URLS / 2 - 2)
    .map((item): SitemapEntry => ({ path: `/vod_library/${item.id}`, lastmod: Math.min(item.date, now) }));
  const latest = (entries: SitemapEntry[]): number | null =>
    entries.reduce<number | null>((max, entry) => (entry.lastmod !== null && (max === null || entry.lastmod > max) ? entry.lastmod : max), null);
  const entries: SitemapEntry[] = [
    { path: '/', lastmod: latest([...games, ...vod]) },
    { path: '/vod_library', lastmod: latest(vod) },
    ...games,
    ...vod,
  ];
  const url = ({ path, lastmod }: SitemapEntry) =>
    `  <url><loc>${escapeXml(`${origin}${path}`)}</loc>${lastmod === null ? '' : `<lastmod>${w3cDate(lastmod)}</lastmod>`}</url>`;
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...entries.map(url), '</urlset>', ''].join('\n');
}

/** Unix seconds as the W3C datetime sitemaps use, to the second, in UTC. */
const w3cDate = (seconds: number): string => new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, '+00:00');

const escapeXml = (value: string): string =>
  value.replace(/[&"'<>]/g, (char) => ({ '&': '&amp;', '"': '&quot;', "'": '&apos;', '<': '&lt;', '>': '&gt;' })[char] ?? char);
