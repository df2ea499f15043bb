/**
 * A browser at the reference social provider (server/domain/social.ts), for the suites that sign in through it: it
 * keeps the sign-in flow's cookie as a browser does, posts the consent form the page served, follows the callback,
 * and proves an identity's mailbox by following the link mailed to it, as its owner would from their inbox.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { SIGN_IN_FLOW_COOKIE } from '../../server/domain/social';
import { fetchApi } from './contract-responses';
import type { TestApi } from './harness';

/** The provider password of the identities the suites open. */
export const PROVIDER_PASSWORD = 'Provider-pass-1';

/** What the app passes to the consent page when it starts a sign-in (src/app/logic/social-nonce.ts makes its own). */
export const newNonce = (): string => randomBytes(32).toString('base64url');

/** The consent page as served: its status and markup, and the hidden fields and action of its form. */
export interface ConsentPage {
  status: number;
  html: string;
  action: string;
  state: string;
  flow: string;
}

export interface ConsentFields {
  email: string;
  password: string;
  name?: string;
}

const hidden = (html: string, name: string): string => html.match(new RegExp(`name="${name}" value="([^"]*)"`))?.[1] ?? '';

/** One browser: its cookie for the provider's pages (HttpOnly, so only the server's answers ever change it). */
export class ProviderBrowser {
  private cookie: string | null = null;

  constructor(
    private readonly api: TestApi,
    readonly provider = 'google',
  ) {}

  /** The flow id the browser's cookie holds, if any. */
  get flowCookie(): string | null {
    return this.cookie;
  }

  /** Opens the consent page as the app's "Continue with" link does: the API key as `state`, and the app's nonce. */
  async open(state: string, nonce: string): Promise<ConsentPage> {
    const query = new URLSearchParams({ state, nonce });
    const response = await this.send(`${this.api.baseUrl}/auth/login/${this.provider}?${query.toString()}`);
    const html = await response.text();
    return { status: response.status, html, action: html.match(/<form method="post" action="([^"]+)"/)?.[1] ?? '', state: hidden(html, 'state'), flow: hidden(html, 'flow') };
  }

  /** Posts the page's form with these fields (a browser sends the name field even when it is empty). */
  submit(page: ConsentPage, fields: ConsentFields, headers: Record<string, string> = {}): Promise<Response> {
    const form = new URLSearchParams({ state: page.state, flow: page.flow, email: fields.email, password: fields.password, name: fields.name ?? '' });
    return this.send(page.action, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: form.toString() });
  }

  /** Follows a redirect the provider answered (its callback). */
  follow(location: string): Promise<Response> {
    return this.send(location);
  }

  private async send(url: string, init: RequestInit = {}): Promise<Response> {
    const path = new URL(url).pathname;
    // The cookie goes back only to the provider's pages, as its Path says.
    const sendCookie = this.cookie !== null && path.startsWith(new URL(`${this.api.baseUrl}/auth/login`).pathname);
    const headers = { ...(init.headers as Record<string, string> | undefined), ...(sendCookie ? { cookie: `${SIGN_IN_FLOW_COOKIE}=${this.cookie}` } : {}) };
    const response = await fetchApi(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const [name, value = ''] = pair.split('=');
      if (name !== SIGN_IN_FLOW_COOKIE) continue;
      const expired = attributes.some((attribute) => attribute.toLowerCase() === 'max-age=0');
      this.cookie = expired || value === '' ? null : decodeURIComponent(value);
    }
    return response;
  }
}

/** The newest confirmation link the provider mailed to an address (the reference API keeps mail in `outbox`). */
export function confirmationLink(api: TestApi, email: string): string | undefined {
  return api.db
    .prepare<[string], { link: string }>("SELECT link FROM outbox WHERE email = ? COLLATE NOCASE AND kind = 'social_identity_confirm' ORDER BY id DESC LIMIT 1")
    .get(email)?.link;
}

/** Follows a confirmation link as its owner does: opens its page, then confirms. Answers the confirmation's answer. */
export async function followConfirmation(link: string): Promise<Response> {
  const page = await fetchApi(link, { redirect: 'manual' });
  const html = await page.text();
  expect(page.status, html).toBe(200);
  const action = html.match(/<form method="post" action="([^"]+)"/)?.[1] ?? '';
  return fetchApi(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: hidden(html, 'token') }).toString(),
    redirect: 'manual',
  });
}

/** Proves an identity's mailbox with the newest link mailed to it. */
export async function proveMailbox(api: TestApi, email: string): Promise<void> {
  const link = confirmationLink(api, email);
  expect(link, `a confirmation mail to ${email}`).toBeDefined();
  const confirmed = await followConfirmation(link ?? '');
  expect(confirmed.status, await confirmed.clone().text()).toBe(200);
}

export interface HandOff {
  code: string;
  nonce: string;
  /** The app's URL the callback sent the browser to. */
  landing: URL;
}

/**
 * A whole sign-in through the provider, as a person does it in one browser: the consent page, the form, the mailed
 * link when the identity has yet to prove its mailbox (then the form again), and the callback to the app's /login.
 * Answers the one-time code with the nonce the app started with.
 */
export async function providerHandOff(
  api: TestApi,
  options: { key: string; email: string; name?: string; password?: string; provider?: string; nonce?: string },
): Promise<HandOff> {
  const browser = new ProviderBrowser(api, options.provider ?? 'google');
  const nonce = options.nonce ?? newNonce();
  const page = await browser.open(options.key, nonce);
  expect(page.status, page.html).toBe(200);
  const fields = { email: options.email, password: options.password ?? PROVIDER_PASSWORD, name: options.name ?? 'Sam Social' };
  let consented = await browser.submit(page, fields);
  if (consented.status === 401 && (await consented.clone().text()).includes('Check your mailbox')) {
    await proveMailbox(api, options.email);
    consented = await browser.submit(page, fields);
  }
  expect(consented.status, await consented.clone().text()).toBe(302);
  const callback = await browser.follow(consented.headers.get('location') ?? '');
  expect(callback.status, await callback.clone().text()).toBe(302);
  const landing = new URL(callback.headers.get('location') ?? '');
  const code = landing.searchParams.get('code');
  expect(code).toBeTruthy();
  return { code: code ?? '', nonce, landing };
}
