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
 * name in its colours, an event's matchup in both teams' colours (no words: its badges and title go on top), a VOD
 * item's or slide's title.
 */
type Drawer = (services: Services, name: string) => string | null;

const W = { wide: [640, 360], banner: [1280, 480], square: [240, 240], logo: [480, 120] } as const;

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
    const colors = parseJson<Record<string, string>>(c.colors, {});
    return card(W.logo, [colors['header_background'] ?? colourOf(c.name)], [{ text: c.name, size: 34 }]);
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
    const lines = [{ text: s.title, size: 56 }, ...(s.subtitle ? [{ text: s.subtitle, size: 28 }] : [])];
    return card(W.banner, [colors['primary_color'] ?? colourOf(s.title), colors['secondary_color'] ?? '#111111'], lines);
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
