/**
 * What makes each channel an installable app of its own: `/manifest.webmanifest` answers the web app manifest of the
 * channel serving the request's host (its name, language and colours), and `/app-icons/{alias}/{file}` its icons.
 * index.html links the one manifest URL; the host decides which channel it describes, as it does for the channel
 * key written into the page (server/http/static-app.ts).
 *
 * No channel setting says whether its logo is square and large enough for a home screen (the seeded ones are
 * 480x120 wordmarks), so the icons are the channel's monogram in its header colours (server/http/monogram.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseJson } from '../db/database';
import type { Db } from '../db/database';
import type { ChannelRow } from '../domain/channels';
import { channelImageSubject } from '../domain/image-subjects';
import { type IconPurpose, initialsOf, type MonogramStyle, monogramPng, monogramSvg, shortNameOf } from './monogram';

const MANIFEST_PATH = '/manifest.webmanifest';
const ICONS_PREFIX = '/app-icons';
/** The PNG sizes Chromium and Android ask for (192 for the home screen, 512 for the splash screen). */
const PNG_SIZES = [192, 512] as const;
/** Colours the channel settings may lack: the app's own defaults (src/theme/channel-colors.ts). */
const FALLBACK = { background: '#1f2937', foreground: '#ffffff', body: '#ffffff' };
const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** The parts of a manifest the app's pages and tests read. */
export interface WebAppManifest {
  id: string;
  name: string;
  short_name: string;
  lang: string;
  start_url: string;
  scope: string;
  display: 'standalone';
  theme_color: string;
  background_color: string;
  icons: Array<{ src: string; sizes: string; type: string; purpose: IconPurpose }>;
}

interface ChannelLook {
  name: string;
  colors: string;
}

const colour = (colors: Record<string, string>, key: string, fallback: string): string => {
  const value = colors[key];
  return value !== undefined && HEX_COLOR.test(value) ? value.toLowerCase() : fallback;
};

/** The header's colours, which the app's bar shows: the icon's ground and letters, and the theme colour. */
function styleOf(channel: ChannelLook): MonogramStyle & { body: string } {
  const colors = parseJson<Record<string, string>>(channel.colors, {});
  return {
    letters: initialsOf(channel.name),
    background: colour(colors, 'header_background', FALLBACK.background),
    foreground: colour(colors, 'header_text_color', FALLBACK.foreground),
    body: colour(colors, 'body_background', FALLBACK.body),
  };
}

/** The manifest of a channel. */
function manifestOf(channel: Pick<ChannelRow, 'alias' | 'name' | 'language' | 'colors'>): WebAppManifest {
  const style = styleOf(channel);
  const base = `${ICONS_PREFIX}/${encodeURIComponent(channel.alias)}`;
  return {
    id: '/',
    name: channel.name,
    short_name: shortNameOf(channel.name),
    lang: channel.language,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: style.background,
    background_color: style.body,
    icons: [
      { src: `${base}/any.svg`, sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: `${base}/maskable.svg`, sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
      ...PNG_SIZES.map((size) => ({ src: `${base}/any-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' as const })),
      ...PNG_SIZES.map((size) => ({ src: `${base}/maskable-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'maskable' as const })),
    ],
  };
}

/** An icon file's name: `any.svg`, `maskable.svg`, `any-192.png`, `maskable-512.png`. */
const ICON_FILE = /^(any|maskable)(?:\.svg|-(192|512)\.png)$/;

export interface ManifestOptions {
  db: Db;
  /** The channel serving the request's host (the deployment's default channel when no channel lists it). */
  channelOf(request: FastifyRequest): ChannelRow | undefined;
}

export function registerManifest(app: FastifyInstance, options: ManifestOptions): void {
  app.get(MANIFEST_PATH, (request, reply) => {
    const channel = options.channelOf(request);
    if (!channel) return reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('No channel serves this host\n');
    // Revalidated on every load (the channel's settings may change); one URL answers per host.
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'host, x-forwarded-host')
      .type('application/manifest+json; charset=utf-8')
      .send(JSON.stringify(manifestOf(channel)));
  });

  app.get<{ Params: { alias: string; file: string } }>(`${ICONS_PREFIX}/:alias/:file`, (request, reply) => {
    const match = ICON_FILE.exec(request.params.file);
    const channel = match ? channelImageSubject(options.db, request.params.alias) : undefined;
    if (!match || !channel) return reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('No such icon\n');
    const purpose = match[1] as IconPurpose;
    const style = styleOf(channel);
    // An hour: a colour change reaches home screens soon enough, and a first install does not draw the PNG twice.
    reply.header('cache-control', 'public, max-age=3600').header('x-content-type-options', 'nosniff');
    if (match[2] === undefined) {
      return reply.header('content-security-policy', "default-src 'none'").type('image/svg+xml; charset=utf-8').send(monogramSvg(style, purpose));
    }
    return reply.type('image/png').send(monogramPng(style, purpose, Number(match[2])));
  });
}
