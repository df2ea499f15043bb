/**
 * Just enough MPEG-TS (ISO/IEC 13818-1) to re-time segments without ffmpeg: every stream of the product is a
 * short source looped, and each copy must carry the timestamps of its place on the event's timeline, so a player
 * (and a downloaded file) sees one continuous stream rather than a clock that jumps back every loop.
 */

const PACKET_SIZE = 188;
const SYNC_BYTE = 0x47;
/** PTS, DTS and the PCR base are 33-bit counts of a 90 kHz clock; they wrap. */
const WRAP = 2 ** 33;
export const TICKS_PER_SECOND = 90_000;

const wrap = (ticks: number): number => ((ticks % WRAP) + WRAP) % WRAP;

/** Reads the 33-bit timestamp of a PES header field (5 bytes, marker bits set). */
function readTimestamp(b: Buffer, at: number): number {
  const high = ((b[at]! >> 1) & 0x07) * 2 ** 30;
  const middle = ((b[at + 1]! << 7) | (b[at + 2]! >> 1)) * 2 ** 15;
  const low = (b[at + 3]! << 7) | (b[at + 4]! >> 1);
  return high + middle + low;
}

function writeTimestamp(b: Buffer, at: number, ticks: number): void {
  const high = Math.floor(ticks / 2 ** 30) & 0x07;
  const middle = Math.floor(ticks / 2 ** 15) & 0x7fff;
  const low = ticks % 2 ** 15;
  b[at] = (b[at]! & 0xf0) | (high << 1) | 1;
  b[at + 1] = middle >> 7;
  b[at + 2] = ((middle & 0x7f) << 1) | 1;
  b[at + 3] = low >> 7;
  b[at + 4] = ((low & 0x7f) << 1) | 1;
}

/** The PCR base (33 bits) of an adaptation field; the 9-bit extension is left as it is. */
function shiftPcr(b: Buffer, at: number, shift: number): void {
  const base = b[at]! * 2 ** 25 + b[at + 1]! * 2 ** 17 + b[at + 2]! * 2 ** 9 + b[at + 3]! * 2 + (b[at + 4]! >> 7);
  const moved = wrap(base + shift);
  b[at] = Math.floor(moved / 2 ** 25) & 0xff;
  b[at + 1] = Math.floor(moved / 2 ** 17) & 0xff;
  b[at + 2] = Math.floor(moved / 2 ** 9) & 0xff;
  b[at + 3] = Math.floor(moved / 2) & 0xff;
  b[at + 4] = ((moved % 2) << 7) | (b[at + 4]! & 0x7f);
}

/** Audio (0xC0-0xDF), video (0xE0-0xEF) and private stream 1 carry the optional PES header with PTS/DTS. */
const hasPesHeader = (streamId: number): boolean => (streamId >= 0xc0 && streamId <= 0xef) || streamId === 0xbd;

/**
 * Answers a copy of a segment with every PTS, DTS and PCR moved by `shift` ticks (negative moves earlier).
 * With `continuity`, the per-PID continuity counters are renumbered to follow on from the previous segment
 * written with the same map, so segments concatenated into one file read as one unbroken transport stream.
 */
export function retime(segment: Buffer, shift: number, continuity?: Map<number, number>): Buffer {
  if (segment.length % PACKET_SIZE !== 0) throw new Error('Not an MPEG-TS segment: its size is not a multiple of 188');
  const out = Buffer.from(segment);
  for (let p = 0; p < out.length; p += PACKET_SIZE) {
    if (out[p] !== SYNC_BYTE) throw new Error(`Not an MPEG-TS segment: no sync byte at ${p}`);
    const payloadStart = (out[p + 1]! & 0x40) !== 0;
    const pid = ((out[p + 1]! & 0x1f) << 8) | out[p + 2]!;
    const control = (out[p + 3]! >> 4) & 0x03;
    const hasAdaptation = (control & 0x02) !== 0;
    const hasPayload = (control & 0x01) !== 0;
    let payload = p + 4;
    if (hasAdaptation) {
      const length = out[p + 4]!;
      if (length > 0 && (out[p + 5]! & 0x10) !== 0) shiftPcr(out, p + 6, shift);
      payload += 1 + length;
    }
    if (continuity && hasPayload && pid !== 0x1fff) {
      const previous = continuity.get(pid);
      const counter = previous === undefined ? out[p + 3]! & 0x0f : (previous + 1) & 0x0f;
      out[p + 3] = (out[p + 3]! & 0xf0) | counter;
      continuity.set(pid, counter);
    }
    if (!payloadStart || !hasPayload || payload + 14 > p + PACKET_SIZE) continue;
    if (out[payload] !== 0 || out[payload + 1] !== 0 || out[payload + 2] !== 1 || !hasPesHeader(out[payload + 3]!)) continue;
    const flags = out[payload + 7]! >> 6;
    if (flags & 0x02) writeTimestamp(out, payload + 9, wrap(readTimestamp(out, payload + 9) + shift));
    if (flags === 0x03 && payload + 19 <= p + PACKET_SIZE) {
      writeTimestamp(out, payload + 14, wrap(readTimestamp(out, payload + 14) + shift));
    }
  }
  return out;
}

/** The first PTS of each elementary stream, in 90 kHz ticks: what tests and tools check a re-timed segment by. */
export function firstTimestamps(segment: Buffer): Map<number, number> {
  const found = new Map<number, number>();
  for (const { pid, pts } of pesStarts(segment)) if (!found.has(pid)) found.set(pid, pts);
  return found;
}

/** The PTS of a segment's first video frame (stream ids 0xE0-0xEF): what its subtitles are timed against. */
export function firstVideoTimestamp(segment: Buffer): number | undefined {
  for (const { streamId, pts } of pesStarts(segment)) if (isVideo(streamId)) return pts;
  return undefined;
}

/** How many video frames a segment holds: ffmpeg writes each access unit as a PES packet of its own. */
export function videoFrameCount(segment: Buffer): number {
  let frames = 0;
  for (const { streamId } of pesStarts(segment)) if (isVideo(streamId)) frames++;
  return frames;
}

/**
 * The payload (after the PES header) of a segment's first PES packet of a stream `isStream` accepts, reassembled
 * from its transport packets: where the SPS of a video stream and the ADTS header of an AAC one are read from.
 */
export function firstPesPayload(segment: Buffer, isStream: (streamId: number) => boolean): Buffer | undefined {
  const parts: Buffer[] = [];
  let pid: number | undefined;
  for (let p = 0; p + PACKET_SIZE <= segment.length; p += PACKET_SIZE) {
    const start = (segment[p + 1]! & 0x40) !== 0;
    const packetPid = ((segment[p + 1]! & 0x1f) << 8) | segment[p + 2]!;
    const control = (segment[p + 3]! >> 4) & 0x03;
    if ((control & 0x01) === 0 || (pid !== undefined && packetPid !== pid)) continue;
    const payload = p + 4 + ((control & 0x02) !== 0 ? 1 + segment[p + 4]! : 0);
    if (pid === undefined) {
      if (!start || payload + 9 > p + PACKET_SIZE) continue;
      if (segment[payload] !== 0 || segment[payload + 1] !== 0 || segment[payload + 2] !== 1 || !isStream(segment[payload + 3]!)) continue;
      pid = packetPid;
      parts.push(segment.subarray(payload + 9 + segment[payload + 8]!, p + PACKET_SIZE));
    } else if (start) {
      break;
    } else {
      parts.push(segment.subarray(payload, p + PACKET_SIZE));
    }
  }
  return pid === undefined ? undefined : Buffer.concat(parts);
}

/** Video streams are stream ids 0xE0-0xEF; audio 0xC0-0xDF (ISO/IEC 13818-1 table 2-22). */
export const isVideo = (streamId: number): boolean => streamId >= 0xe0 && streamId <= 0xef;
export const isAudio = (streamId: number): boolean => streamId >= 0xc0 && streamId <= 0xdf;

/** Every PES packet start of a segment that carries a PTS, in order. */
function* pesStarts(segment: Buffer): Generator<{ pid: number; streamId: number; pts: number }> {
  for (let p = 0; p + PACKET_SIZE <= segment.length; p += PACKET_SIZE) {
    if ((segment[p + 1]! & 0x40) === 0) continue;
    const pid = ((segment[p + 1]! & 0x1f) << 8) | segment[p + 2]!;
    const control = (segment[p + 3]! >> 4) & 0x03;
    const payload = p + 4 + ((control & 0x02) !== 0 ? 1 + segment[p + 4]! : 0);
    if (payload + 14 > p + PACKET_SIZE) continue;
    if (segment[payload] !== 0 || segment[payload + 1] !== 0 || segment[payload + 2] !== 1) continue;
    if (!hasPesHeader(segment[payload + 3]!) || (segment[payload + 7]! & 0x80) === 0) continue;
    yield { pid, streamId: segment[payload + 3]!, pts: readTimestamp(segment, payload + 9) };
  }
}
