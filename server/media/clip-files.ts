import { closeSync, mkdirSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { ServerConfig } from '../config';
import { type Rendition, RENDITION_NAME, type Source } from './library';
import { timelineSegment } from './timeline';

/**
 * Clip files: one folder per clip, `<clips dir>/<uuid>/clip.ts`, a real MPEG-TS file made by concatenating the
 * event's timeline segments re-timed from zero (byte concatenation of TS packets is a valid TS file; no ffmpeg at
 * run time), and beside it one such file per further rendition of the event's media (`clip.360p.ts`), so a clip
 * offers the ladder its game did. The clip's HLS playlists list byte ranges of those same files (see the clip media
 * routes), so a clip keeps playing whatever later happens to the event's media. A download is `clip.ts`.
 */

/** One rendition of a clip: its name in the source (null: the source's own, `clip.ts`) and its segments' `[offset, bytes]`. */
export interface ClipRendition {
  name: string | null;
  ranges: Array<[number, number]>;
}

/** `CLIPS_DIR`, else a `clips` folder beside the SQLite file (so a test's temporary folder holds its clips). */
export function clipsDirOf(config: ServerConfig): string {
  if (config.clipsDir) return config.clipsDir;
  return config.databaseFile === ':memory:' ? join(tmpdir(), 'channel-clips') : join(dirname(config.databaseFile), 'clips');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The clip's file of a rendition (by default `clip.ts`, the source's own). Only uuids the API made and rendition names
 * the library knows reach here; the checks keep a path from ever leaving the folder.
 */
export function clipFile(dir: string, uuid: string, rendition: string | null = null): string {
  if (!UUID.test(uuid)) throw new Error(`Not a clip uuid: ${uuid}`);
  if (rendition !== null && !RENDITION_NAME.test(rendition)) throw new Error(`Not a rendition: ${rendition}`);
  return join(dir, uuid, rendition === null ? 'clip.ts' : `clip.${rendition}.ts`);
}

/**
 * What a processed clip's `segments` column holds: its renditions, the source's own first. A clip cut before the
 * ladder stored its one file's `[offset, bytes]` list, read as the source's own rendition.
 */
export function clipRenditions(stored: string): ClipRendition[] {
  const parsed = JSON.parse(stored) as ClipRendition[] | Array<[number, number]>;
  const first = parsed[0];
  if (first === undefined || Array.isArray(first)) return [{ name: null, ranges: parsed as Array<[number, number]> }];
  return parsed as ClipRendition[];
}

/**
 * Writes timeline segments [first, first + count) of each of `source`'s renditions as the clip's files and answers
 * each one's segment `[offset, bytes]`, the source's own first. Written under temporary names and renamed, so a crash
 * never leaves half a clip behind and a job that runs again simply rewrites it.
 */
export function writeClipFiles(dir: string, uuid: string, source: Source, first: number, count: number): ClipRendition[] {
  return [source as Rendition, ...source.renditions.filter((r) => r.name !== null)].map((rendition) => {
    const file = clipFile(dir, uuid, rendition.name);
    mkdirSync(dirname(file), { recursive: true });
    const partial = `${file}.partial`;
    const fd = openSync(partial, 'w');
    const ranges: Array<[number, number]> = [];
    const continuity = new Map<number, number>();
    let offset = 0;
    try {
      for (let j = 0; j < count; j++) {
        const bytes = timelineSegment(rendition, first + j, j, continuity);
        writeSync(fd, bytes);
        ranges.push([offset, bytes.length]);
        offset += bytes.length;
      }
    } finally {
      closeSync(fd);
    }
    renameSync(partial, file);
    return { name: rendition.name, ranges };
  });
}

/** Reads `bytes` bytes of the clip's file of a rendition from `offset`. */
export function readClipRange(dir: string, uuid: string, rendition: string | null, [offset, bytes]: readonly [number, number]): Buffer {
  const fd = openSync(clipFile(dir, uuid, rendition), 'r');
  try {
    const out = Buffer.alloc(bytes);
    const read = readSync(fd, out, 0, bytes, offset);
    if (read !== bytes) throw new Error(`Clip ${uuid} is shorter than its segment list`);
    return out;
  } finally {
    closeSync(fd);
  }
}

export function removeClipFiles(dir: string, uuid: string): void {
  rmSync(dirname(clipFile(dir, uuid)), { recursive: true, force: true });
}
