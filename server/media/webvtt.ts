/**
 * The little of WebVTT (W3C WebVTT) the demo captions need: reading the cue timings and text of the files
 * make-demo-media.sh writes, and writing cue timestamps back.
 */

/** One cue of a caption file: seconds into the 24-second source, and its WebVTT cue text as written. */
export interface Cue {
  start: number;
  end: number;
  text: string;
}

const TIMING = /^((?:\d{2,}:)?\d{2}:\d{2}\.\d{3})\s+-->\s+((?:\d{2,}:)?\d{2}:\d{2}\.\d{3})(?:\s.*)?$/;

function seconds(timestamp: string): number {
  const parts = timestamp.split(':').map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
}

/**
 * The cues of a WebVTT file. Identifiers and cue settings are dropped: a cue is served again in every loop of its
 * pattern, and hls.js keeps only the first cue of an identifier on a track (it makes its own ids from the times).
 */
export function parseCaptions(text: string): Cue[] {
  const blocks = text.replace(/\r\n?/g, '\n').split(/\n{2,}/);
  if (!blocks[0]?.startsWith('WEBVTT')) throw new Error('Not a WebVTT file: it does not start with WEBVTT');
  const cues: Cue[] = [];
  for (const block of blocks.slice(1)) {
    const lines = block.split('\n').filter((line) => line !== '');
    const at = lines.findIndex((line) => TIMING.test(line));
    if (at < 0) continue;
    const [, from, to] = TIMING.exec(lines[at]!)!;
    cues.push({ start: seconds(from!), end: seconds(to!), text: lines.slice(at + 1).join('\n') });
  }
  return cues;
}

/** `HH:MM:SS.mmm`, WebVTT's cue timestamp. */
export function cueTimestamp(value: number): string {
  const ms = Math.round(value * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}
