/**
 * A channel's app icon when it has no square logo: its initials in its header colours, as SVG (drawn by the browser
 * with a real font) and as PNG (what every install prompt and home screen accepts). The PNG is drawn here with a
 * 5x7 pixel font and encoded with node:zlib: no image library, no native code.
 */
import { crc32, deflateSync } from 'node:zlib';

/** `any`: a rounded square on a transparent ground; `maskable`: full bleed, the letters inside the 80 % safe zone. */
export type IconPurpose = 'any' | 'maskable';

export interface MonogramStyle {
  /** One to three letters or digits, upper case (see {@link initialsOf}). */
  letters: string;
  /** `#rrggbb` */
  background: string;
  /** `#rrggbb` */
  foreground: string;
}

/** Words that do not tell channels apart. */
const GENERIC = /^(the|of|de|du|des|la|le|les|sport|sports|network|réseau|reseau|channel|chaîne|chaine|tv)$/i;

const plain = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '');

/** Up to three initials of a name, accents dropped (`Réseau Sport Boréal` → `RSB`); `?` when it has no letter. */
export function initialsOf(name: string): string {
  const words = plain(name)
    .split(/[\s\-–—_.,/&]+/)
    .filter((word) => /^[a-z0-9]/i.test(word));
  return (
    words
      .slice(0, 3)
      .map((word) => word[0]?.toUpperCase())
      .join('') || '?'
  );
}

/** A short name for a home screen (12 characters at most): the name itself, else its first distinctive word, else its initials. */
export function shortNameOf(name: string): string {
  if (name.length <= 12) return name;
  const word = name.split(/\s+/).find((candidate) => !GENERIC.test(candidate) && candidate.length <= 12);
  return word ?? initialsOf(name);
}

const escapeXml = (text: string): string => text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** The icon as SVG, any size (`sizes: "any"` in the manifest). */
export function monogramSvg(style: MonogramStyle, purpose: IconPurpose): string {
  const ground = purpose === 'maskable' ? '<rect width="512" height="512"/>' : '<rect width="512" height="512" rx="96"/>';
  const size = Math.round((purpose === 'maskable' ? 300 : 400) / Math.max(2, style.letters.length));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">` +
    `<g fill="${style.background}">${ground}</g>` +
    `<text x="256" y="256" dy="0.35em" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="${size}" fill="${style.foreground}">${escapeXml(style.letters)}</text>` +
    `</svg>`
  );
}

/** 5x7 glyphs, a row per string, `#` lit. */
const GLYPHS: Record<string, readonly string[]> = {
  A: ['.###.', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  B: ['####.', '#...#', '#...#', '####.', '#...#', '#...#', '####.'],
  C: ['.###.', '#...#', '#....', '#....', '#....', '#...#', '.###.'],
  D: ['####.', '#...#', '#...#', '#...#', '#...#', '#...#', '####.'],
  E: ['#####', '#....', '#....', '####.', '#....', '#....', '#####'],
  F: ['#####', '#....', '#....', '####.', '#....', '#....', '#....'],
  G: ['.###.', '#...#', '#....', '#.###', '#...#', '#...#', '.####'],
  H: ['#...#', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  I: ['.###.', '..#..', '..#..', '..#..', '..#..', '..#..', '.###.'],
  J: ['..###', '...#.', '...#.', '...#.', '...#.', '#..#.', '.##..'],
  K: ['#...#', '#..#.', '#.#..', '##...', '#.#..', '#..#.', '#...#'],
  L: ['#....', '#....', '#....', '#....', '#....', '#....', '#####'],
  M: ['#...#', '##.##', '#.#.#', '#.#.#', '#...#', '#...#', '#...#'],
  N: ['#...#', '#...#', '##..#', '#.#.#', '#..##', '#...#', '#...#'],
  O: ['.###.', '#...#', '#...#', '#...#', '#...#', '#...#', '.###.'],
  P: ['####.', '#...#', '#...#', '####.', '#....', '#....', '#....'],
  Q: ['.###.', '#...#', '#...#', '#...#', '#.#.#', '#..#.', '.##.#'],
  R: ['####.', '#...#', '#...#', '####.', '#.#..', '#..#.', '#...#'],
  S: ['.####', '#....', '#....', '.###.', '....#', '....#', '####.'],
  T: ['#####', '..#..', '..#..', '..#..', '..#..', '..#..', '..#..'],
  U: ['#...#', '#...#', '#...#', '#...#', '#...#', '#...#', '.###.'],
  V: ['#...#', '#...#', '#...#', '#...#', '#...#', '.#.#.', '..#..'],
  W: ['#...#', '#...#', '#...#', '#.#.#', '#.#.#', '#.#.#', '.#.#.'],
  X: ['#...#', '#...#', '.#.#.', '..#..', '.#.#.', '#...#', '#...#'],
  Y: ['#...#', '#...#', '.#.#.', '..#..', '..#..', '..#..', '..#..'],
  Z: ['#####', '....#', '...#.', '..#..', '.#...', '#....', '#####'],
  '0': ['.###.', '#...#', '#..##', '#.#.#', '##..#', '#...#', '.###.'],
  '1': ['..#..', '.##..', '..#..', '..#..', '..#..', '..#..', '.###.'],
  '2': ['.###.', '#...#', '....#', '...#.', '..#..', '.#...', '#####'],
  '3': ['####.', '....#', '....#', '.###.', '....#', '....#', '####.'],
  '4': ['...#.', '..##.', '.#.#.', '#..#.', '#####', '...#.', '...#.'],
  '5': ['#####', '#....', '####.', '....#', '....#', '#...#', '.###.'],
  '6': ['.###.', '#....', '#....', '####.', '#...#', '#...#', '.###.'],
  '7': ['#####', '....#', '...#.', '..#..', '.#...', '.#...', '.#...'],
  '8': ['.###.', '#...#', '#...#', '.###.', '#...#', '#...#', '.###.'],
  '9': ['.###.', '#...#', '#...#', '.####', '....#', '....#', '.###.'],
  '?': ['.###.', '#...#', '....#', '...#.', '..#..', '.....', '..#..'],
};

const rgb = (hex: string): [number, number, number] => {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
};

/** The icon as a `size` x `size` RGBA PNG. */
export function monogramPng(style: MonogramStyle, purpose: IconPurpose, size: number): Buffer {
  const pixels = Buffer.alloc(size * size * 4);
  const [br, bg, bb] = rgb(style.background);
  const [fr, fg, fb] = rgb(style.foreground);
  const radius = purpose === 'maskable' ? 0 : Math.round(size * 0.1875);
  const paint = (x: number, y: number, [r, g, b]: readonly number[]) => pixels.set([r ?? 0, g ?? 0, b ?? 0, 255], (y * size + x) * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      // Outside a rounded corner stays transparent.
      const cx = Math.min(Math.max(x, radius), size - 1 - radius);
      const cy = Math.min(Math.max(y, radius), size - 1 - radius);
      if ((x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2) paint(x, y, [br, bg, bb]);
    }
  }
  const letters = [...style.letters].map((char) => GLYPHS[char] ?? GLYPHS['?'] ?? []);
  const columns = letters.length * 6 - 1;
  // A maskable icon may be cut to a circle of 80 % of its width: the letters' box fits in it.
  const scale = Math.max(1, Math.floor((size * (purpose === 'maskable' ? 0.56 : 0.66)) / Math.max(columns, 11)));
  const left = Math.floor((size - columns * scale) / 2);
  const top = Math.floor((size - 7 * scale) / 2);
  letters.forEach((glyph, index) => {
    glyph.forEach((row, gy) => {
      [...row].forEach((cell, gx) => {
        if (cell !== '#') return;
        for (let dy = 0; dy < scale; dy++) {
          for (let dx = 0; dx < scale; dx++) paint(left + (index * 6 + gx) * scale + dx, top + gy * scale + dy, [fr, fg, fb]);
        }
      });
    });
  });
  return encodePng(size, size, pixels);
}

/** A PNG of 8-bit RGBA pixels, rows unfiltered, deflated. */
function encodePng(width: number, height: number, rgba: Buffer): Buffer {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) rgba.copy(raw, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const chunk = (type: string, data: Buffer): Buffer => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
