/**
 * A page preview as the tags of an HTML head: `<title>`, the description, the canonical link, Open Graph
 * (https://ogp.me) and Twitter card tags. Every value is escaped here: titles and descriptions come from the
 * database, and a title such as `"><script>` must stay text.
 */
import type { PagePreview } from './previews';

/** Where the channel is reached and what it is called. */
export interface PreviewSite {
  /** The channel's public origin (server/http/public-origin.ts): never the internal one, never an unlisted host. */
  origin: string;
  /** Where its /media files are served (a CDN or the origin). */
  mediaOrigin: string;
  name: string;
  /** The channel's language and home country, as og:locale writes them (`en_US`, `fr_CA`). */
  language: string;
  countryCode: string;
}

/** What the page's head gets: its title (instead of the built one) and the tags to add. */
export interface PreviewHead {
  title: string;
  /** The description, canonical, Open Graph and Twitter tags, one per line, escaped. */
  tags: string[];
}

/** The type HLS playlists are served with (server/media/http.ts). */
const HLS_TYPE = 'application/vnd.apple.mpegurl';

/** The head tags of `preview` on `site`. The title reads "page · channel", as the app's document title does. */
export function previewHead(preview: PagePreview, site: PreviewSite): PreviewHead {
  const title = preview.title === null ? site.name : `${preview.title} · ${site.name}`;
  const url = preview.path === null ? null : `${site.origin}${preview.path}`;
  const image = preview.image === null ? null : absolute(preview.image, site);
  const video = preview.video === null ? null : absolute(preview.video, site);
  const tags: string[] = [meta('name', 'description', preview.description)];
  if (url) tags.push(`<link rel="canonical" href="${escapeHtml(url)}" />`);
  tags.push(
    meta('property', 'og:site_name', site.name),
    meta('property', 'og:title', preview.title ?? site.name),
    meta('property', 'og:description', preview.description),
    meta('property', 'og:type', preview.type),
    meta('property', 'og:locale', ogLocale(site.language, site.countryCode)),
  );
  if (url) tags.push(meta('property', 'og:url', url));
  if (image) tags.push(meta('property', 'og:image', image), meta('property', 'og:image:alt', preview.title ?? site.name));
  if (video) tags.push(meta('property', 'og:video', video), meta('property', 'og:video:type', HLS_TYPE));
  tags.push(
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', preview.title ?? site.name),
    meta('name', 'twitter:description', preview.description),
  );
  if (image) tags.push(meta('name', 'twitter:image', image));
  return { title, tags };
}

/** A path of the channel as an absolute URL: /media on the media origin, anything else on the app's origin. */
function absolute(path: string, site: PreviewSite): string {
  if (/^https?:\/\//i.test(path)) return path;
  const origin = path.startsWith('/media/') ? site.mediaOrigin : site.origin;
  return `${origin}${path.startsWith('/') ? path : `/${path}`}`;
}

/** og:locale is `language_TERRITORY` (en_US); a language alone when the country is not a two-letter code. */
function ogLocale(language: string, countryCode: string): string {
  const lang = (language.toLowerCase().split(/[-_]/)[0] ?? '') || 'en';
  return /^[A-Za-z]{2}$/.test(countryCode) ? `${lang}_${countryCode.toUpperCase()}` : lang;
}

const meta = (attribute: 'name' | 'property', key: string, content: string): string =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

/** Escapes text for an HTML attribute value or element content. */
const escapeHtml = (value: string): string =>
  value.replace(/[&"'<>]/g, (char) => ({ '&': '&amp;', '"': '&quot;', "'": '&#39;', '<': '&lt;', '>': '&gt;' })[char] ?? char);
