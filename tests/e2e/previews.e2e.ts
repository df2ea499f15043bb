/**
 * Link previews of the served production build, read as a chat's link unfurler or a crawler reads them: plain HTTP
 * (Playwright's request fixture, no browser), on each channel's own host name. Then the app still boots from that
 * HTML, with one title, its own.
 */
import type { APIRequestContext } from '@playwright/test';
import { BOREAL, SUMMIT } from '../server/harness';
import { appReady } from './helpers';
import { type ChannelAlias, expect, type Stack, test } from './fixtures';

const CHANNELS = [
  { alias: 'summit' as ChannelAlias, seed: SUMMIT, locale: 'en_US' },
  { alias: 'boreal' as ChannelAlias, seed: BOREAL, locale: 'fr_CA' },
];

const decode = (text: string): string =>
  text.replace(/&(quot|#39|lt|gt|amp);/g, (_, name: string) => ({ quot: '"', '#39': "'", lt: '<', gt: '>', amp: '&' })[name] ?? '');

/** The head's tags as a client without JavaScript reads them from the HTML. */
function tagsOf(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const meta = (attribute: 'name' | 'property', key: string): string | null => {
    const found = new RegExp(`<meta ${attribute}="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(head);
    return found ? decode(found[1] ?? '') : null;
  };
  return {
    titles: [...head.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => decode(m[1] ?? '')),
    descriptions: [...head.matchAll(/<meta name="description" content="([^"]*)"/g)].map((m) => decode(m[1] ?? '')),
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(head)?.[1] ?? null,
    og: (key: string) => meta('property', `og:${key}`),
    twitter: (key: string) => meta('name', `twitter:${key}`),
  };
}

/**
 * A GET on the channel's host name. Node's resolver may not know *.localhost, so the request goes to the address
 * `npm start` prints, naming the host as a browser on the channel's domain would.
 */
async function onHost(request: APIRequestContext, stack: Stack, alias: ChannelAlias, path: string) {
  const host = new URL(stack.originFor(alias)).host;
  return request.get(`${stack.origin}${path}`, { headers: { host, accept: 'text/html' } });
}

for (const { alias, seed, locale } of CHANNELS) {
  test(`${alias}: a game, a VOD item, robots.txt and sitemap.xml preview on ${alias}.localhost`, async ({ request, stack }) => {
    const origin = stack.originFor(alias);
    const game = stack.api.db
      .prepare<[string], { id: number; name: string }>('SELECT e.id, e.name FROM events e JOIN channels c ON c.id = e.channel_id WHERE c.alias = ? ORDER BY e.id LIMIT 1')
      .get(alias)!;
    const answer = await onHost(request, stack, alias, `/watch/${game.id}`);
    expect(answer.status()).toBe(200);
    const tags = tagsOf(await answer.text());
    expect(tags.titles).toEqual([`${game.name} · ${seed.name}`]);
    expect(tags.descriptions).toHaveLength(1);
    expect(tags.canonical).toBe(`${origin}/watch/${game.id}`);
    expect(tags.og('url')).toBe(`${origin}/watch/${game.id}`);
    expect(tags.og('title')).toBe(game.name);
    expect(tags.og('site_name')).toBe(seed.name);
    expect(tags.og('locale')).toBe(locale);
    expect(tags.twitter('card')).toBe('summary_large_image');
    // The picture a preview shows is there, on the channel's host.
    const image = tags.og('image');
    expect(image?.startsWith(`${origin}/media/`)).toBe(true);
    const picture = await request.get(`${stack.origin}${new URL(image!).pathname}`, { headers: { host: new URL(origin).host } });
    expect(picture.status()).toBe(200);
    expect(picture.headers()['content-type']).toMatch(/^image\//);

    const item = stack.api.db
      .prepare<[string], { id: number; title: string }>('SELECT v.id, v.title FROM vod_media v JOIN channels c ON c.id = v.channel_id WHERE c.alias = ? ORDER BY v.id LIMIT 1')
      .get(alias)!;
    const vod = tagsOf(await (await onHost(request, stack, alias, `/vod_library/${item.id}`)).text());
    expect(vod.og('title')).toBe(item.title);
    expect(vod.og('type')).toBe('video.other');
    expect(vod.og('video')).toMatch(new RegExp(`^${origin}/media/vod/.+/index\\.m3u8$`));

    const robots = await (await onHost(request, stack, alias, '/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);
    expect(robots).toMatch(/^Disallow: \/profile$/m);
    const sitemap = await onHost(request, stack, alias, '/sitemap.xml');
    expect(sitemap.headers()['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] ?? '');
    expect(locs).toContain(`${origin}/watch/${game.id}`);
    expect(locs).toContain(`${origin}/vod_library/${item.id}`);
    expect(locs.every((loc) => loc.startsWith(`${origin}/`))).toBe(true);
  });
}

test('the app boots from a preview page and keeps one title, its own', async ({ page, stack }) => {
  const game = stack.api.db.prepare<[], { id: number; name: string }>("SELECT e.id, e.name FROM events e JOIN channels c ON c.id = e.channel_id WHERE c.alias = 'boreal' ORDER BY e.id LIMIT 1").get()!;
  await page.goto(`${stack.originFor('boreal')}/watch/${game.id}`);
  await appReady(page);
  await expect(page).toHaveTitle(new RegExp(` · ${BOREAL.name}$`));
  await expect(page.locator('head title')).toHaveCount(1);
  await expect(page.locator('head meta[name="description"]')).toHaveCount(1);
});
