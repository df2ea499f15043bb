import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
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

export interface Segment {
  /** The name it is served under, e.g. `seg-000.ts` (on disk `seg-000.mpegts`: see make-demo-media.sh). */
  file: string;
  seconds: number;
  data: Buffer;
}

export interface Source {
  slug: string;
  /** The source's own VOD playlist, as ffmpeg wrote it but with the served segment names. */
  playlist: string;
  segments: Segment[];
  /** Whether events, VOD items and clips may loop it (every segment exactly SEGMENT_SECONDS long). */
  loopable: boolean;
  /** Frames of it as JPEG (`poster-1.jpg`...), the posters of what plays it; none for a preroll. */
  posters: Buffer[];
  /** Its subtitles by language (`captions.<lang>.vtt`), cues timed on the source; none for a preroll. */
  captions: Partial<Record<string, Cue[]>>;
}

/**
 * The demo media, read once into memory (about 1.7 MB). Only names listed here are ever served, so a request
 * path never reaches the file system: there is nothing to traverse.
 */
export class MediaLibrary {
  private constructor(private readonly sources: Map<string, Source>) {}

  static load(dir: string = FILES_DIR): MediaLibrary {
    const sources = new Map<string, Source>();
    const folders = existsSync(dir) ? readdirSync(dir, { withFileTypes: true }) : [];
    for (const folder of folders) {
      if (!folder.isDirectory() || !SLUG.test(folder.name)) continue;
      const playlistFile = join(dir, folder.name, 'index.m3u8');
      if (!existsSync(playlistFile)) continue;
      const written = readFileSync(playlistFile, 'utf8');
      const segments = parsePlaylist(written).map(({ file, seconds }) => ({
        file: servedName(file),
        seconds,
        data: readFileSync(join(dir, folder.name, file)),
      }));
      const playlist = written.replace(/^([\w-]+)\.mpegts$/gm, (name) => servedName(name));
      const loopable = LOOPED.test(folder.name);
      if (loopable && !segments.every((s) => Math.abs(s.seconds - SEGMENT_SECONDS) < 1e-6)) {
        throw new Error(`Demo media ${folder.name}: every segment must last ${SEGMENT_SECONDS} s to be looped`);
      }
      const posters = readdirSync(join(dir, folder.name))
        .filter((file) => POSTER.test(file))
        .sort((a, b) => Number(POSTER.exec(a)?.[1]) - Number(POSTER.exec(b)?.[1]))
        .map((file) => readFileSync(join(dir, folder.name, file)));
      const captions: Source['captions'] = {};
      for (const file of readdirSync(join(dir, folder.name))) {
        const lang = CAPTIONS.exec(file)?.[1];
        if (lang !== undefined) captions[lang] = parseCaptions(readFileSync(join(dir, folder.name, file), 'utf8'));
      }
      if (segments.length > 0) sources.set(folder.name, { slug: folder.name, playlist, segments, loopable, posters, captions });
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
