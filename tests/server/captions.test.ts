/**
 * The renditions, unit by unit: the multivariant playlist (the 240p and 360p video ladder and the subtitles), the
 * video renditions cut alike, subtitle playlists that mirror the video's (live window and replay), the cues each
 * 2-second segment carries across a loop of the pattern, and the X-TIMESTAMP-MAP that ties them to the PTS of the
 * video segment they go with (on an event, in a clip, past the 33-bit wrap, in either rendition).
 */
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { quotedString, renderMultivariant, segmentCues, timelineSubtitles } from '../../server/media/captions';
import { demoMedia, MediaLibrary, type Source } from '../../server/media/library';
import { eventPlaylist, LIVE_WINDOW_SEGMENTS, timelineSegment } from '../../server/media/timeline';
import { firstTimestamps, firstVideoTimestamp } from '../../server/media/ts';
import { parseCaptions } from '../../server/media/webvtt';

const pattern = (slug = 'pattern-a'): Source => demoMedia().looped(slug)!;
const vttUri = (lang: string) => (k: number) => `${k}.${lang}.vtt`;
/** The cue blocks of a WebVTT segment: `start --> end` and the text. */
const cueBlocks = (vtt: string): string[] => vtt.trim().split('\n\n').slice(1);
const mapOf = (vtt: string): string => /^X-TIMESTAMP-MAP=(.*)$/m.exec(vtt)![1]!;

describe('the multivariant playlist', () => {
  it('names a 240p and a 360p video playlist, lowest first, and an English and a French subtitle rendition, neither on by default', () => {
    expect(renderMultivariant(pattern()).split('\n')).toEqual([
      '#EXTM3U',
      '#EXT-X-INDEPENDENT-SEGMENTS',
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="en",NAME="English",DEFAULT=NO,AUTOSELECT=NO,URI="subtitles-en.m3u8"',
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="fr",NAME="Français",DEFAULT=NO,AUTOSELECT=NO,URI="subtitles-fr.m3u8"',
      expect.stringMatching(/^#EXT-X-STREAM-INF:BANDWIDTH=\d+,AVERAGE-BANDWIDTH=\d+,CODECS="avc1\.42c01e,mp4a\.40\.2",RESOLUTION=426x240,FRAME-RATE=25\.000,SUBTITLES="subs"$/),
      'video.m3u8',
      expect.stringMatching(/^#EXT-X-STREAM-INF:BANDWIDTH=\d+,AVERAGE-BANDWIDTH=\d+,CODECS="avc1\.4d401e,mp4a\.40\.2",RESOLUTION=640x360,FRAME-RATE=25\.000,SUBTITLES="subs"$/),
      'video-360p.m3u8',
      '',
    ]);
  });

  it("declares each rendition's peak and average bit rate, lists only the renditions asked for, and no subtitle group for a source without captions", () => {
    const source = pattern('pattern-b');
    const text = renderMultivariant(source);
    for (const rendition of source.renditions) {
      const sizes = rendition.segments.map((s) => s.data.length);
      const peak = Math.max(...sizes.map((bytes) => Math.ceil((bytes * 8) / 2)));
      const average = Math.ceil((sizes.reduce((a, b) => a + b, 0) * 8) / 24);
      expect(text).toContain(`BANDWIDTH=${peak},AVERAGE-BANDWIDTH=${average},`);
    }
    const [low, high] = source.renditions;
    expect(high!.peakBitRate).toBeGreaterThan(low!.peakBitRate);
    // Lowest first whatever order they are given in.
    expect(renderMultivariant(source, [high!, low!])).toBe(text);
    expect(renderMultivariant(source, [high!]).match(/^video.*\.m3u8$/gm)).toEqual(['video-360p.m3u8']);
    const silent = renderMultivariant({ ...source, captions: {} });
    expect(silent).not.toContain('#EXT-X-MEDIA');
    expect(silent).not.toContain('SUBTITLES=');
    expect(silent.match(/#EXT-X-STREAM-INF/g)).toHaveLength(2);
  });

  it('writes names as quoted strings, which have no escape: a double quote or a line break cannot get through', () => {
    expect(quotedString('Français')).toBe('"Français"');
    expect(quotedString('Le "direct"\r\nen clair')).toBe('"Le \'direct\' en clair"');
  });

  it('codes the codecs the demo media holds: H.264 Constrained Baseline 3.0 (SPS 42 c0 1e) at 240p, Main 3.0 (4d 40 1e) at 360p', () => {
    const [low, high] = pattern().renditions;
    const spsBytes = (segment: Buffer) => {
      const sps = segment.indexOf(Buffer.from([0, 0, 1, 0x67]));
      return segment.subarray(sps + 4, sps + 7).toString('hex');
    };
    expect(spsBytes(low!.segments[0]!.data)).toBe('42c01e');
    expect(spsBytes(high!.segments[0]!.data)).toBe('4d401e');
    expect([low!.format, high!.format]).toEqual([
      { codecs: 'avc1.42c01e,mp4a.40.2', width: 426, height: 240 },
      { codecs: 'avc1.4d401e,mp4a.40.2', width: 640, height: 360 },
    ]);
    // 50 frames in every 2-second segment.
    expect([low!.frameRate, high!.frameRate]).toEqual([25, 25]);
  });
});

describe('the renditions of a pattern', () => {
  it('stamp segment k of the timeline alike, audio and video, so switching and subtitles line up in either', () => {
    const source = pattern('pattern-c');
    const [low, high] = source.renditions;
    for (const [index, position] of [[0, 0], [11, 11], [12, 12], [1234, 1234], [15, 0], [40, 3]] as const) {
      const lowStamps = firstTimestamps(timelineSegment(low!, index, position));
      expect(firstTimestamps(timelineSegment(high!, index, position)), `${index} at ${position}`).toEqual(lowStamps);
      expect(mapOf(timelineSubtitles(source, 'en', index, position)!)).toBe(`MPEGTS:${firstVideoTimestamp(timelineSegment(high!, index, position))},LOCAL:00:00:00.000`);
    }
  });

  it('are refused when they are not cut alike: another count of segments, or a segment at another timestamp', () => {
    const dir = mkdtempSync(join(tmpdir(), 'renditions-'));
    try {
      const files = join(import.meta.dirname, '../../server/media/files/pattern-a');
      cpSync(files, join(dir, 'pattern-a'), { recursive: true });
      expect(MediaLibrary.load(dir).looped('pattern-a')!.renditions).toHaveLength(2);
      // A 360p playlist that leaves its last segment out.
      const playlist = join(dir, 'pattern-a', '360p', 'index.m3u8');
      const written = readFileSync(playlist, 'utf8');
      writeFileSync(playlist, written.replace(/#EXTINF:2\.000000,\nseg-011\.mpegts\n/, ''));
      expect(() => MediaLibrary.load(dir)).toThrow(/pattern-a\/360p: 11 segments, not 12/);
      // Segments 3 and 4 swapped: each lasts 2 s, but starts at another time than the 240p segment of its number.
      writeFileSync(playlist, written.replace('seg-003.mpegts', 'seg-x.mpegts').replace('seg-004.mpegts', 'seg-003.mpegts').replace('seg-x.mpegts', 'seg-004.mpegts'));
      expect(() => MediaLibrary.load(dir)).toThrow(/pattern-a\/360p: segment 3 starts at another video timestamp/);
      // A folder named for another height than its picture's.
      writeFileSync(playlist, written);
      renameSync(join(dir, 'pattern-a', '360p'), join(dir, 'pattern-a', '480p'));
      expect(() => MediaLibrary.load(dir)).toThrow(/must be named 360p/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('subtitle playlists', () => {
  const event = { event_utc_ts: 1_000_000, duration: 3600 };

  it('mirror a live window: same media sequence, target duration and program date, no end', () => {
    // 50 segments past a full window: the window has slid by 50.
    const now = event.event_utc_ts + (LIVE_WINDOW_SEGMENTS + 50) * 2 + 1;
    const video = eventPlaylist(event, now)!;
    const subtitles = eventPlaylist(event, now, vttUri('en'))!;
    expect(subtitles).toBe(video.replace(/^(\d+)\.ts$/gm, '$1.en.vtt'));
    expect(subtitles).toContain('#EXT-X-MEDIA-SEQUENCE:50');
    expect(subtitles.match(/\.en\.vtt$/gm)).toHaveLength(LIVE_WINDOW_SEGMENTS);
    expect(subtitles).not.toContain('#EXT-X-ENDLIST');
  });

  it('mirror a replay: every segment from 0, with an end', () => {
    const now = event.event_utc_ts + event.duration + 5;
    const subtitles = eventPlaylist(event, now, vttUri('fr'))!;
    expect(subtitles).toBe(eventPlaylist(event, now)!.replace(/^(\d+)\.ts$/gm, '$1.fr.vtt'));
    expect(subtitles.match(/\.fr\.vtt$/gm)).toHaveLength(1800);
    expect(subtitles.trim().split('\n').at(-1)).toBe('#EXT-X-ENDLIST');
    expect(eventPlaylist(event, event.event_utc_ts - 1, vttUri('fr'))).toBeNull();
  });
});

describe('subtitle segments', () => {
  it('carry the cues of their two seconds of the pattern, counted from the segment, through a loop boundary', () => {
    const source = pattern();
    // Segment 11 is the pattern's last two seconds, segment 12 its first two again.
    expect(cueBlocks(timelineSubtitles(source, 'en', 11)!)).toEqual([
      '00:00:00.000 --> 00:00:01.000\nTest pattern A · 0:22\n[steady 440 Hz tone, a beep every second]',
      '00:00:01.000 --> 00:00:02.000\nTest pattern A · 0:23\n[steady 440 Hz tone, a beep every second]',
    ]);
    expect(cueBlocks(timelineSubtitles(source, 'fr', 12)!)).toEqual([
      '00:00:00.000 --> 00:00:01.000\nMire de test A · 0:00\n(barres de couleur et dégradés en mouvement)',
      '00:00:01.000 --> 00:00:02.000\nMire de test A · 0:01\n(barres de couleur et dégradés en mouvement)',
    ]);
  });

  it('map local time 0 to the first video PTS of the segment they go with, on an event, in a clip and past the wrap', () => {
    const source = pattern('pattern-c');
    const wrapsAt = Math.ceil((2 ** 33 - 127_920) / 180_000);
    for (const [index, position] of [[0, 0], [11, 11], [12, 12], [1234, 1234], [15, 0], [40, 3], [wrapsAt - 1, wrapsAt - 1], [wrapsAt, wrapsAt]] as const) {
      const pts = firstVideoTimestamp(timelineSegment(source, index, position))!;
      expect(mapOf(timelineSubtitles(source, 'en', index, position)!), `${index} at ${position}`).toBe(`MPEGTS:${pts},LOCAL:00:00:00.000`);
    }
    // Continuous: two seconds (180,000 ticks of 90 kHz) a segment, from ffmpeg's 1.4 s start, then wrapped at 2^33.
    expect(mapOf(timelineSubtitles(source, 'fr', 12)!)).toBe('MPEGTS:2287920,LOCAL:00:00:00.000');
    expect(mapOf(timelineSubtitles(source, 'fr', wrapsAt)!)).toBe(`MPEGTS:${127_920 + wrapsAt * 180_000 - 2 ** 33},LOCAL:00:00:00.000`);
  });

  it('split a cue that runs over a segment boundary into both segments, and leave out the rest', () => {
    const cues = [
      { start: 0.5, end: 1, text: 'before' },
      { start: 1.5, end: 2.5, text: 'across' },
      { start: 4, end: 5, text: 'after' },
    ];
    expect(segmentCues(cues, 0)).toEqual([cues[0], { start: 1.5, end: 2, text: 'across' }]);
    expect(segmentCues(cues, 1)).toEqual([{ start: 0, end: 0.5, text: 'across' }]);
    expect(segmentCues(cues, 2)).toEqual([{ start: 0, end: 1, text: 'after' }]);
  });

  it('have no rendition in a language the source has no captions in', () => {
    expect(timelineSubtitles({ ...pattern(), captions: {} }, 'en', 3)).toBeUndefined();
  });
});

describe('the committed caption files', () => {
  it('give each pattern 24 one-second cues in English and in French, different for every pattern', () => {
    const texts = new Set<string>();
    for (const slug of ['pattern-a', 'pattern-b', 'pattern-c']) {
      const { captions } = pattern(slug);
      for (const lang of ['en', 'fr']) {
        const cues = captions[lang]!;
        expect(cues.map((c) => [c.start, c.end])).toEqual(Array.from({ length: 24 }, (_, s) => [s, s + 1]));
        texts.add(cues[0]!.text);
      }
    }
    expect(texts.size).toBe(6);
    expect(demoMedia().get('preroll-1')!.captions).toEqual({});
  });

  it('are read as WebVTT: timings with hours or without, settings and identifiers dropped, multi-line text kept', () => {
    expect(parseCaptions('WEBVTT\n\nid-1\n00:01.500 --> 01:00:02.000 line:90%\nOne\nTwo\n\nNOTE a comment\n')).toEqual([
      { start: 1.5, end: 3602, text: 'One\nTwo' },
    ]);
    expect(() => parseCaptions('00:00.000 --> 00:01.000\nNo header')).toThrow(/WEBVTT/);
  });
});
