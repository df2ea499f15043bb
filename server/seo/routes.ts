import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import type { Db } from '../db/database';
import { type ChannelRow, channelServingHost } from '../domain/channels';
import type { HopTrust } from '../http/client-address';
import { browserHost, mediaOriginOf, publicOrigin } from '../http/public-origin';
import type { PageFacts } from '../http/static-app';
import type { Clock } from '../lib/clock';
import { robotsTxt, sitemapXml } from './crawlers';
import { previewHead } from './head';
import { pagePreview } from './previews';

interface PreviewDeps {
  db: Db;
  config: ServerConfig;
  clock: Clock;
  /** Who may name the browser's host (X-Forwarded-Host): the same hops the API believes. */
  hops: HopTrust;
}

/** Crawlers revalidate these at most every few minutes; a new game shows up in the sitemap soon enough. */
const CRAWLER_CACHE = 'public, max-age=300';

/**
 * The served app's face to clients that run no JavaScript: robots.txt and sitemap.xml per channel (by the host the
 * request names), and the facts the page fallback writes into index.html: the channel's key and the page's link
 * preview (server/seo/previews.ts), every URL on the channel's own public origin (server/http/public-origin.ts).
 * Registered before the static files, so a robots.txt in public/ cannot shadow the channel's own.
 */
export function registerPreviews(app: FastifyInstance, deps: PreviewDeps): PageFacts {
  // A page asks for its channel twice (its key, its preview): it is looked up once per request.
  const channels = new WeakMap<FastifyRequest, ChannelRow | undefined>();
  const channelOf = (request: FastifyRequest): ChannelRow | undefined => {
    if (!channels.has(request)) channels.set(request, channelServingHost(deps.db, browserHost(request, deps.hops).host, deps.config.defaultChannel));
    return channels.get(request);
  };
  const originOf = (request: FastifyRequest, channel: ChannelRow): string =>
    publicOrigin(deps.db, deps.config, channel, browserHost(request, deps.hops), request.socket.localPort ?? deps.config.port);

  app.get('/robots.txt', (request, reply) => {
    const channel = channelOf(request);
    if (!channel) return reply.callNotFound();
    return reply.header('cache-control', CRAWLER_CACHE).header('vary', 'x-forwarded-host').type('text/plain; charset=utf-8').send(robotsTxt(originOf(request, channel)));
  });
  app.get('/sitemap.xml', (request, reply) => {
    const channel = channelOf(request);
    if (!channel) return reply.callNotFound();
    const xml = sitemapXml(deps.db, channel.id, originOf(request, channel), deps.clock.now());
    return reply.header('cache-control', CRAWLER_CACHE).header('vary', 'x-forwarded-host').type('application/xml; charset=utf-8').send(xml);
  });

  return {
    channelKeyOf: (request) => channelOf(request)?.channel_key ?? null,
    previewOf(request, path) {
      const channel = channelOf(request);
      if (!channel) return null;
      const origin = originOf(request, channel);
      const preview = pagePreview(deps.db, channel, path, deps.clock.now());
      const head = previewHead(preview, {
        origin,
        mediaOrigin: mediaOriginOf(channel, origin),
        name: channel.name,
        language: channel.language,
        countryCode: channel.country_code,
      });
      // The channel's own pages (home, the library, the generic preview) are the same for every visit on an origin
      // while the channel's settings stay; a game's or a clip's page is made for its request.
      const shared = preview.kind === 'home' || preview.kind === 'vod_library' || preview.kind === 'generic';
      return { cacheKey: shared ? JSON.stringify([preview.kind, origin, head.title, head.tags]) : null, ...head };
    },
  };
}
