/**
 * Each channel's web app manifest and icons (server/http/manifest.ts, server/http/monogram.ts), asked for as a
 * browser on the channel's host asks: the manifest names the channel of the host, in its colours and language; the
 * icons it lists are real PNGs of the sizes it says, in the channel's colours.
 */
import { request as httpRequest } from 'node:http';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialsOf, shortNameOf } from '../../server/http/monogram';
import { boreal as BOREAL } from '../../server/seed/boreal';
import { summit as SUMMIT } from '../../server/seed/summit';
import { startTestApi, type TestApi } from './harness';
import type { WebAppManifest as Manifest } from '../../server/http/manifest';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});

afterAll(async () => {
  await api?.close();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET as a browser on `host` sends it (Node's fetch cannot set Host). */
function getOn(host: string, path: string): Promise<Answer> {
  const { hostname, port } = new URL(api.origin);
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ host: hostname, port, path, headers: { host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    sent.on('error', reject);
    sent.end();
  });
}


async function manifestOn(host: string): Promise<Manifest> {
  const answer = await getOn(host, '/manifest.webmanifest');
  expect(answer.status).toBe(200);
  expect(answer.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
  expect(answer.headers['cache-control']).toBe('no-cache');
  return JSON.parse(answer.body.toString('utf8')) as Manifest;
}

/** A PNG's size and its RGBA pixels (8-bit RGBA, unfiltered rows: what monogram.ts writes). */
function decodePng(data: Buffer): { width: number; height: number; pixel(x: number, y: number): number[] } {
  expect([...data.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let offset = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (offset < data.length) {
    const length = data.readUInt32BE(offset);
    const type = data.toString('ascii', offset + 4, offset + 8);
    const body = data.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      expect([...body.subarray(8, 13)], 'bit depth 8, RGBA').toEqual([8, 6, 0, 0, 0]);
    }
    if (type === 'IDAT') idat.push(body);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  expect(raw.length).toBe((width * 4 + 1) * height);
  return { width, height, pixel: (x, y) => [...raw.subarray(y * (width * 4 + 1) + 1 + x * 4, y * (width * 4 + 1) + 1 + x * 4 + 4)] };
}

const rgba = (hex: string): number[] => [Number.parseInt(hex.slice(1, 3), 16), Number.parseInt(hex.slice(3, 5), 16), Number.parseInt(hex.slice(5, 7), 16), 255];

describe('the manifest of the channel serving the host', () => {
  it.each([
    ['summit.localhost', SUMMIT],
    ['boreal.localhost', BOREAL],
  ])('on %s names its channel, in its language and colours, as a standalone app of the whole site', async (host, seed) => {
    const manifest = await manifestOn(host);
    expect(manifest).toMatchObject({
      id: '/',
      name: seed.name,
      lang: seed.language,
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: seed.colors.header_background,
      background_color: seed.colors.body_background,
    });
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(manifest.icons.map(({ sizes, type, purpose }) => `${purpose} ${type} ${sizes}`)).toEqual([
      'any image/svg+xml any',
      'maskable image/svg+xml any',
      'any image/png 192x192',
      'any image/png 512x512',
      'maskable image/png 192x192',
      'maskable image/png 512x512',
    ]);
    for (const icon of manifest.icons) expect(icon.src.startsWith(`/app-icons/${seed.alias}/`), icon.src).toBe(true);
  });

  it('differs between the two channels, and a host no channel lists gets the default channel', async () => {
    const [summit, boreal, other] = await Promise.all([manifestOn('summit.localhost'), manifestOn('boreal.localhost'), manifestOn('elsewhere.example')]);
    expect(summit.name).not.toBe(boreal.name);
    expect(summit.theme_color).not.toBe(boreal.theme_color);
    expect(other).toEqual(summit);
  });

  it('follows the channel settings: a colour that is not #rrggbb falls back to a neutral one', async () => {
    const row = api.db.prepare<[string], { colors: string }>('SELECT colors FROM channels WHERE alias = ?').get('boreal')!;
    try {
      api.db.prepare('UPDATE channels SET colors = ? WHERE alias = ?').run(JSON.stringify({ ...JSON.parse(row.colors), header_background: 'teal', body_background: '#ABCDEF' }), 'boreal');
      const manifest = await manifestOn('boreal.localhost');
      expect(manifest.theme_color).toBe('#1f2937');
      expect(manifest.background_color).toBe('#abcdef');
    } finally {
      api.db.prepare('UPDATE channels SET colors = ? WHERE alias = ?').run(row.colors, 'boreal');
    }
  });
});

describe('the icons', () => {
  it.each([192, 512])('any-%i.png is a square PNG of that size: the header colour on a transparent ground, rounded, with the initials in the header text colour', async (size) => {
    const answer = await getOn('boreal.localhost', `/app-icons/boreal/any-${size}.png`);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('image/png');
    const png = decodePng(answer.body);
    expect([png.width, png.height]).toEqual([size, size]);
    expect(png.pixel(0, 0)[3], 'a rounded corner is transparent').toBe(0);
    expect(png.pixel(size / 2, 2)).toEqual(rgba(BOREAL.colors.header_background));
    const colours = new Set<string>();
    for (let x = 0; x < size; x++) colours.add(png.pixel(x, Math.floor(size / 2)).join(','));
    expect(colours, 'the letters cross the middle row').toContain(rgba(BOREAL.colors.header_text_color).join(','));
  });

  it('maskable-512.png fills the whole square, and keeps its letters inside the safe zone (a circle of 80 % of its width)', async () => {
    const png = decodePng((await getOn('summit.localhost', '/app-icons/summit/maskable-512.png')).body);
    const ground = rgba(SUMMIT.colors.header_background);
    expect(png.pixel(0, 0)).toEqual(ground);
    expect(png.pixel(511, 511)).toEqual(ground);
    const letters = rgba(SUMMIT.colors.header_text_color).join(',');
    let lit = 0;
    for (let y = 0; y < 512; y += 2) {
      for (let x = 0; x < 512; x += 2) {
        if (png.pixel(x, y).join(',') !== letters) continue;
        lit++;
        expect(Math.hypot(x - 256, y - 256), `(${x}, ${y})`).toBeLessThanOrEqual(0.4 * 512);
      }
    }
    expect(lit).toBeGreaterThan(100);
  });

  it('the SVG icon carries the initials in the channel colours, under a policy that runs nothing', async () => {
    const answer = await getOn('summit.localhost', '/app-icons/summit/any.svg');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
    const svg = answer.body.toString('utf8');
    expect(svg).toContain(`fill="${SUMMIT.colors.header_background}"`);
    expect(svg).toContain(`>${initialsOf(SUMMIT.name)}</text>`);
  });

  it.each(['/app-icons/nobody/any-192.png', '/app-icons/summit/any-64.png', '/app-icons/summit/logo.png', '/app-icons/summit/any.svg.png'])('%s is a 404', async (path) => {
    expect((await getOn('summit.localhost', path)).status).toBe(404);
  });
});

describe('names', () => {
  it('initials drop accents and stop at three', () => {
    expect(initialsOf('Réseau Sport Boréal')).toBe('RSB');
    expect(initialsOf('Summit Sports Network')).toBe('SSN');
    expect(initialsOf('Élan - Nord & Sud Sports TV')).toBe('ENS');
    expect(initialsOf('')).toBe('?');
  });

  it('a short name keeps a short name whole, else takes its first distinctive word', () => {
    expect(shortNameOf('Summit Sports Network')).toBe('Summit');
    expect(shortNameOf('Réseau Sport Boréal')).toBe('Boréal');
    expect(shortNameOf('Club TV')).toBe('Club TV');
    expect(shortNameOf('Extraordinarily Distinguished')).toBe('ED');
  });
});
