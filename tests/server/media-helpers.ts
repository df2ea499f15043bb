import { request } from 'node:http';
import { expect } from 'vitest';
import { DEMO_PASSWORD, type TestApi } from './harness';

export interface EventItem {
  id: number;
  type: 'paid' | 'free';
  stream_status: 'vod' | 'live' | 'upcoming';
  event_utc_ts: number;
  duration: number;
  image: string;
}
interface ErrorBody {
  error: { message: string; errors: Record<string, string[]> };
}
export interface Playback {
  url: string;
  stream_type: 'live' | 'vod';
  expires_at: number;
}

let counter = 0;

/**
 * A new viewer of the key's channel holding exactly `capabilities` (as stored: `Watch`, `Clipping`, ...). The demo
 * viewers cover "all", "none" and "watch, geo-blocked"; the mixes in between are set on a fresh account.
 */
export async function viewerWith(api: TestApi, key: string, capabilities: string[]): Promise<{ id: number; token: string }> {
  const email = `media-${++counter}-${Date.now()}@summit.test`;
  const result = await api.call<{ token: string; user: { id: number } }>('POST', '/v2/auth/register', {
    key,
    body: { first_name: 'Mia', last_name: 'Media', email, password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD, terms: true },
  });
  expect(result.status).toBe(201);
  api.db.prepare('UPDATE users SET capabilities = ? WHERE id = ?').run(JSON.stringify(capabilities), result.body.user.id);
  return { id: result.body.user.id, token: result.body.token };
}

/** The channel's events in one state, oldest first. */
export async function eventsIn(api: TestApi, key: string, status: EventItem['stream_status']): Promise<EventItem[]> {
  const list = await api.call<{ data: EventItem[] }>('GET', '/events', { key, query: { stream_status: status, no_limit: 1, sort_field: 'event_utc_ts', sort_direction: 'asc' } });
  expect(list.status).toBe(200);
  expect(list.body.data.length).toBeGreaterThan(0);
  return list.body.data;
}

export function expectError(result: { status: number; body: unknown }, status: number, field: string, message?: string): void {
  expect(result.status, JSON.stringify(result.body)).toBe(status);
  const body = result.body as ErrorBody;
  expect(Object.keys(body.error.errors)).toContain(field);
  if (message !== undefined) expect(body.error.message).toBe(message);
}

/** GET of a media URL: status, headers and the raw bytes. */
export async function media(url: string): Promise<{ status: number; type: string; cache: string; bytes: Buffer; text: string }> {
  const response = await fetch(url);
  const bytes = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    cache: response.headers.get('cache-control') ?? '',
    bytes,
    text: bytes.toString('utf8'),
  };
}

/** A request whose path is sent exactly as written (fetch would resolve `..` before sending it). */
export function rawGet(origin: string, path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The URIs of a media playlist, and its tags. */
export function parsePlaylist(text: string): { tags: string[]; uris: string[]; sequence: number } {
  const lines = text.trim().split('\n');
  const sequence = Number(lines.find((l) => l.startsWith('#EXT-X-MEDIA-SEQUENCE:'))?.split(':')[1]);
  return { tags: lines.filter((l) => l.startsWith('#')), uris: lines.filter((l) => !l.startsWith('#')), sequence };
}

/** A quoted-string or plain attribute list (`A=1,B="x,y"`), unquoted. */
const attributesOf = (list: string): Record<string, string> =>
  Object.fromEntries([...list.matchAll(/([A-Z-]+)=("[^"]*"|[^,]*)/g)].map((m) => [m[1]!, m[2]!.replace(/^"|"$/g, '')]));

/**
 * The renditions a multivariant playlist names: its variants (each `#EXT-X-STREAM-INF` line, its attributes and URI),
 * in the playlist's order, and its subtitle renditions' attributes. `variant` and `streamInf` are the first variant's.
 */
export function parseMultivariant(text: string): {
  variant: string;
  streamInf: string;
  variants: Array<{ uri: string; streamInf: string; attributes: Record<string, string> }>;
  subtitles: Array<Record<string, string>>;
} {
  const lines = text.trim().split('\n');
  const variants = lines.flatMap((line, at) =>
    line.startsWith('#EXT-X-STREAM-INF:') ? [{ uri: lines[at + 1]!, streamInf: line, attributes: attributesOf(line.slice('#EXT-X-STREAM-INF:'.length)) }] : [],
  );
  expect(variants.length, text).toBeGreaterThan(0);
  const subtitles = lines.filter((l) => l.startsWith('#EXT-X-MEDIA:')).map((l) => attributesOf(l.slice('#EXT-X-MEDIA:'.length)));
  return { variant: variants[0]!.uri, streamInf: variants[0]!.streamInf, variants, subtitles };
}

/** The media playlist of the first (lowest) video rendition a stream's multivariant `index.m3u8` names, fetched. */
export async function videoPlaylist(url: string): Promise<Awaited<ReturnType<typeof media>> & { url: string }> {
  const multivariant = await media(url);
  expect(multivariant.status, multivariant.text).toBe(200);
  const target = new URL(parseMultivariant(multivariant.text).variant, url).href;
  return { ...(await media(target)), url: target };
}
