import type { FastifyInstance } from 'fastify';
import { parseJson } from '../db/database';
import {
  channelImageSubject,
  eventImageSubject,
  groupImageSubject,
  participantImageSubject,
  slideImageSubject,
  vodImageSubject,
} from '../domain/image-subjects';
import type { Services } from '../http/context';
import { CACHE, mediaNotFound, sendMedia } from './http';

/**
 * `/media/images/{kind}/{name}.svg`: the placeholders the seed refers to, drawn from the database on request (a
 * few hundred bytes each, nothing committed): a team's colour and initials, a school's initials, the channel's
 * logo (a monogram and its name as a wordmark, in its colours), an event's matchup in both teams' colours (no words:
 * its badges and title go on top), a VOD item's title, a slide's artwork (no words: home writes its title and
 * subtitle beside it, once, and a title drawn in the picture was cut and repeated).
 */
type Drawer = (services: Services, name: string) => string | null;

const W = { wide: [640, 360], banner: [1280, 480], square: [240, 240] } as const;

const drawers: Record<string, Drawer> = {
  participants(services, alias) {
    const p = participantImageSubject(services.db, alias);
    return p ? badge(initials(p.name), p.short_name, p.color ?? colourOf(p.name)) : null;
  },
  groups(services, alias) {
    const g = groupImageSubject(services.db, alias);
    return g ? badge(initials(g.name), g.name, g.color ?? colourOf(g.name)) : null;
  },
  channels(services, alias) {
    const c = channelImageSubject(services.db, alias);
    if (!c) return null;
    return logo(c.name, alias, parseJson<Record<string, string>>(c.colors, {}));
  },
  events(services, id) {
    const e = eventImageSubject(services.db, Number(id));
    // The teams' colours only, no words: cards and pages put the teams' badges on it and the title under it.
    return e ? card(W.wide, [e.away ?? colourOf(e.name), e.home ?? colourOf(`${e.name}!`)], [], e.name) : null;
  },
  vod(services, id) {
    const v = vodImageSubject(services.db, Number(id));
    return v ? card(W.wide, [colourOf(v.title), '#111111'], [{ text: v.title, size: 30 }, { text: '▶ On demand', size: 20 }]) : null;
  },
  slides(services, id) {
    const s = slideImageSubject(services.db, Number(id));
    if (!s) return null;
    const colors = parseJson<Record<string, string>>(s.colors, {});
    return banner(s.title, colors['primary_color'] ?? colourOf(s.title), colors['secondary_color'] ?? '#111111');
  },
};

export function registerImageRoutes(scope: FastifyInstance, services: Services): void {
  scope.get<{ Params: { kind: string; file: string } }>('/images/:kind/:file', async (request, reply) => {
    const { kind, file } = request.params;
    const name = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.svg$/.exec(file)?.[1];
    const draw = Object.hasOwn(drawers, kind) ? drawers[kind] : undefined;
    const svg = name && draw ? draw(services, name) : null;
    if (!svg) throw mediaNotFound('No such image');
    // An SVG opened on its own is a document: it may run nothing and load nothing.
    return sendMedia(reply, svg, 'image/svg+xml; charset=utf-8', CACHE.static, { 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" });
  });
}

const escapeXml = (text: string): string =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** Up to three initials, skipping the words that do not tell schools apart. */
function initials(name: string): string {
  const words = name.split(/[\s-]+/).filter((w) => /^\p{L}/u.test(w) && !/^(university|université|college|collège|of|the|de|du|des|la|le|women's|men's)$/i.test(w));
  return words.slice(0, 3).map((w) => w[0]?.toUpperCase()).join('') || '?';
}

/** A stable colour for things that have none. */
function colourOf(text: string): string {
  let hash = 0;
  for (const c of text) hash = (hash * 31 + c.codePointAt(0)!) >>> 0;
  return `hsl(${hash % 360} 55% 38%)`;
}

/** Black or white, whichever reads better on a `#rrggbb` background (white on anything else). */
function inkOn(background: string): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(background);
  if (!m) return '#ffffff';
  const [r, g, b] = [m[1], m[2], m[3]].map((h) => parseInt(h ?? '0', 16) / 255) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.6 ? '#111111' : '#ffffff';
}

function svg([width, height]: readonly [number, number], body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

function badge(letters: string, caption: string, colour: string): string {
  const [w, h] = W.square;
  const ink = inkOn(colour);
  const font = 'font-family="Helvetica, Arial, sans-serif" text-anchor="middle"';
  return svg(
    W.square,
    `<title>${escapeXml(caption)}</title><circle cx="${w / 2}" cy="${h / 2}" r="${w / 2 - 4}" fill="${colour}"/>` +
      `<text x="${w / 2}" y="${h / 2 + 10}" ${font} font-size="72" font-weight="700" fill="${ink}">${escapeXml(letters)}</text>` +
      `<text x="${w / 2}" y="${h / 2 + 52}" ${font} font-size="20" fill="${ink}">${escapeXml(caption.slice(0, 22))}</text>`,
  );
}

function card(size: readonly [number, number], colours: string[], lines: Array<{ text: string; size: number }>, title = lines[0]?.text ?? ''): string {
  const [w, h] = size;
  const [from, to] = [colours[0] ?? '#333333', colours[1] ?? colours[0] ?? '#333333'];
  const top = h / 2 - ((lines.length - 1) * 1.4 * (lines[0]?.size ?? 0)) / 2;
  const text = lines
    .map((l, i) => `<text x="${w / 2}" y="${top + i * 1.4 * (lines[0]?.size ?? 0)}" font-family="Helvetica, Arial, sans-serif" text-anchor="middle" dominant-baseline="middle" font-size="${l.size}" font-weight="${i === 0 ? 700 : 400}" fill="${inkOn(from)}">${escapeXml(l.text.slice(0, 48))}</text>`)
    .join('');
  return svg(
    size,
    `<title>${escapeXml(title)}</title><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
      `<rect width="${w}" height="${h}" fill="url(#g)"/>${text}`,
  );
}

/** Letters without their accents, lower case: "Boréal" reads as the alias "boreal". */
const plain = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The channel's logo, 120 high on a transparent ground (it sits on the header's colour): a monogram in the primary
 * colour, then the word of the name its alias is made of (else the first) large, the rest small and spaced under it,
 * so that at the header's 40 px the name reads at about 19 px rather than the 10 px of the whole name on one line.
 */
function logo(name: string, alias: string, colors: Record<string, string>): string {
  const words = name.split(/\s+/).filter(Boolean);
  const main = words.find((w) => plain(w) === plain(alias)) ?? words[0] ?? name;
  const rest = words.filter((w) => w !== main).join(' ').toUpperCase();
  const mark = colors['primary_color'] ?? colourOf(name);
  const ink = colors['header_text_color'] ?? '#ffffff';
  // Helvetica's bold letters average about 0.62 em; the spaced capitals 0.7 em plus their 3 units of spacing.
  const width = Math.ceil(140 + Math.max(main.length * 0.62 * 60, rest.length * (0.7 * 22 + 3)) + 8);
  const font = 'font-family="Helvetica, Arial, sans-serif"';
  return svg(
    [width, 120],
    `<title>${escapeXml(name)}</title><rect x="4" y="8" width="104" height="104" rx="22" fill="${mark}"/>` +
      `<text x="56" y="60" ${font} text-anchor="middle" dominant-baseline="central" font-size="64" font-weight="800" fill="${inkOn(mark)}">${escapeXml(main.charAt(0).toUpperCase())}</text>` +
      `<text x="136" y="${rest ? 66 : 80}" ${font} font-size="60" font-weight="800" fill="${ink}">${escapeXml(main)}</text>` +
      (rest ? `<text x="138" y="100" ${font} font-size="22" font-weight="700" letter-spacing="3" fill="${ink}" fill-opacity="0.85">${escapeXml(rest)}</text>` : ''),
  );
}

/** A slide's artwork: the channel's colours and a few arcs placed by its title, so that slides differ; no words. */
function banner(title: string, from: string, to: string): string {
  const [w, h] = W.banner;
  let seed = 0;
  for (const c of title) seed = (seed * 31 + c.codePointAt(0)!) >>> 0;
  const arcs = [0, 1, 2]
    .map((i) => {
      const r = 160 + ((seed >>> (i * 4)) % 8) * 40;
      const cx = w * (0.55 + 0.15 * i) + ((seed >>> (i * 3)) % 5) * 20;
      return `<circle cx="${cx}" cy="${h * (0.2 + 0.3 * i)}" r="${r}" fill="none" stroke="#ffffff" stroke-opacity="${0.08 + 0.04 * i}" stroke-width="${24 + 12 * i}"/>`;
    })
    .join('');
  return svg(
    W.banner,
    `<title>${escapeXml(title)}</title><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
      `<rect width="${w}" height="${h}" fill="url(#g)"/>${arcs}`,
  );
}
