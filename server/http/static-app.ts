import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Where the built web app lives: the output folder of `vite build` (index.html, assets/, the files of public/). */
export interface StaticAppOptions {
  distDir: string;
}

/** What the server knows about the page's request that the app would otherwise ask for. */
export interface PageFacts {
  /**
   * The channel key of the channel that serves the request's host (SPEC §1 step 1), written into the page as
   * `<meta name="channel-key">`, so a first visit asks for an API key at once instead of asking for the channel key
   * first; null leaves the page as built (the app then asks, as SPEC §1 says).
   */
  channelKeyOf(request: FastifyRequest): string | null;
  /**
   * The link preview of the page at `path` (no query), written into the head instead of the built title and
   * description (server/seo); null leaves them as built.
   */
  previewOf?(request: FastifyRequest, path: string): PagePreviewHead | null;
}

/** A page's preview head, ready to write: its title (text) and its tags (escaped HTML). */
export interface PagePreviewHead {
  /**
   * The same key means the same head: a page with nothing of its own (the channel's generic preview) is made once
   * per channel, origin and build under it; null: the page's own (a game's), made for each request.
   */
  cacheKey: string | null;
  title: string;
  tags: readonly string[];
}

/** The SPA fallback of a served app, for the server's not-found handler. */
export interface StaticApp {
  /**
   * Answers index.html when the request is a page the app routes (a GET or HEAD that accepts HTML, outside the
   * reserved prefixes and /assets); null when the caller should answer its own 404.
   */
  fallback(request: FastifyRequest, reply: FastifyReply): FastifyReply | null;
}

const ASSETS_PREFIX = '/assets';
/** Vite names every file under assets/ by its content hash, so a URL there never changes meaning. */
const HASHED_CACHE = 'public, max-age=31536000, immutable';
/** index.html and public/ files keep their names across builds: revalidate (ETag / Last-Modified) every time. */
const REVALIDATE_CACHE = 'no-cache';

/**
 * Serves the built single-page app beside the services: files of `distDir` as they are (hashed assets cached for a
 * year, everything else revalidated), pre-compressed `.br`/`.gz` twins when scripts/build-app.ts made them, and
 * index.html for any page URL the app's router owns. `reserved` are the service prefixes (/api, /graphql, /media,
 * ...): a miss there stays the service's 404, never the HTML.
 */
export function registerStaticApp(
  app: FastifyInstance,
  options: StaticAppOptions & { reserved: readonly string[]; facts?: PageFacts },
): StaticApp {
  const distDir = resolve(options.distDir);
  const reserved = [...options.reserved, ASSETS_PREFIX];
  const assetsDir = join(distDir, 'assets');

  app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: true,
    // `/` and directories go through the fallback below (it sets the HTML's headers); no listings, no redirects.
    index: false,
    redirect: false,
    // Build bookkeeping (.vite/manifest.json, the freshness stamp) is not for browsers.
    dotfiles: 'ignore',
    serveDotFiles: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, path) {
      reply.header('cache-control', path.startsWith(assetsDir + sep) ? HASHED_CACHE : REVALIDATE_CACHE);
      reply.header('x-content-type-options', 'nosniff');
    },
  });

  const pages = indexPages(join(distDir, 'index.html'));

  // The root is the app, whatever the Accept header says.
  app.get('/', (request, reply) => sendIndex(reply, request));

  function sendIndex(reply: FastifyReply, request: FastifyRequest): FastifyReply {
    const channelKey = options.facts?.channelKeyOf(request) ?? null;
    const preview = channelKey === null ? null : (options.facts?.previewOf?.(request, request.url.split('?')[0] ?? '/') ?? null);
    const page = channelKey === null ? null : pages.render(channelKey, preview);
    if (page) {
      reply.header('cache-control', REVALIDATE_CACHE).header('x-content-type-options', 'nosniff').header('etag', page.etag).header('vary', 'x-forwarded-host');
      const known = (request.headers['if-none-match'] ?? '').split(',').map((tag) => tag.trim());
      if (known.includes(page.etag)) return reply.code(304).send();
      return reply.type('text/html; charset=utf-8').send(page.html);
    }
    if (!existsSync(join(distDir, 'index.html'))) {
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send(`The web app has not been built (no ${join(distDir, 'index.html')}): run "npm run build" or "npm start".\n`);
    }
    // setHeaders (above) marks it no-cache and nosniff, like every file outside assets/.
    return reply.sendFile('index.html');
  }

  return {
    fallback(request, reply) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return null;
      const path = request.url.split('?')[0] ?? '/';
      if (reserved.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return null;
      if (!wantsPage(request.headers.accept, path)) return null;
      return sendIndex(reply, request);
    },
  };
}

/**
 * The built index.html with a channel's key and a page's preview in its head. The preview's title and description
 * replace the built ones (one `<title>`: the app sets document.title over it once it runs); everything else in the
 * head stays as built. Pages with a cache key are made once per key and build (read again when it changes).
 */
function indexPages(file: string): { render(channelKey: string, preview: PagePreviewHead | null): { html: string; etag: string } | null } {
  let built: { mtimeMs: number; template: string } | null = null;
  let rendered = new Map<string, { html: string; etag: string }>();
  return {
    render(channelKey, preview) {
      const mtimeMs = statSync(file, { throwIfNoEntry: false })?.mtimeMs;
      if (mtimeMs === undefined) return null;
      if (built?.mtimeMs !== mtimeMs) {
        built = { mtimeMs, template: readFileSync(file, 'utf8') };
        rendered = new Map();
      }
      const key = preview === null ? channelKey : preview.cacheKey === null ? null : `${channelKey}\n${preview.cacheKey}`;
      let page = key === null ? undefined : rendered.get(key);
      if (!page) {
        const html = withHead(built.template, channelKey, preview);
        page = { html, etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"` };
        if (key !== null) rendered.set(key, page);
      }
      return page;
    },
  };
}

const TITLE = /<title>[\s\S]*?<\/title>/i;
const DESCRIPTION = /[ \t]*<meta\s+name=["']?description["']?[^>]*>[ \t]*\r?\n?/gi;

function withHead(template: string, channelKey: string, preview: PagePreviewHead | null): string {
  let html = template;
  const head = [`<meta name="channel-key" content="${escapeAttribute(channelKey)}" />`];
  if (preview) {
    html = html.replace(DESCRIPTION, '');
    const title = `<title>${escapeAttribute(preview.title)}</title>`;
    if (TITLE.test(html)) html = html.replace(TITLE, () => title);
    else head.unshift(title);
    head.push(...preview.tags);
  }
  const tags = head.join('\n    ');
  // A function, not a string: `$&` and friends in a tag (a title from the database) must stay as they are.
  return /<\/head>/i.test(html) ? html.replace(/[ \t]*<\/head>/i, () => `    ${tags}\n  </head>`) : `${tags}${html}`;
}

const escapeAttribute = (value: string): string =>
  value.replace(/[&"<>]/g, (char) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[char] ?? char);

/**
 * Whether a request for an unknown path should get the app's page. A navigation names text/html; a fetch or curl
 * without a preference (no Accept, or only wildcards) gets it too unless the path looks like a file
 * (`/missing.png`), so a broken image or script link answers 404 rather than a page of HTML.
 */
export function wantsPage(accept: string | undefined, path: string): boolean {
  const ranges = (accept ?? '*/*')
    .split(',')
    .map((part) => {
      const [type = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
      const q = params.find((p) => p.startsWith('q='));
      return { type, q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((range) => range.type !== '' && !(range.q <= 0));
  if (ranges.some((r) => r.type === 'text/html' || r.type === 'application/xhtml+xml')) return true;
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  const looksLikeFile = /\.[a-z0-9]{1,8}$/i.test(lastSegment);
  return !looksLikeFile && ranges.some((r) => r.type === '*/*' || r.type === 'text/*');
}
