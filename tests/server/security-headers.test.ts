/**
 * Security headers and CORS of the serve process (server/http/security.ts), on the real API with a small built app:
 * the Content-Security-Policy of the pages (no inline script; Stripe and the tag manager allowed; no framing except
 * the embed page, whose embedders are configurable), Referrer-Policy and Permissions-Policy, and CORS on /graphql
 * and /api (same origin unless configured), with /media left readable from anywhere.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';
import { fetchApi } from './contract-responses';

const NAVIGATION = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8';

let dir: string;
let dist: string;
const started: TestApi[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'security-headers-'));
  dist = join(dir, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>App</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'app-Ab12Cd34.js'), 'export const app = 1;\n');
  writeFileSync(join(dist, 'assets', 'app-Ef56Gh78.css'), 'body { margin: 0 }\n');
});

afterAll(async () => {
  await Promise.all(started.map((api) => api.close()));
  rmSync(dir, { recursive: true, force: true });
});

async function api(overrides: Parameters<typeof startTestApi>[0] = {}): Promise<TestApi> {
  const started_ = await startTestApi(overrides, { graphql: true, app: { distDir: dist } });
  started.push(started_);
  return started_;
}

/** The CSP as directive → sources. */
function directives(header: string | null): Map<string, string[]> {
  return new Map(
    (header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

describe('the pages', () => {
  let defaults: TestApi;
  beforeAll(async () => {
    defaults = await api();
  });

  it('send a CSP without inline script that allows Stripe and the tag manager, and forbids framing', async () => {
    const response = await fetch(`${defaults.origin}/watch/12`, { headers: { accept: NAVIGATION } });
    expect(response.status).toBe(200);
    const csp = directives(response.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://www.googletagmanager.com']);
    for (const [name, sources] of csp) expect(sources, name).not.toContain("'unsafe-inline'");
    expect(csp.get('frame-src')).toContain('https://js.stripe.com');
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('permissions-policy')).toContain('camera=()');
    expect(response.headers.get('permissions-policy')).toContain('fullscreen=(self)');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('let any site frame /watch_embed/{id} by default, and only that page', async () => {
    const embed = await fetch(`${defaults.origin}/watch_embed/12`, { headers: { accept: NAVIGATION } });
    expect(embed.status).toBe(200);
    expect(directives(embed.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(['*']);
    expect(embed.headers.get('x-frame-options')).toBeNull();
    const notEmbed = await fetch(`${defaults.origin}/watch_embed/12/more`, { headers: { accept: NAVIGATION } });
    expect(directives(notEmbed.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('let only the configured sites frame the embed page', async () => {
    const configured = await api({ embedAncestors: ['https://club.example', 'https://league.example'] });
    const embed = await fetch(`${configured.origin}/watch_embed/5?autoplay=1`, { headers: { accept: NAVIGATION } });
    expect(directives(embed.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(['https://club.example', 'https://league.example']);
    const none = await api({ embedAncestors: [] });
    const refused = await fetch(`${none.origin}/watch_embed/5`, { headers: { accept: NAVIGATION } });
    expect(directives(refused.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(["'none'"]);
  });
});

describe('what is not a page', () => {
  const FRAMING_AND_FEATURES = ['x-frame-options', 'cross-origin-opener-policy', 'origin-agent-cluster', 'permissions-policy', 'x-xss-protection'];

  it('carries no header that only a page acts on, and keeps nosniff and the resource policy', async () => {
    const served = await api();
    const script = await fetch(`${served.origin}/assets/app-Ab12Cd34.js`);
    const style = await fetch(`${served.origin}/assets/app-Ef56Gh78.css`);
    const answer = await fetch(`${served.baseUrl}/keys`);
    for (const [what, response] of [['script', script], ['stylesheet', style], ['API answer', answer]] as const) {
      expect(response.status, what).toBe(200);
      for (const name of FRAMING_AND_FEATURES) expect(response.headers.get(name), `${what}: ${name}`).toBeNull();
      expect(response.headers.get('x-content-type-options'), what).toBe('nosniff');
      expect(response.headers.get('cross-origin-resource-policy'), what).toBe('same-origin');
    }
    // A module worker is ruled by its own script's policy, not its page's: scripts keep the CSP, the rest drop it.
    expect(directives(script.headers.get('content-security-policy')).get('connect-src')).toContain("'self'");
    expect(script.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(style.headers.get('content-security-policy')).toBeNull();
    expect(answer.headers.get('content-security-policy')).toBeNull();
  });
});

describe("the reference provider's consent page", () => {
  it('has its own policy: its one inline stylesheet, allowed by hash, and nothing else', async () => {
    const defaults = await api();
    const query = new URLSearchParams({ state: await defaults.apiKey(), nonce: 'a-nonce-the-app-made-for-this-sign-in' });
    const response = await fetchApi(`${defaults.origin}/api/auth/login/google?${query.toString()}`, { headers: { accept: NAVIGATION } });
    expect(response.status).toBe(200);
    const html = await response.text();
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    expect(style).toContain('font-family');
    const csp = directives(response.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('style-src')).toEqual([`'sha256-${createHash('sha256').update(style).digest('base64')}'`]);
    expect(html).not.toMatch(/<script/i);
  });
});

describe('CORS', () => {
  const preflight = (origin: string, path: string, from: string) =>
    fetch(`${origin}${path}`, {
      method: 'OPTIONS',
      headers: { origin: from, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-api-key' },
    });

  it('answers no other origin by default, on /graphql and /api', async () => {
    const defaults = await api();
    for (const path of ['/graphql', '/api/keys']) {
      const response = await preflight(defaults.origin, path, 'https://elsewhere.example');
      expect(response.headers.get('access-control-allow-origin'), path).toBeNull();
      const get = await fetchApi(`${defaults.origin}${path === '/graphql' ? '/graphql?query=%7B__typename%7D' : path}`, { headers: { origin: 'https://elsewhere.example' } });
      expect(get.headers.get('access-control-allow-origin'), path).toBeNull();
    }
  });

  it('allows the configured origins, and only them', async () => {
    const configured = await api({ corsOrigins: ['https://app-cdn.example'] });
    for (const path of ['/graphql', '/api/keys']) {
      const allowed = await preflight(configured.origin, path, 'https://app-cdn.example');
      expect(allowed.status, path).toBe(204);
      expect(allowed.headers.get('access-control-allow-origin'), path).toBe('https://app-cdn.example');
      expect(allowed.headers.get('access-control-allow-headers'), path).toContain('x-api-key');
      const refused = await preflight(configured.origin, path, 'https://elsewhere.example');
      expect(refused.headers.get('access-control-allow-origin'), path).toBeNull();
    }
  });

  it('leaves /media readable from any origin, as hls.js needs', async () => {
    const defaults = await api();
    const response = await fetch(`${defaults.origin}/media/posters/pattern-a/poster-1.jpg`, { headers: { origin: 'https://elsewhere.example' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });
});
