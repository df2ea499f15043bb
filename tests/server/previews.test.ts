// @vitest-environment jsdom
/**
 * Link previews, robots.txt and sitemap.xml (server/seo), against the real server on a fresh database, on both demo
 * channels by their host names: what a client that runs no JavaScript reads from a page, and that it reads nothing
 * an anonymous visitor could not see, on no origin but the channel's own. (jsdom: its DOMParser reads pages and XML
 * as a client would.)
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOREAL, startTestApi, SUMMIT, type TestApi } from './harness';

const INDEX = [
  '<!doctype html>',
  '<html lang="en">',
  '  <head>',
  '    <meta charset="utf-8" />',
  '    <meta name="description" content="Built description." />',
  '    <link rel="manifest" href="/manifest.webmanifest" />',
  '    <title>Built title</title>',
  '  </head>',
  '  <body><div id="root"></div><script type="module" src="/assets/index-Ab12Cd34.js"></script></body>',
  '</html>',
].join('\n');

type Alias = 'summit' | 'boreal';
const CHANNELS = [
  { alias: 'summit' as Alias, seed: SUMMIT, locale: 'en_US', library: 'Video library' },
  { alias: 'boreal' as Alias, seed: BOREAL, locale: 'fr_CA', library: 'Vidéothèque' },
];

let api: TestApi;
let dir: string;
let port: string;
const channelId: Record<Alias, number> = { summit: 0, boreal: 0 };
/** A processed (shared) clip and a queued one (nobody's to see yet) per channel. */
interface Clip {
  id: number;
  uuid: string;
  event_id: number;
  name: string;
}
const clips = {} as Record<Alias, { shared: Clip; queued: Clip }>;

const originOf = (alias: Alias): string => `http://${alias}.localhost:${port}`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'previews-'));
  const dist = join(dir, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), INDEX);
  // The public/ robots.txt of the build: the channel's own must win over it.
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\nDisallow:\n');
  api = await startTestApi({}, { app: { distDir: dist } });
  port = new URL(api.origin).port;
  const makers: Array<() => Promise<void>> = [];
  for (const { alias, seed } of CHANNELS) {
    channelId[alias] = api.db.prepare<[string], { id: number }>('SELECT id FROM channels WHERE alias = ?').get(alias)!.id;
    const key = await api.apiKey(seed.channelKey);
    const token = await api.login(`fan@${alias}.test`, key);
    const events = await api.call<{ data: Array<{ id: number; type: string }> }>('GET', '/events', { key, query: { stream_status: 'vod', no_limit: 1 } });
    const game = events.body.data.find((e) => e.type === 'free')!;
    const create = async (name: string) => {
      const made = await api.call<Clip>('POST', '/clip', { key, token, body: { event_id: game.id, name, start_time: 30, duration: 15, tags: ['DEFAULT'] } });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      return made.body;
    };
    const shared = await create(`${alias} shared goal`);
    // Made once every shared clip is processed, so that it stays queued.
    makers.push(async () => void (clips[alias] = { shared, queued: await create(`${alias} private save`) }));
  }
  api.clock.advance(3);
  api.runJobs();
  for (const make of makers) await make();
});

afterAll(async () => {
  await api?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A GET as a client on `host` sends it (Node's fetch cannot set Host). */
function getOn(host: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ host: '127.0.0.1', port, path, headers: { host, accept: 'text/html', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    sent.on('error', reject);
    sent.end();
  });
}

const pageOf = (alias: Alias, path: string, headers: Record<string, string> = {}) => getOn(`${alias}.localhost:${port}`, path, headers);

/** The head as a crawler reads it: parsed as HTML, entities decoded. */
function head(html: string) {
  const document = new DOMParser().parseFromString(html, 'text/html');
  const content = (selector: string): string | null => document.querySelector(selector)?.getAttribute('content') ?? null;
  return {
    titles: [...document.querySelectorAll('title')].map((t) => t.textContent),
    descriptions: [...document.querySelectorAll('meta[name="description"]')].map((m) => m.getAttribute('content')),
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    og: (name: string) => content(`meta[property="og:${name}"]`),
    twitter: (name: string) => content(`meta[name="twitter:${name}"]`),
    channelKey: content('meta[name="channel-key"]'),
    manifest: document.querySelector('link[rel="manifest"]')?.getAttribute('href') ?? null,
    scripts: [...document.querySelectorAll('script')].map((s) => s.getAttribute('src')),
  };
}

/** A well-formed XML document, or the test fails. */
function xmlOf(text: string): Document {
  const xml = new DOMParser().parseFromString(text, 'application/xml');
  expect(xml.getElementsByTagName('parsererror')).toHaveLength(0);
  return xml;
}

const gameOf = (alias: Alias, where = '1 = 1') =>
  api.db
    .prepare<[number], { id: number; name: string; description: string; type: string }>(`SELECT id, name, description, type FROM events WHERE channel_id = ? AND ${where} ORDER BY id LIMIT 1`)
    .get(channelId[alias])!;
const vodOf = (alias: Alias) =>
  api.db.prepare<[number], { id: number; title: string; assets: string }>('SELECT id, title, assets FROM vod_media WHERE channel_id = ? ORDER BY id LIMIT 1').get(channelId[alias])!;

describe.each(CHANNELS)('link previews on $alias', ({ alias, seed, locale, library }) => {
  const other: Alias = alias === 'summit' ? 'boreal' : 'summit';

  it('home: the channel, on its own origin, with the built head otherwise kept and one title', async () => {
    const answer = await pageOf(alias, '/?group=anything');
    expect(answer.status).toBe(200);
    const tags = head(answer.body);
    expect(tags.titles).toEqual([seed.name]);
    expect(tags.descriptions).toHaveLength(1);
    expect(tags.descriptions[0]).toContain(seed.name);
    expect(tags.canonical).toBe(`${originOf(alias)}/`);
    expect(tags.og('url')).toBe(`${originOf(alias)}/`);
    expect(tags.og('site_name')).toBe(seed.name);
    expect(tags.og('title')).toBe(seed.name);
    expect(tags.og('type')).toBe('website');
    expect(tags.og('locale')).toBe(locale);
    expect(tags.og('image')).toBe(`${originOf(alias)}/media/images/channels/${alias}.svg`);
    expect(tags.twitter('card')).toBe('summary_large_image');
    expect(tags.twitter('image')).toBe(tags.og('image'));
    expect(tags.channelKey).toBe(seed.channelKey);
    // What else the build put in the head (another feature's manifest link) and the app's script are still there.
    expect(tags.manifest).toBe('/manifest.webmanifest');
    expect(tags.scripts).toEqual(['/assets/index-Ab12Cd34.js']);
  });

  it('a game: its name, description and picture; no video (its stream is signed, and may be paid)', async () => {
    const game = gameOf(alias, "type = 'paid'");
    const answer = await pageOf(alias, `/watch/${game.id}`);
    const tags = head(answer.body);
    expect(tags.titles).toEqual([`${game.name} · ${seed.name}`]);
    expect(tags.og('title')).toBe(game.name);
    expect(tags.descriptions).toHaveLength(1);
    expect(tags.og('description')).toBe(tags.descriptions[0]);
    expect(tags.canonical).toBe(`${originOf(alias)}/watch/${game.id}`);
    expect(tags.og('url')).toBe(tags.canonical);
    expect(tags.og('type')).toBe('video.other');
    expect(tags.og('image')).toMatch(new RegExp(`^${originOf(alias)}/media/(images|posters)/`));
    expect(tags.og('video')).toBeNull();
    expect(answer.body).not.toMatch(/\/media\/(events|streams|vod-streams)\//);
    expect(answer.body).not.toMatch(/token|signature|expires=/i);
  });

  it('a VOD item: its title, picture and public preview video; the library page', async () => {
    const item = vodOf(alias);
    const tags = head((await pageOf(alias, `/vod_library/${item.id}`)).body);
    expect(tags.titles).toEqual([`${item.title} · ${seed.name}`]);
    expect(tags.canonical).toBe(`${originOf(alias)}/vod_library/${item.id}`);
    expect(tags.og('type')).toBe('video.other');
    const assets = JSON.parse(item.assets) as Array<{ type: string; path: string }>;
    expect(tags.og('image')).toBe(`${originOf(alias)}${assets.find((a) => a.type === 'image')!.path}`);
    expect(tags.og('video')).toBe(`${originOf(alias)}${assets.find((a) => a.type === 'preview')!.path}`);
    // The preview a crawler is sent to plays without any token.
    const preview = await getOn(`${alias}.localhost:${port}`, new URL(tags.og('video')!).pathname, { accept: '*/*' });
    expect(preview.status).toBe(200);

    const list = head((await pageOf(alias, '/vod_library')).body);
    expect(list.titles).toEqual([`${library} · ${seed.name}`]);
    expect(list.canonical).toBe(`${originOf(alias)}/vod_library`);
    expect(list.og('title')).toBe(library);
  });

  it('a shared clip: video.other with its public playlist', async () => {
    const clip = clips[alias].shared;
    const answer = await pageOf(alias, `/share/${clip.event_id}/${clip.uuid}`);
    const tags = head(answer.body);
    expect(tags.titles).toEqual([`${clip.name} · ${seed.name}`]);
    expect(tags.canonical).toBe(`${originOf(alias)}/share/${clip.event_id}/${clip.uuid}`);
    expect(tags.og('type')).toBe('video.other');
    expect(tags.og('video')).toBe(`${originOf(alias)}/media/clips/${clip.uuid}/index.m3u8`);
    expect(tags.og('video:type')).toBe('application/vnd.apple.mpegurl');
    expect(tags.og('description')).toContain(gameOf(alias, `id = ${clip.event_id}`).name);
    const playlist = await getOn(`${alias}.localhost:${port}`, `/media/clips/${clip.uuid}/index.m3u8`, { accept: '*/*' });
    expect(playlist.status).toBe(200);
  });

  it("leaks nothing of a clip not shared, of a viewer's own clip page, or of the other channel", async () => {
    const generic = head((await pageOf(alias, '/upcoming')).body);
    expect(generic.titles).toEqual([seed.name]);
    expect(generic.canonical).toBeNull();
    const { queued, shared } = clips[alias];
    const foreign = clips[other].shared;
    const foreignGame = gameOf(other);
    const foreignItem = vodOf(other);
    for (const path of [
      `/share/${queued.event_id}/${queued.uuid}`,
      `/watch_library/${shared.id}`,
      `/watch_library/${queued.id}`,
      `/share/${foreign.event_id}/${foreign.uuid}`,
      // The right uuid under another game's path is not the clip's link.
      `/share/${foreignGame.id}/${shared.uuid}`,
      `/watch/${foreignGame.id}`,
      `/vod_library/${foreignItem.id}`,
      '/watch/999999999',
      '/vod_library/999999999',
      '/watch/not-a-number',
    ]) {
      const answer = await pageOf(alias, path);
      expect(answer.status, path).toBe(200);
      const tags = head(answer.body);
      expect(tags.titles, path).toEqual([seed.name]);
      expect(tags.canonical, path).toBeNull();
      expect(tags.og('video'), path).toBeNull();
      for (const secret of [queued.name, queued.uuid, shared.name, foreign.name, foreign.uuid, foreignGame.name, foreignItem.title]) {
        expect(answer.body, `${path} shows ${secret}`).not.toContain(secret);
      }
    }
  });

  it('revalidates per page: 304 for the same page, a new tag for another page', async () => {
    const game = gameOf(alias);
    const first = await pageOf(alias, `/watch/${game.id}`);
    const again = await pageOf(alias, `/watch/${game.id}`, { 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    const home = await pageOf(alias, '/', { 'if-none-match': String(first.headers.etag) });
    expect(home.status).toBe(200);
    expect(home.headers.etag).not.toBe(first.headers.etag);
    const homeAgain = await pageOf(alias, '/', { 'if-none-match': String(home.headers.etag) });
    expect(homeAgain.status).toBe(304);
  });
});

describe('the origin a preview names', () => {
  it('is never a forged or unlisted host: the default channel on its own listed host', async () => {
    const game = gameOf('summit');
    const forged: Array<[string, Record<string, string>]> = [
      ['evil.example', {}],
      [`127.0.0.1:${port}`, { 'x-forwarded-host': 'evil.example' }],
      ['summit.localhost.evil.example', {}],
    ];
    for (const [host, rest] of forged) {
      const answer = await getOn(host, `/watch/${game.id}`, rest);
      expect(answer.body).not.toContain('evil');
      expect(head(answer.body).canonical).toBe(`${originOf('summit')}/watch/${game.id}`);
      const robots = await getOn(host, '/robots.txt', { accept: '*/*', ...rest });
      expect(robots.body).not.toContain('evil');
    }
  });

  it("is the channel's configured public origin when it has one", async () => {
    api.db.prepare('UPDATE channels SET public_origin = ?, media_origin = ? WHERE alias = ?').run('https://tv.boreal.example', 'https://cdn.boreal.example', 'boreal');
    try {
      const item = vodOf('boreal');
      const tags = head((await pageOf('boreal', `/vod_library/${item.id}`)).body);
      expect(tags.canonical).toBe(`https://tv.boreal.example/vod_library/${item.id}`);
      expect(tags.og('image')).toMatch(/^https:\/\/cdn\.boreal\.example\/media\//);
      expect(tags.og('video')).toMatch(/^https:\/\/cdn\.boreal\.example\/media\/vod\//);
      expect((await getOn(`boreal.localhost:${port}`, '/robots.txt', { accept: '*/*' })).body).toContain('Sitemap: https://tv.boreal.example/sitemap.xml');
    } finally {
      api.db.prepare('UPDATE channels SET public_origin = NULL, media_origin = NULL WHERE alias = ?').run('boreal');
    }
  });
});

describe('escaping', () => {
  it('keeps a title and description from the database as text', async () => {
    const game = gameOf('summit');
    const hostile = `Huskies "><script>alert(1)</script> & <b>Co</b> $& $1 'x'`;
    api.db.prepare('UPDATE events SET name = ?, description = ? WHERE id = ?').run(hostile, `Tonight: ${hostile}`, game.id);
    try {
      const answer = await pageOf('summit', `/watch/${game.id}`);
      const headHtml = answer.body.slice(0, answer.body.indexOf('</head>'));
      expect(headHtml).not.toContain('<script');
      expect(headHtml).not.toContain('"><');
      expect(answer.body).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; ');
      const tags = head(answer.body);
      expect(tags.titles).toEqual([`${hostile} · ${SUMMIT.name}`]);
      expect(tags.og('title')).toBe(hostile);
      expect(tags.scripts).toEqual(['/assets/index-Ab12Cd34.js']);
      // The site's sitemap stays well-formed XML.
      const sitemap = await getOn(`summit.localhost:${port}`, '/sitemap.xml', { accept: '*/*' });
      expect(xmlOf(sitemap.body).getElementsByTagName('loc').length).toBeGreaterThan(2);
    } finally {
      api.db.prepare('UPDATE events SET name = ?, description = ? WHERE id = ?').run(game.name, game.description, game.id);
    }
  });
});

describe.each(CHANNELS)('robots.txt and sitemap.xml of $alias', ({ alias }) => {
  const other: Alias = alias === 'summit' ? 'boreal' : 'summit';

  it("robots.txt: public pages allowed, the private ones not, the sitemap named on the channel's origin", async () => {
    const answer = await getOn(`${alias}.localhost:${port}`, '/robots.txt', { accept: '*/*' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = answer.body.split('\n');
    expect(lines).toContain(`Sitemap: ${originOf(alias)}/sitemap.xml`);
    expect(answer.body).not.toContain(other);
    const firstGroup = lines.slice(0, lines.indexOf(''));
    expect(firstGroup).toContain('User-agent: *');
    expect(firstGroup).toContain('Allow: /');
    for (const path of ['/api/', '/graphql', '/media/', '/profile', '/buy', '/select-package/', '/simulate', '/statecharts', '/watch_library/', '/share/']) {
      expect(firstGroup, path).toContain(`Disallow: ${path}`);
    }
    for (const path of ['/watch', '/vod_library', '/upcoming', '/packages']) {
      expect(firstGroup.some((line) => line.startsWith('Disallow:') && path.startsWith(line.slice('Disallow: '.length))), path).toBe(false);
    }
  });

  it("sitemap.xml: home, the library, this channel's games and VOD items, with lastmod, as valid XML", async () => {
    const answer = await getOn(`${alias}.localhost:${port}`, '/sitemap.xml', { accept: '*/*' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/xml; charset=utf-8');
    const xml = xmlOf(answer.body);
    expect(xml.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const urls = [...xml.getElementsByTagName('url')].map((url) => ({
      loc: url.getElementsByTagName('loc')[0]?.textContent ?? '',
      lastmod: url.getElementsByTagName('lastmod')[0]?.textContent ?? null,
    }));
    const origin = originOf(alias);
    expect(urls.every((url) => url.loc.startsWith(`${origin}/`))).toBe(true);
    const paths = urls.map((url) => url.loc.slice(origin.length));
    const games = api.db.prepare<[number], { id: number }>('SELECT id FROM events WHERE channel_id = ?').all(channelId[alias]).map((e) => `/watch/${e.id}`);
    const items = api.db.prepare<[number], { id: number }>('SELECT id FROM vod_media WHERE channel_id = ?').all(channelId[alias]).map((v) => `/vod_library/${v.id}`);
    expect(paths.sort()).toEqual(['/', '/vod_library', ...games, ...items].sort());
    const lastmod = (path: string) => urls.find((url) => url.loc === `${origin}${path}`)?.lastmod;
    expect(lastmod('/')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
    expect(items.every((path) => /^\d{4}-\d{2}-\d{2}T/.test(lastmod(path) ?? ''))).toBe(true);
    // Games that have started carry one; nothing is dated in the future.
    const now = api.clock.now();
    for (const url of urls) if (url.lastmod) expect(Date.parse(url.lastmod) / 1000, url.loc).toBeLessThanOrEqual(now);
    expect(urls.filter((url) => url.loc.includes('/watch/') && url.lastmod !== null).length).toBeGreaterThan(0);
  });
});
