import { type Rendition, SEGMENT_SECONDS, type Source } from './library';
import { firstVideoTimestamp, TICKS_PER_SECOND } from './ts';
import { type Cue, cueTimestamp } from './webvtt';

/**
 * Subtitles of the demo streams (RFC 8216 §3.5, §4.3.4.1): each pattern's English and French cues
 * (`files/pattern-*\/captions.<lang>.vtt`, written by make-demo-media.sh) cut into one WebVTT segment per 2-second
 * video segment of the timeline. A segment's `X-TIMESTAMP-MAP` ties its local time 0 to the first video PTS of the
 * MPEG-TS segment it goes with, so its cues (0 to 2 s) land on that segment's picture in every loop of the pattern,
 * whatever the timeline's length: hls.js places them by that PTS, not by the playlist's count. One set serves every
 * video rendition: a source's renditions start each segment at the same PTS (library.ts refuses them otherwise).
 */

/** The subtitle renditions every content stream offers, in the multivariant playlist's order. */
export const SUBTITLE_LANGUAGES = [
  { lang: 'en', name: 'English' },
  { lang: 'fr', name: 'Français' },
] as const;
export type SubtitleLanguage = (typeof SUBTITLE_LANGUAGES)[number]['lang'];

export const isSubtitleLanguage = (value: string): value is SubtitleLanguage => SUBTITLE_LANGUAGES.some((l) => l.lang === value);

/**
 * The cues of source segment `sourceIndex`, clipped to its 2 seconds and counted from its start. A cue that runs
 * over a segment boundary is written in both segments (RFC 8216 §3.5: a segment holds every cue shown during it).
 */
export function segmentCues(cues: readonly Cue[], sourceIndex: number): Cue[] {
  const from = sourceIndex * SEGMENT_SECONDS;
  const to = from + SEGMENT_SECONDS;
  return cues
    .filter((cue) => cue.start < to && cue.end > from)
    .map((cue) => ({ start: Math.max(cue.start, from) - from, end: Math.min(cue.end, to) - from, text: cue.text }));
}

/** A WebVTT segment whose local time 0 is MPEG-TS time `pts` (90 kHz ticks, already wrapped to 33 bits). */
function renderSubtitleSegment(cues: readonly Cue[], pts: number): string {
  const lines = ['WEBVTT', `X-TIMESTAMP-MAP=MPEGTS:${pts},LOCAL:00:00:00.000`];
  for (const cue of cues) lines.push('', `${cueTimestamp(cue.start)} --> ${cueTimestamp(cue.end)}`, cue.text);
  return `${lines.join('\n')}\n`;
}

/**
 * Timeline segment `index`'s subtitles in `lang`, for the stream position `position` (as `timelineSegment`): the
 * cues of the source segment it replays, mapped to the video PTS that segment carries there. Undefined when the
 * source has no captions in that language.
 */
export function timelineSubtitles(source: Source, lang: SubtitleLanguage, index: number, position = index): string | undefined {
  const cues = source.captions[lang];
  if (!cues) return undefined;
  const n = source.segments.length;
  const sourceIndex = index % n;
  const segment = source.segments[sourceIndex];
  if (!segment) throw new Error(`${source.slug} has no segment ${sourceIndex}`);
  const pts = firstVideoTimestamp(segment.data);
  if (pts === undefined) throw new Error(`${source.slug} segment ${sourceIndex} has no video timestamp`);
  const shift = (position - sourceIndex) * SEGMENT_SECONDS * TICKS_PER_SECOND;
  return renderSubtitleSegment(segmentCues(cues, sourceIndex), wrap33(pts + shift));
}

const wrap33 = (ticks: number): number => ((ticks % 2 ** 33) + 2 ** 33) % 2 ** 33;

/** A quoted-string attribute value (RFC 8216 §4.2): it cannot hold a double quote, CR or LF, and has no escapes. */
export function quotedString(value: string): string {
  return `"${value.replace(/"/g, "'").replace(/[\r\n]+/g, ' ')}"`;
}

/** The files of a content stream, relative to its `index.m3u8` (so they inherit a signed link's token). */
export const STREAM_FILES = {
  /** A rendition's media playlist: `video.m3u8` for the source's own (the one name streams had before the ladder). */
  video: (rendition: string | null) => (rendition === null ? 'video.m3u8' : `video-${rendition}.m3u8`),
  /** A rendition's segment k: `<k>.ts`, `<k>.360p.ts`. */
  segment: (k: number, rendition: string | null) => (rendition === null ? `${k}.ts` : `${k}.${rendition}.ts`),
  subtitles: (lang: SubtitleLanguage) => `subtitles-${lang}.m3u8`,
  cues: (k: number, lang: SubtitleLanguage) => `${k}.${lang}.vtt`,
} as const;

/**
 * The multivariant playlist of a content stream: one variant per video rendition it offers (the source's, unless
 * told fewer), lowest bit rate first, each pointing at its own media playlist, and a subtitle rendition per language
 * the source has captions in, none selected by default (the viewer turns them on). Every variant's attributes come
 * from its bytes (library.ts): BANDWIDTH its peak segment bit rate and AVERAGE-BANDWIDTH its mean (§4.3.4.2), the
 * CODECS its SPS and ADTS header declare, its RESOLUTION and FRAME-RATE. The renditions share their subtitles: they
 * share their timestamps.
 */
export function renderMultivariant(source: Source, renditions: readonly Rendition[] = source.renditions): string {
  const languages = SUBTITLE_LANGUAGES.filter(({ lang }) => source.captions[lang] !== undefined);
  const lines = ['#EXTM3U', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const { lang, name } of languages) {
    const attributes = [
      'TYPE=SUBTITLES',
      `GROUP-ID=${quotedString('subs')}`,
      `LANGUAGE=${quotedString(lang)}`,
      `NAME=${quotedString(name)}`,
      'DEFAULT=NO',
      'AUTOSELECT=NO',
      `URI=${quotedString(STREAM_FILES.subtitles(lang))}`,
    ];
    lines.push(`#EXT-X-MEDIA:${attributes.join(',')}`);
  }
  for (const rendition of [...renditions].sort((a, b) => a.peakBitRate - b.peakBitRate)) {
    const { format } = rendition;
    const stream = [
      `BANDWIDTH=${rendition.peakBitRate}`,
      `AVERAGE-BANDWIDTH=${rendition.averageBitRate}`,
      `CODECS=${quotedString(format.codecs)}`,
      `RESOLUTION=${format.width}x${format.height}`,
      `FRAME-RATE=${rendition.frameRate.toFixed(3)}`,
    ];
    if (languages.length > 0) stream.push(`SUBTITLES=${quotedString('subs')}`);
    lines.push(`#EXT-X-STREAM-INF:${stream.join(',')}`, STREAM_FILES.video(rendition.name));
  }
  return `${lines.join('\n')}\n`;
}
