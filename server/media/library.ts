import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type MediaFormat, mediaFormat } from './codecs';
import { firstVideoTimestamp, videoFrameCount } from './ts';
import { type Cue, parseCaptions } from './webvtt';

/** Every stream is cut in segments of this many seconds (make-demo-media.sh encodes a keyframe every 2 s). */
export const SEGMENT_SECONDS = 2;

/** The committed demo media, made by make-demo-media.sh. */
const FILES_DIR = join(dirname(fileURLToPath(import.meta.url)), 'files');

/** Sources that events, VOD items and clips loop; the other folders (prerolls) are played as they are. */
const LOOPED = /^pattern-[a-z]$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const POSTER = /^poster-(\d+)\.jpg$/;
const CAPTIONS = /^captions\.([a-z]{2})\.vtt$/;
/** A source's further renditions are subfolders named by their picture height (`360p/`). */
export const RENDITION_NAME = /^[1-9]\d{1,3}p$/;

export interface Segment {
  /** The name it is served under, e.g. `seg-000.ts` (on disk `seg-000.mpegts`: see make-demo-media.sh). */
  file: string;
  seconds: number;
  data: Buffer;
}

/** One encoding of a source: a rung of the ABR ladder its streams offer. */
export interface Rendition {
  /**
   * Null for the rendition in the source's own folder, which every stream has and streams serve under the names they
   * always had (`video.m3u8`, `<k>.ts`); else the subfolder it is in, by its height (`360p`: `video-360p.m3u8`,
   * `<k>.360p.ts`).
   */
  name: string | null;
  /** Its own VOD playlist, as ffmpeg wrote it but with the served segment names. */
  playlist: string;
  segments: Segment[];
  /** Codecs and picture size, as its first segment's bytes say (codecs.ts). */
  format: MediaFormat;
  /** Video frames per second, counted over its segments. */
  frameRate: number;
  /** The largest bit rate of one of its segments, bits per second: the multivariant playlist's BANDWIDTH. */
  peakBitRate: number;
  /** Bits per second over all of it: AVERAGE-BANDWIDTH. */
  averageBitRate: number;
}

/**
 * A source is the rendition in its own folder (the one downloads, previews and prerolls play, and that subtitles are
 * timed against), plus what plays it needs: every rendition, posters and captions.
 */
export interface Source extends Rendition {
  slug: string;
  /** Every rendition, its own included, lowest bit rate first (as a multivariant playlist lists them). */
  renditions: readonly Rendition[];
  /** Whether events, VOD items and clips may loop it (every segment exactly SEGMENT_SECONDS long). */
  loopable: boolean;
  /** Frames of it as JPEG (`poster-1.jpg`...), the posters of what plays it; none for a preroll. */
  posters: Buffer[];
  /** Its subtitles by language (`captions.<lang>.vtt`), cues timed on the source; none for a preroll. */
  captions: Partial<Record<string, Cue[]>>;
}

/**
 * The demo media, read once into memory (about 4.3 MB). Only names listed here are ever served, so a request
 * path never reaches the file system: there is nothing to traverse.
 */
export class MediaLibrary {
  private constructor(private readonly sources: Map<string, Source>) {}

  static load(dir: string = FILES_DIR): MediaLibrary {
    const sources = new Map<string, Source>();
    const folders = existsSync(dir) ? readdirSync(dir, { withFileTypes: true }) : [];
    for (const folder of folders) {
      if (!folder.isDirectory() || !SLUG.test(folder.name)) continue;
      const own = readRendition(join(dir, folder.name), null);
      if (!own) continue;
      const files = readdirSync(join(dir, folder.name), { withFileTypes: true });
      const others = files
        .filter((entry) => entry.isDirectory() && RENDITION_NAME.test(entry.name))
        .map((entry) => readRendition(join(dir, folder.name, entry.name), entry.name))
        .filter((rendition) => rendition !== undefined);
      const renditions = [own, ...others].sort((a, b) => a.peakBitRate - b.peakBitRate);
      const loopable = LOOPED.test(folder.name);
      if (loopable) checkLoopable(folder.name, own, renditions);
      const posters = files
        .map((entry) => entry.name)
        .filter((file) => POSTER.test(file))
        .sort((a, b) => Number(POSTER.exec(a)?.[1]) - Number(POSTER.exec(b)?.[1]))
        .map((file) => readFileSync(join(dir, folder.name, file)));
      const captions: Source['captions'] = {};
      for (const { name: file } of files) {
        const lang = CAPTIONS.exec(file)?.[1];
        if (lang !== undefined) captions[lang] = parseCaptions(readFileSync(join(dir, folder.name, file), 'utf8'));
      }
      sources.set(folder.name, { ...own, slug: folder.name, renditions, loopable, posters, captions });
    }
    return new MediaLibrary(sources);
  }

  /** A source by slug (`pattern-a`, `preroll-2`, ...), or undefined when there is no such media. */
  get(slug: string | null | undefined): Source | undefined {
    return slug ? this.sources.get(slug) : undefined;
  }

  /**
   * Where one of a looped source's posters is served, picked by an id, or null when it has none. The seed hands the
   * patterns out in turn (id k plays pattern k mod 3), so the poster goes by id / 3: items next to each other that
   * play the same pattern show different frames of it.
   */
  posterPath(slug: string | null | undefined, id: number): string | null {
    const count = this.looped(slug)?.posters.length ?? 0;
    return count === 0 ? null : `/media/posters/${slug}/poster-${(Math.floor(Math.abs(id) / 3) % count) + 1}.jpg`;
  }

  /** A source events and VOD items can loop, or undefined (no slug, an unknown one, or a preroll). */
  looped(slug: string | null | undefined): Source | undefined {
    const source = this.get(slug);
    return source?.loopable ? source : undefined;
  }
}

/** The rendition whose `index.m3u8` is in `folder`, or undefined when there is none (or it lists no segment). */
function readRendition(folder: string, name: string | null): Rendition | undefined {
  const playlistFile = join(folder, 'index.m3u8');
  if (!existsSync(playlistFile)) return undefined;
  const written = readFileSync(playlistFile, 'utf8');
  const segments = parsePlaylist(written).map(({ file, seconds }) => ({ file: servedName(file), seconds, data: readFileSync(join(folder, file)) }));
  if (segments.length === 0) return undefined;
  const format = mediaFormat(segments[0]!.data);
  if (name !== null && name !== `${format.height}p`) throw new Error(`Demo media ${folder}: the folder of a ${format.height}p rendition must be named ${format.height}p`);
  const seconds = segments.reduce((total, s) => total + s.seconds, 0);
  const bits = segments.reduce((total, s) => total + s.data.length * 8, 0);
  return {
    name,
    playlist: written.replace(/^([\w-]+)\.mpegts$/gm, (file) => servedName(file)),
    segments,
    format,
    frameRate: segments.reduce((total, s) => total + videoFrameCount(s.data), 0) / seconds,
    peakBitRate: Math.max(...segments.map((s) => Math.ceil((s.data.length * 8) / s.seconds))),
    averageBitRate: Math.ceil(bits / seconds),
  };
}

/**
 * A looped source's renditions must be cut alike, or a player switching between them would skip or repeat a
 * picture, and subtitles (timed against the first video PTS of its own folder's segments: captions.ts) would drift:
 * the same count of SEGMENT_SECONDS segments, each starting at the same video timestamp.
 */
function checkLoopable(slug: string, own: Rendition, renditions: readonly Rendition[]): void {
  for (const rendition of renditions) {
    const where = `Demo media ${slug}${rendition.name === null ? '' : `/${rendition.name}`}`;
    if (!rendition.segments.every((s) => Math.abs(s.seconds - SEGMENT_SECONDS) < 1e-6)) {
      throw new Error(`${where}: every segment must last ${SEGMENT_SECONDS} s to be looped`);
    }
    if (rendition.segments.length !== own.segments.length) throw new Error(`${where}: ${rendition.segments.length} segments, not ${own.segments.length}`);
    rendition.segments.forEach((segment, k) => {
      if (firstVideoTimestamp(segment.data) !== firstVideoTimestamp(own.segments[k]!.data)) {
        throw new Error(`${where}: segment ${k} starts at another video timestamp than the source's own`);
      }
    });
  }
}

/** Segments are served as `.ts`, the extension players and CDNs expect with video/mp2t. */
const servedName = (file: string): string => file.replace(/\.mpegts$/, '.ts');

/** Segment files and durations of a media playlist (`#EXTINF:<seconds>,` followed by the URI line). */
function parsePlaylist(text: string): Array<{ file: string; seconds: number }> {
  const out: Array<{ file: string; seconds: number }> = [];
  let seconds: number | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const extinf = line.match(/^#EXTINF:([\d.]+)/);
    if (extinf) seconds = Number(extinf[1]);
    else if (line !== '' && !line.startsWith('#') && seconds !== null) {
      if (!/^[\w-]+\.mpegts$/.test(line)) throw new Error(`Demo media: unexpected segment name ${line}`);
      out.push({ file: line, seconds });
      seconds = null;
    }
  }
  return out;
}

let shared: MediaLibrary | undefined;

/** The committed demo media, loaded on first use. */
export function demoMedia(): MediaLibrary {
  shared ??= MediaLibrary.load();
  return shared;
}
