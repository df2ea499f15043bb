import { createHash } from 'node:crypto';

/** The pages' only style, inline so that each page stands alone; their CSP allows exactly it, by hash. */
const CONSENT_STYLE = `
  body { font-family: system-ui, sans-serif; background: #f4f5f7; display: grid; place-items: center; min-height: 100vh; margin: 0; }
  main { box-sizing: border-box; background: #fff; padding: 2rem 1.25rem; border-radius: 12px; box-shadow: 0 2px 12px #0002; width: min(24rem, 100% - 2rem); }
  label { display: block; margin-top: 1rem; font-weight: 600; }
  input { width: 100%; box-sizing: border-box; padding: .6rem; margin-top: .3rem; font-size: 1rem; }
  input[aria-invalid="true"] { border: 2px solid #b00020; }
  .hint { margin: .3rem 0 0; font-size: .9rem; color: #444; }
  .error { margin-top: 1rem; padding: .6rem .8rem; border-radius: 6px; background: #fdecea; color: #8a0018; }
  .error p, .notice p { margin: .2rem 0; }
  .notice { margin-top: 1rem; padding: .6rem .8rem; border-radius: 6px; background: #e7f0fb; color: #0b3a66; }
  button { margin-top: 1.5rem; width: 100%; padding: .8rem; font-size: 1rem; cursor: pointer; }
`;

/**
 * The provider pages' own Content-Security-Policy, replacing the app's (server/http/security.ts), which allows no
 * inline style: nothing but their stylesheet, and no framing. `form-action` is left open on purpose: the consent
 * form's answer redirects to the web app, which may live on another origin (APP_ORIGIN), and browsers hold such
 * redirects to the directive too.
 */
export const CONSENT_PAGE_POLICY = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(CONSENT_STYLE).digest('base64')}'`,
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const providerNames: Record<string, string> = { google: 'Google', facebook: 'Facebook' };
const providerName = (provider: string): string => escapeHtml(providerNames[provider] ?? provider);

/** One page of the provider: its title (already escaped) and the markup of its `<main>`. */
function providerPage(title: string, main: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${CONSENT_STYLE}</style>
</head>
<body>
<main>
${main}
</main>
</body>
</html>`;
}

interface ConsentPageInput {
  provider: string;
  state: string;
  /** The sign-in flow this browser holds in its cookie, posted back with the form. */
  flow: string;
  channelName: string;
  action: string;
  /** What was typed, when the page is shown again (never the secret). */
  email?: string;
  name?: string;
  /** Why the page is shown again: the refusal's message, the details beside it, and the fields it names. */
  error?: { message: string; details: string[]; fields: string[] };
  /** The person is opening a new identity: the name is required and the password is a new one. */
  creating?: boolean;
  /** A confirmation link was just mailed to this address: the form signs in once it has been followed. */
  mailedTo?: string;
}

/**
 * The reference social provider's consent screen. A real deployment sends the viewer to Google or Facebook; the
 * reference API plays the provider locally so the whole redirect flow can be exercised offline. Like a real provider
 * it asks for its own password (an identity is opened with one, and signing in to it takes it) and has a new
 * identity's owner confirm the address before it signs in anywhere.
 */
export function consentPage(input: ConsentPageInput): string {
  const provider = providerName(input.provider);
  const error = input.error;
  const invalid = (field: string): string => (error?.fields.includes(field) ? ' aria-invalid="true"' : '');
  const describedBy = (...hints: string[]): string => {
    const ids = [...(error ? ['consent-error'] : []), ...(input.mailedTo ? ['consent-notice'] : []), ...hints];
    return ids.length > 0 ? ` aria-describedby="${ids.join(' ')}"` : '';
  };
  const alert = error
    ? `<div id="consent-error" class="error" role="alert">
    <p>${escapeHtml(error.message)}</p>${error.details.map((detail) => `\n    <p>${escapeHtml(detail)}</p>`).join('')}
  </div>`
    : '';
  const notice = input.mailedTo
    ? `<div id="consent-notice" class="notice" role="status">
    <p>Check your mailbox: we sent a link to <strong>${escapeHtml(input.mailedTo)}</strong> to confirm that this address is yours.</p>
    <p>Follow it, then sign in here again with your ${provider} password.</p>
  </div>`
    : '';
  const title = `${error ? 'Error: ' : input.mailedTo ? 'Check your mailbox: ' : ''}Sign in with ${provider} (reference provider)`;
  return providerPage(
    title,
    `  <h1>Continue with ${provider}</h1>
  <p><strong>${escapeHtml(input.channelName)}</strong> would like to know your name and email address.</p>
  ${alert}${notice}
  <form method="post" action="${escapeHtml(input.action)}">
    <input type="hidden" name="state" value="${escapeHtml(input.state)}">
    <input type="hidden" name="flow" value="${escapeHtml(input.flow)}">
    <label for="email">Email</label>
    <input id="email" name="email" type="email" autocomplete="username" required maxlength="254" value="${escapeHtml(input.email ?? '')}"${describedBy()}${invalid('email')}>
    <label for="password">${provider} password</label>
    <input id="password" name="password" type="password" autocomplete="${input.creating ? 'new-password' : 'current-password'}" required maxlength="200"${describedBy('password-hint')}${invalid('password')}>
    <p id="password-hint" class="hint">New to ${provider}? Choose a password of at least 8 characters.</p>
    <label for="name">Name${input.creating ? '' : ' (new accounts only)'}</label>
    <input id="name" name="name" autocomplete="name" maxlength="200" value="${escapeHtml(input.name ?? '')}"${input.creating ? ' required' : ''}${describedBy('name-hint')}${invalid('name')}>
    <p id="name-hint" class="hint">The name your ${provider} account shows. Needed only the first time.</p>
    <button type="submit">Allow and continue</button>
  </form>`,
  );
}

/** A page of the provider that only tells something (a sign-in this browser did not start, a dead link): no form. */
export function noticePage(input: { provider: string; heading: string; message: string; tone: 'error' | 'notice' }): string {
  const role = input.tone === 'error' ? 'alert' : 'status';
  return providerPage(
    `${input.tone === 'error' ? 'Error: ' : ''}${escapeHtml(input.heading)} (${providerName(input.provider)}, reference provider)`,
    `  <h1>${escapeHtml(input.heading)}</h1>
  <div class="${input.tone}" role="${role}">
    <p>${escapeHtml(input.message)}</p>
  </div>`,
  );
}

/**
 * The page of the mailed confirmation link. It asks rather than confirms on opening: mail scanners open links, and
 * one must not prove a mailbox for whoever typed its address.
 */
export function confirmPage(input: { provider: string; email: string; token: string; action: string }): string {
  const provider = providerName(input.provider);
  return providerPage(
    `Confirm your address (${provider}, reference provider)`,
    `  <h1>Confirm your address</h1>
  <p>Someone opened a ${provider} account with <strong>${escapeHtml(input.email)}</strong>. Confirm only if it was you: that account will then sign in with this address.</p>
  <form method="post" action="${escapeHtml(input.action)}">
    <input type="hidden" name="token" value="${escapeHtml(input.token)}">
    <button type="submit">Confirm my address</button>
  </form>`,
  );
}
