import { closeSync, mkdirSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { ServerConfig } from '../config';
import type { Source } from './library';
import { timelineSegment } from './timeline';

/**
 * Clip files: one folder per clip, `<clips dir>/<uuid>/clip.ts`, a real MPEG-TS file made by concatenating the
 * event's timeline segments re-timed from zero (byte concatenation of TS packets is a valid TS file; no ffmpeg at
 * run time). The clip's HLS playlist lists byte ranges of that same file (see the clip media routes), so a clip
 * keeps playing whatever later happens to the event's media.
 */

/** `CLIPS_DIR`, else a `clips` folder beside the SQLite file (so a test's temporary folder holds its clips). */
export function clipsDirOf(config: ServerConfig): string {
  if (config.clipsDir) return config.clipsDir;
  return config.databaseFile === ':memory:' ? join(tmpdir(), 'channel-clips') : join(dirname(config.databaseFile), 'clips');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The clip's file. Only uuids the API made reach here; the check keeps a path from ever leaving the folder. */
export function clipFile(dir: string, uuid: string): string {
  if (!UUID.test(uuid)) throw new Error(`Not a clip uuid: ${uuid}`);
  return join(dir, uuid, 'clip.ts');
}

/**
 * Writes timeline segments [first, first + count) of `source` as the clip's file and answers each segment's
 * `[offset, bytes]`. Written under a temporary name and renamed, so a crash never leaves half a clip behind and a
 * job that runs again simply rewrites it.
 */
export function writeClipFile(dir: string, uuid: string, source: Source, first: number, count: number): Array<[number, number]> {
  const file = clipFile(dir, uuid);
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  const fd = openSync(partial, 'w');
  const ranges: Array<[number, number]> = [];
  const continuity = new Map<number, number>();
  let offset = 0;
  try {
    for (let j = 0; j < count; j++) {
      const bytes = timelineSegment(source, first + j, j, continuity);
      writeSync(fd, bytes);
      ranges.push([offset, bytes.length]);
      offset += bytes.length;
    }
  } finally {
    closeSync(fd);
  }
  renameSync(partial, file);
  return ranges;
}

/** Reads `bytes` bytes of the clip's file from `offset`. */
export function readClipRange(dir: string, uuid: string, offset: number, bytes: number): Buffer {
  const fd = openSync(clipFile(dir, uuid), 'r');
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
