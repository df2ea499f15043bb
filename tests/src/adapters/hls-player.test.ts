// @vitest-environment jsdom
/**
 * The `stream` actor over a faked media element and a faked hls.js (the browser's media stack is a third-party edge):
 * what the element does becomes the player's media events, autoplay falls back to muted, the seconds watched are
 * reported every 30 s of playback, at a pause and at the end, and stopping the actor leaves nothing behind.
 */
import { describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor, createMachine } from 'xstate';
import type { StreamInput } from '../../../machines/player/player.types';
import type { MediaFacts } from '../../../machines/playback-controls/playback-controls.types';
import { createHlsStream } from '../../../src/adapters/hls-player';
import type { HlsFailure, HlsLibrary } from '../../../src/adapters/hls-types';
import { controlElement } from '../../../src/adapters/media-element';

/** A TimeRanges of the given [start, end] pairs. */
const timeRanges = (...ranges: Array<[number, number]>): TimeRanges => ({
  length: ranges.length,
  start: (i: number) => ranges[i]![0],
  end: (i: number) => ranges[i]![1],
});

class FakeVideo extends EventTarget {
  currentTime = 0;
  duration = Number.NaN;
  volume = 1;
  playbackRate = 1;
  videoHeight = 0;
  buffered = timeRanges();
  seekable = timeRanges();
  disablePictureInPicture = false;
  parentElement = null;
  paused = true;
  seeking = false;
  muted = false;
  src = '';
  error: { message: string } | null = null;
  loads = 0;
  /** What play() answers next: undefined plays, an error name refuses. */
  refusals: string[] = [];
  nativeHls = '';
  listeners = 0;

  play(): Promise<void> {
    const refusal = this.refusals.shift();
    if (refusal) return Promise.reject(Object.assign(new Error(refusal), { name: refusal }));
    this.paused = false;
    this.fire('play');
    return Promise.resolve();
  }
  pause(): void {
    this.paused = true;
    this.fire('pause');
  }
  canPlayType(): string {
    return this.nativeHls;
  }
  load(): void {
    this.loads += 1;
  }
  removeAttribute(name: string): void {
    if (name === 'src') this.src = '';
  }
  override addEventListener(...args: Parameters<EventTarget['addEventListener']>): void {
    this.listeners += 1;
    super.addEventListener(...args);
  }
  override removeEventListener(...args: Parameters<EventTarget['removeEventListener']>): void {
    this.listeners -= 1;
    super.removeEventListener(...args);
  }
  fire(type: string): void {
    this.dispatchEvent(new Event(type));
  }
  /** Plays `seconds` more, in timeupdate steps of a quarter second. */
  advance(seconds: number): void {
    for (let i = 0; i < seconds * 4; i += 1) {
      this.currentTime += 0.25;
      this.fire('timeupdate');
    }
  }
}

function fakeHls(supported = true) {
  const instances: Array<{
    url: string;
    live: boolean;
    startAt: number | undefined;
    ready(): void;
    fail(f: HlsFailure): void;
    report(facts: Partial<MediaFacts>): void;
    recovered: number;
    swapped: number;
    destroyed: boolean;
    level: number;
    track: number;
  }> = [];
  const library: HlsLibrary = {
    isSupported: () => supported,
    start(_video, url, { live, startAt, onReady, onError, onFacts }) {
      const instance = { url, live, startAt, ready: onReady, fail: onError, report: onFacts, recovered: 0, swapped: 0, destroyed: false, level: -1, track: -1 };
      instances.push(instance);
      return {
        recoverMediaError: () => void (instance.recovered += 1),
        swapAudioCodec: () => void (instance.swapped += 1),
        destroy: () => void (instance.destroyed = true),
        setLevel: (level: number) => void (instance.level = level),
        setCaptions: (track: number) => void (instance.track = track),
        liveEdge: () => (live ? 54 : null),
        facts: () => ({ levels: [720], track: instance.track }),
      };
    },
  };
  return { library, instances };
}

/** A parent that records what the stream sends back. */
function start(video: FakeVideo, library: HlsLibrary, input: StreamInput = { surface: { current: null }, url: 'http://media.test/a.m3u8', live: false, kind: 'content' }) {
  const received: AnyEventObject[] = [];
  /** The facts reported for the controls, merged as the controls machine merges them. */
  let facts: Partial<MediaFacts> = {};
  const marks: string[] = [];
  const stream = createHlsStream({
    videoOf: () => video as unknown as HTMLVideoElement,
    loadHls: async () => library,
    loadControl: async () => controlElement,
    mark: (name) => marks.push(name),
  });
  const parent = createMachine({
    types: {} as { events: AnyEventObject },
    invoke: { src: stream, input, id: 'stream' },
    on: {
      '*': {
        actions: ({ event }) => {
          if (event.type === 'media.facts') facts = { ...facts, ...(event['facts'] as Partial<MediaFacts>) };
          else received.push(event);
        },
      },
    },
  });
  const actor = createActor(parent).start();
  const command = (event: AnyEventObject) => actor.getSnapshot().children['stream']?.send(event);
  return { actor, received, marks, facts: () => facts, command, types: () => received.map((e) => e.type) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createHlsStream', () => {
  it('plays through hls.js once the playlist is parsed, and maps the element events to media events', async () => {
    const video = new FakeVideo();
    const { library, instances } = fakeHls();
    const { received, marks, types } = start(video, library, { surface: { current: null }, url: 'http://media.test/live.m3u8', live: true, kind: 'preroll' });
    await settle();
    expect(instances.map((i) => [i.url, i.live])).toEqual([['http://media.test/live.m3u8', true]]);
    expect(video.paused).toBe(true);
    instances[0]?.ready();
    await settle();
    expect(video.paused).toBe(false);

    video.fire('playing');
    video.fire('waiting');
    video.fire('playing');
    expect(types()).toEqual(['media.playing', 'media.waiting', 'media.playing']);
    // jsdom has no requestVideoFrameCallback: the first `playing` marks the first frame, once.
    expect(marks).toEqual(['video-first-frame:preroll']);
    video.fire('ended');
    expect(received.at(-1)).toEqual({ type: 'media.ended' });
  });

  it('retries autoplay muted when the browser refuses sound, and leaves a second refusal to the controls', async () => {
    const video = new FakeVideo();
    video.refusals = ['NotAllowedError'];
    const { library, instances } = fakeHls();
    const { types } = start(video, library);
    await settle();
    instances[0]?.ready();
    await settle();
    expect(video.muted).toBe(true);
    expect(video.paused).toBe(false);

    const other = new FakeVideo();
    other.refusals = ['NotAllowedError', 'NotAllowedError'];
    const second = fakeHls();
    const refused = start(other, second.library);
    await settle();
    second.instances[0]?.ready();
    await settle();
    expect(other.muted).toBe(true);
    expect(refused.types()).toEqual([]);
    expect(types()).toEqual([]);
  });

  it('reports the seconds actually played: every 30 s, at a pause and at the end, not seeks', async () => {
    const video = new FakeVideo();
    const { library, instances } = fakeHls();
    const { received } = start(video, library);
    await settle();
    instances[0]?.ready();
    await settle();
    const watched = () => received.flatMap((e) => (e.type === 'media.watched' && typeof e['seconds'] === 'number' ? [e['seconds']] : []));

    video.currentTime = 12;
    video.fire('playing');
    video.advance(29);
    expect(watched()).toEqual([]);
    video.advance(1);
    expect(watched()).toEqual([30]);
    // A seek forward is not playback.
    video.fire('seeking');
    video.currentTime += 120;
    video.fire('timeupdate');
    video.advance(10.5);
    video.paused = true;
    video.fire('pause');
    expect(watched()).toEqual([30, 10]);
    // The half second waits for the next report.
    video.paused = false;
    video.fire('playing');
    video.advance(4.5);
    video.fire('ended');
    expect(watched()).toEqual([30, 10, 5]);
    expect(received.at(-1)).toEqual({ type: 'media.ended' });
  });

  it('lets hls.js recover from fatal media errors twice, then reports the error; network errors at once', async () => {
    const video = new FakeVideo();
    const { library, instances } = fakeHls();
    const { received } = start(video, library);
    await settle();
    const hls = instances[0];
    hls?.fail({ fatal: false, media: false, details: 'fragLoadTimeOut' });
    hls?.fail({ fatal: true, media: true, details: 'bufferStalledError' });
    hls?.fail({ fatal: true, media: true, details: 'bufferStalledError' });
    expect([hls?.recovered, hls?.swapped]).toEqual([2, 1]);
    expect(received).toEqual([]);
    hls?.fail({ fatal: true, media: true, details: 'bufferAppendError' });
    expect(received).toEqual([{ type: 'media.error', message: 'bufferAppendError' }]);

    const other = fakeHls();
    const network = start(new FakeVideo(), other.library);
    await settle();
    other.instances[0]?.fail({ fatal: true, media: false, details: 'manifestLoadError' });
    expect(network.received).toEqual([{ type: 'media.error', message: 'manifestLoadError' }]);
  });

  it('falls back to native HLS only without Media Source Extensions, and fails where neither plays', async () => {
    const video = new FakeVideo();
    video.nativeHls = 'maybe';
    const { library, instances } = fakeHls(false);
    const native = start(video, library);
    await settle();
    expect(instances).toEqual([]);
    expect(video.src).toBe('http://media.test/a.m3u8');
    expect(video.paused).toBe(false);
    video.error = { message: 'MEDIA_ERR_DECODE' };
    video.fire('error');
    expect(native.received).toEqual([{ type: 'media.error', message: 'MEDIA_ERR_DECODE' }]);

    const neither = start(new FakeVideo(), fakeHls(false).library);
    await settle();
    expect(neither.types()).toEqual(['media.error']);
  });

  it('cleans up when stopped: hls.js destroyed, listeners removed, the source emptied', async () => {
    const video = new FakeVideo();
    const { library, instances } = fakeHls();
    const { actor, received } = start(video, library);
    await settle();
    expect(video.listeners).toBeGreaterThan(0);
    actor.stop();
    expect(instances[0]?.destroyed).toBe(true);
    expect(video.listeners).toBe(0);
    expect(video.loads).toBe(1);
    video.fire('playing');
    expect(received).toEqual([]);
  });

  it('does not start when stopped before hls.js arrived', async () => {
    const video = new FakeVideo();
    const { library, instances } = fakeHls();
    const startSpy = vi.fn(library.start);
    const { actor } = start(video, { ...library, start: startSpy });
    actor.stop();
    await settle();
    expect(startSpy).not.toHaveBeenCalled();
    expect(instances).toEqual([]);
  });

  it('reports where the playhead is and the length with the seconds watched (the resume point)', async () => {
    const video = new FakeVideo();
    video.duration = 240;
    const { library, instances } = fakeHls();
    const { received } = start(video, library, { surface: { current: null }, url: 'http://media.test/a.m3u8', live: false, kind: 'content', startAt: 80 });
    await settle();
    expect(instances[0]?.startAt).toBe(80);
    instances[0]?.ready();
    await settle();
    video.currentTime = 80;
    video.fire('playing');
    video.advance(30);
    expect(received.filter((e) => e.type === 'media.watched')).toEqual([{ type: 'media.watched', seconds: 30, position: 110, duration: 240 }]);
  });

  it('reports the element and hls.js facts for the controls, and applies their commands', async () => {
    const video = new FakeVideo();
    const { library, instances } = fakeHls();
    const { facts, command } = start(video, library);
    await settle();
    const hls = instances[0]!;
    hls.ready();
    await settle();
    expect(facts()).toMatchObject({ paused: false, muted: false, volume: 1, rate: 1 });

    video.currentTime = 12;
    video.duration = 240;
    video.buffered = timeRanges([0, 30]);
    video.fire('timeupdate');
    expect(facts()).toMatchObject({ time: 12, duration: 240, buffered: [[0, 30]], window: null });
    hls.report({ levels: [360, 720], tracks: [{ language: 'en', name: 'English' }], track: -1 });
    expect(facts()).toMatchObject({ levels: [360, 720], tracks: [{ language: 'en', name: 'English' }] });

    command({ type: 'stream.pause' });
    expect([video.paused, facts().paused]).toEqual([true, true]);
    command({ type: 'stream.seek', time: 100 });
    expect(video.currentTime).toBe(100);
    command({ type: 'stream.mute', muted: true });
    expect(video.muted).toBe(true);
    command({ type: 'stream.volume', volume: 0.4 });
    expect([video.volume, video.muted]).toEqual([0.4, false]);
    command({ type: 'stream.rate', rate: 1.5 });
    expect(video.playbackRate).toBe(1.5);
    command({ type: 'stream.level', level: 1 });
    command({ type: 'stream.captions', track: 0 });
    expect([hls.level, hls.track]).toEqual([1, 0]);
  });

  it('on a live stream, reports the seekable window up to the live edge and seeks no further', async () => {
    const video = new FakeVideo();
    const { library, instances } = fakeHls();
    const { facts, command } = start(video, library, { surface: { current: null }, url: 'http://media.test/live.m3u8', live: true, kind: 'content' });
    await settle();
    instances[0]?.ready();
    await settle();
    video.seekable = timeRanges([10, 60]);
    video.currentTime = 50;
    video.fire('timeupdate');
    // hls.js's live sync point (54 here) is where a stream at its edge plays.
    expect(facts().window).toEqual([10, 54]);
    command({ type: 'stream.seek', time: 60 });
    expect(video.currentTime).toBe(54);
  });

  it('with the browser’s own HLS, lists and shows its subtitle tracks', async () => {
    const video = new FakeVideo();
    video.nativeHls = 'maybe';
    const tracks = [
      { kind: 'subtitles', language: 'en', label: 'English', mode: 'disabled' },
      { kind: 'metadata', language: '', label: '', mode: 'hidden' },
      { kind: 'subtitles', language: 'fr', label: 'Français', mode: 'disabled' },
    ];
    const list = Object.assign(new EventTarget(), { length: tracks.length }, tracks);
    Object.assign(video, { textTracks: list });
    const { facts, command } = start(video, fakeHls(false).library);
    await settle();
    list.dispatchEvent(new Event('addtrack'));
    expect(facts()).toMatchObject({ tracks: [{ language: 'en', name: 'English' }, { language: 'fr', name: 'Français' }], track: -1 });
    command({ type: 'stream.captions', track: 1 });
    expect(tracks.map((t) => t.mode)).toEqual(['disabled', 'hidden', 'showing']);
    expect(facts().track).toBe(1);
  });
});
