const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const providerNames: Record<string, string> = { google: 'Google', facebook: 'Facebook' };

/**
 * The reference social provider's consent screen. A real deployment sends the viewer to Google or Facebook;
 * the reference API plays the provider locally so the whole redirect flow can be exercised offline.
 */
export function consentPage(input: { provider: string; state: string; channelName: string; action: string }): string {
  const provider = escapeHtml(providerNames[input.provider] ?? input.provider);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in with ${provider} (reference provider)</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f4f5f7; display: grid; place-items: center; min-height: 100vh; margin: 0; }
  main { background: #fff; padding: 2rem; border-radius: 12px; box-shadow: 0 2px 12px #0002; width: min(24rem, 90vw); }
  label { display: block; margin-top: 1rem; font-weight: 600; }
  input { width: 100%; box-sizing: border-box; padding: .6rem; margin-top: .3rem; font-size: 1rem; }
  button { margin-top: 1.5rem; width: 100%; padding: .8rem; font-size: 1rem; cursor: pointer; }
</style>
</head>
<body>
<main>
  <h1>Continue with ${provider}</h1>
  <p><strong>${escapeHtml(input.channelName)}</strong> would like to know your name and email address.</p>
  <form method="post" action="${escapeHtml(input.action)}">
    <input type="hidden" name="state" value="${escapeHtml(input.state)}">
    <label for="name">Name</label>
    <input id="name" name="name" autocomplete="name" required maxlength="200">
    <label for="email">Email</label>
    <input id="email" name="email" type="email" autocomplete="email" required maxlength="254">
    <button type="submit">Allow and continue</button>
  </form>
</main>
</body>
</html>`;
}
