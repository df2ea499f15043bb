/**
 * The page the service worker answers when a page cannot be loaded: the channel's name and colours (from its
 * manifest, kept by the worker), the words in the channel's language (src/i18n/locales, section `offline`), and a
 * retry that loads the same address again. It runs no script, so its policy allows none.
 */

/** The `offline` section of a locale (src/i18n/locales). */
export interface OfflineText {
  title: string;
  message: string;
  retry: string;
}

/** The parts of the channel's manifest the page wears (server/http/manifest.ts). */
export interface OfflineLook {
  name?: string;
  lang?: string;
  theme_color?: string;
  background_color?: string;
}

const HEX_COLOR = /^#[0-9a-f]{6}$/i;
const DEFAULT_LOOK = { theme: '#1f2937', background: '#ffffff' };

/** The page and its one stylesheet, whose hash its policy names (see {@link offlinePagePolicy}). */
export interface OfflineDocument {
  html: string;
  style: string;
}

/** The page's own policy: no script, no request, its one inline stylesheet allowed by its hash (`sha256-<base64>`). */
export function offlinePagePolicy(styleHash: string): string {
  return `default-src 'none'; style-src '${styleHash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
}

const escapeHtml = (text: string): string =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Black or white, whichever reads better on `hex` (WCAG relative luminance). */
function inkOn(hex: string): string {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance > 0.179 ? '#111111' : '#ffffff';
}

/** The text of `lang`'s primary subtag, else English. */
export function offlineTextFor(texts: Readonly<Record<string, OfflineText>>, lang: string | undefined): OfflineText {
  const primary = (lang ?? '').split(/[-_]/)[0]?.toLowerCase() ?? '';
  const text = texts[primary] ?? texts['en'];
  if (!text) throw new Error('No English offline text');
  return text;
}

/**
 * The offline page for a request of `url`; `look` may be missing or partial (no manifest kept yet): the page then
 * wears neutral colours.
 */
export function offlinePage(url: string, look: OfflineLook | null, texts: Readonly<Record<string, OfflineText>>): OfflineDocument {
  const text = offlineTextFor(texts, look?.lang);
  const theme = look?.theme_color && HEX_COLOR.test(look.theme_color) ? look.theme_color : DEFAULT_LOOK.theme;
  const background = look?.background_color && HEX_COLOR.test(look.background_color) ? look.background_color : DEFAULT_LOOK.background;
  const retry = new URL(url);
  const lang = escapeHtml((look?.lang ?? 'en').split(/[-_]/)[0] || 'en');
  const heading = look?.name ? `<p class="channel">${escapeHtml(look.name)}</p>` : '';
  const style = `body{margin:0;min-height:100vh;display:flex;flex-direction:column;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:${background};color:${inkOn(background)}}
header{background:${theme};color:${inkOn(theme)};padding:12px 16px;min-height:32px;display:flex;align-items:center}
.channel{margin:0;font-weight:700;font-size:1.125rem}
main{flex:1;display:flex;flex-direction:column;align-items:center;justify-content:center;text-align:center;padding:24px 16px;gap:8px}
h1{margin:0;font-size:1.5rem}
p{margin:0;line-height:1.5}
a.retry{margin-top:16px;display:inline-flex;align-items:center;justify-content:center;min-height:44px;min-width:44px;padding:0 24px;border-radius:8px;background:${theme};color:${inkOn(theme)};font-weight:600;text-decoration:none}
a.retry:focus-visible{outline:3px solid ${inkOn(background)};outline-offset:3px}
`;
  const html = `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="${theme}">
<title>${escapeHtml(text.title)}</title>
<style>${style}</style>
</head>
<body data-status="offline">
<header>${heading}</header>
<main>
<h1>${escapeHtml(text.title)}</h1>
<p>${escapeHtml(text.message)}</p>
<a class="retry" href="${escapeHtml(retry.pathname + retry.search)}">${escapeHtml(text.retry)}</a>
</main>
</body>
</html>
`;
  return { html, style };
}
