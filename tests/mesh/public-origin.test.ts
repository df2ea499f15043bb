/**
 * Every absolute URL the API hands out is built from the channel's public origin (server/http/public-origin.ts):
 * never the internal origin the GraphQL layer calls, never a host the deployment does not list. The requests here are
 * sent as a browser on a channel's host name sends them: to 127.0.0.1 with that `Host` (Node's fetch cannot set it).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WatchEventDocument } from '../../mesh/client/generated/documents/WatchEvent';
import { configFromEnv } from '../../server/config';
import { MAIL_WINDOW_SECONDS } from '../../server/domain/mail-limits';
import { BOREAL, DEMO_PASSWORD, startTestApi, SUMMIT, type TestApi } from '../server/harness';
import { eventsIn } from '../server/media-helpers';
import { persistedRequest } from './documents';

interface Sent {
  host: string;
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

let api: TestApi;
let port: number;
let dist: string;

beforeAll(async () => {
  // As `npm start` runs: no APP_ORIGIN, so the channels' listed host names decide.
  // A built app of one page, so that a page's own headers (its CSP) can be read.
  dist = mkdtempSync(join(tmpdir(), 'public-origin-app-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>App</title><div id="root"></div>');
  api = await startTestApi({ appOrigin: null }, { graphql: true, app: { distDir: dist } });
  port = Number(new URL(api.origin).port);
});
afterAll(async () => {
  await api.close();
  rmSync(dist, { recursive: true, force: true });
});

/** One request to this server as a browser on `host` sends it. */
function send(path: string, { host, method = 'GET', body, headers = {} }: Sent): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: unknown }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: '127.0.0.1', port, path, method, headers: { host, ...(payload ? { 'content-type': 'application/json' } : {}), ...headers } },
      (incoming) => {
        let text = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => (text += chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: text.startsWith('{') ? JSON.parse(text) : text }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

async function keyOn(host: string, channelKey: string): Promise<string> {
  const answer = await send('/api/get_api_key', { host, method: 'POST', body: { channel_key: channelKey } });
  expect(answer.status).toBe(200);
  return (answer.body as { api_key: string }).api_key;
}

function newestMail(email: string, kind: string): URL {
  const row = api.db.prepare<[string, string], { link: string }>('SELECT link FROM outbox WHERE email = ? AND kind = ? ORDER BY id DESC LIMIT 1').get(email, kind);
  if (!row) throw new Error(`no ${kind} mail for ${email}`);
  return new URL(row.link);
}

async function watch(host: string, key: string, token: string | null, eventId: number, headers: Record<string, string> = {}) {
  const answer = await send('/graphql', {
    host,
    method: 'POST',
    headers: { 'x-api-key': key, ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: persistedRequest(WatchEventDocument, { id: eventId }),
  });
  expect(answer.status).toBe(200);
  return (answer.body as { data: { playback: { url: string } | null } }).data.playback;
}

async function freeLiveEvent(channelKey: string): Promise<number> {
  const key = await api.apiKey(channelKey);
  const free = (await eventsIn(api, key, 'live')).find((event) => event.type === 'free');
  if (!free) throw new Error('no free live game');
  return free.id;
}

const email = (label: string) => `${label}-${Math.random().toString(36).slice(2, 8)}@origins.test`;
const registration = (address: string) => ({
  first_name: 'Origin',
  last_name: 'Test',
  email: address,
  password: DEMO_PASSWORD,
  password_confirmation: DEMO_PASSWORD,
  terms: true,
});

describe('mailed links', () => {
  it('a viewer who registers on boreal.localhost is mailed a Boréal link, on the port they used', async () => {
    const host = `boreal.localhost:${port}`;
    const address = email('boreal');
    const registered = await send('/api/v2/auth/register', { host, method: 'POST', body: { ...registration(address), api_key: await keyOn(host, BOREAL.channelKey) } });
    expect(registered.status).toBe(201);
    const link = newestMail(address, 'email_verify');
    expect(link.origin).toBe(`http://${host}`);
    expect(link.pathname).toBe('/verify-email');
  });

  it('a reset asked for through GraphQL on summit.localhost links to summit.localhost, not the internal origin', async () => {
    const host = `summit.localhost:${port}`;
    const key = await keyOn(host, SUMMIT.channelKey);
    const reset = await send('/graphql', {
      host,
      method: 'POST',
      headers: { 'x-api-key': key },
      body: { query: 'mutation R($e: EmailAddress!) { requestPasswordReset(input: { email: $e }) { message } }', variables: { e: 'fan@summit.test' } },
    });
    expect(reset.status).toBe(200);
    expect(newestMail('fan@summit.test', 'password_reset').origin).toBe(`http://${host}`);
  });

  it('a Host the deployment does not list never makes the link: the channel’s own host name does', async () => {
    const key = await keyOn(`summit.localhost:${port}`, SUMMIT.channelKey);
    const asked = await send('/api/auth/password-reset-request', { host: 'evil.example', method: 'POST', body: { email: 'fan@summit.test', api_key: key } });
    expect(asked.status).toBe(200);
    const link = newestMail('fan@summit.test', 'password_reset');
    expect(link.hostname).toBe('summit.localhost');
    expect(link.href).not.toContain('evil.example');
  });

  it('a forged X-Forwarded-Host from a browser is not believed, through GraphQL or straight to the API', async () => {
    const host = `summit.localhost:${port}`;
    const key = await keyOn(host, SUMMIT.channelKey);
    const headers = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
    await send('/graphql', {
      host,
      method: 'POST',
      headers: { 'x-api-key': key, ...headers },
      body: { query: 'mutation R($e: EmailAddress!) { requestPasswordReset(input: { email: $e }) { message } }', variables: { e: 'fan@summit.test' } },
    });
    expect(newestMail('fan@summit.test', 'password_reset').origin).toBe(`http://${host}`);
    // Straight to the API from loopback the header is a hop's word, yet a host no channel lists still never shows.
    // This is the address's fourth reset mail: past the window of the per-address mail limit, so that it goes.
    api.clock.advance(MAIL_WINDOW_SECONDS);
    const mailed = api.db.prepare('SELECT count(*) AS n FROM outbox').get() as { n: number };
    await send('/api/auth/password-reset-request', { host, method: 'POST', headers, body: { email: 'fan@summit.test', api_key: key } });
    expect((api.db.prepare('SELECT count(*) AS n FROM outbox').get() as { n: number }).n).toBe(mailed.n + 1);
    expect(newestMail('fan@summit.test', 'password_reset').hostname).toBe('summit.localhost');
  });
});

describe('playback and share URLs', () => {
  it('a game opened on boreal.localhost is granted a stream on boreal.localhost, which then plays', async () => {
    const host = `boreal.localhost:${port}`;
    const playback = await watch(host, await keyOn(host, BOREAL.channelKey), null, await freeLiveEvent(BOREAL.channelKey));
    const url = new URL(playback?.url ?? '');
    expect(url.origin).toBe(`http://${host}`);
    const playlist = await send(url.pathname, { host });
    expect(playlist.status).toBe(200);
    expect(String(playlist.body)).toContain('#EXTM3U');
  });

  it('the same game on 127.0.0.1 (npm start’s printed address) streams from 127.0.0.1', async () => {
    const host = `127.0.0.1:${port}`;
    const playback = await watch(host, await keyOn(host, SUMMIT.channelKey), null, await freeLiveEvent(SUMMIT.channelKey));
    expect(new URL(playback?.url ?? '').origin).toBe(`http://${host}`);
  });

  it('a channel whose media is on a CDN is granted CDN URLs, and its pages’ CSP lets them play', async () => {
    const cdn = 'http://cdn.boreal.test:8443';
    api.db.prepare('UPDATE channels SET media_origin = ? WHERE alias = ?').run(cdn, BOREAL.alias);
    try {
      const host = `boreal.localhost:${port}`;
      const playback = await watch(host, await keyOn(host, BOREAL.channelKey), null, await freeLiveEvent(BOREAL.channelKey));
      expect(new URL(playback?.url ?? '').origin).toBe(cdn);
      const page = await send('/watch/1', { host, headers: { accept: 'text/html' } });
      expect(String(page.headers['content-type'])).toContain('text/html');
      const policy = String(page.headers['content-security-policy']);
      expect(policy).toMatch(new RegExp(`media-src [^;]*${cdn.replace(/\./g, '\\.')}`));
      expect(policy).toMatch(new RegExp(`connect-src [^;]*${cdn.replace(/\./g, '\\.')}`));
    } finally {
      api.db.prepare('UPDATE channels SET media_origin = NULL WHERE alias = ?').run(BOREAL.alias);
    }
  });

  it('a channel’s own public origin wins over the host asked for', async () => {
    api.db.prepare('UPDATE channels SET public_origin = ? WHERE alias = ?').run('https://watch.boreal.example', BOREAL.alias);
    try {
      const host = `boreal.localhost:${port}`;
      const playback = await watch(host, await keyOn(host, BOREAL.channelKey), null, await freeLiveEvent(BOREAL.channelKey));
      expect(new URL(playback?.url ?? '').origin).toBe('https://watch.boreal.example');
    } finally {
      api.db.prepare('UPDATE channels SET public_origin = NULL WHERE alias = ?').run(BOREAL.alias);
    }
  });
});

describe('APP_ORIGIN', () => {
  it('takes one origin for the default channel, or alias=origin pairs, and refuses anything else at start', () => {
    expect(configFromEnv({ APP_ORIGIN: 'https://summit.example' })).toMatchObject({ appOrigin: 'https://summit.example', channelOrigins: {} });
    expect(configFromEnv({ APP_ORIGIN: 'summit=https://summit.example, boreal=https://boreal.example:8443' })).toMatchObject({
      appOrigin: null,
      channelOrigins: { summit: 'https://summit.example', boreal: 'https://boreal.example:8443' },
    });
    expect(() => configFromEnv({ APP_ORIGIN: 'https://summit.example/app' })).toThrow(/not an origin/);
    expect(() => configFromEnv({ APP_ORIGIN: 'javascript:alert(1)' })).toThrow(/not an origin/);
    expect(() => configFromEnv({ APP_ORIGIN: 'summit=' })).toThrow(/alias=origin/);
  });
});
