// @vitest-environment jsdom
/**
 * The `stream` actor over a faked media element and a faked hls.js (the browser's media stack is a third-party edge):
 * what the element does becomes the player's media events, autoplay falls back to muted, the seconds watched are
 * reported every 30 s of playback, at a pause and at the end, and stopping the actor leaves nothing behind.
 */
import { describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor, createMachine } from 'xstate';
import type { StreamInput } from '../../../machines/player/player.types';
import { type HlsFailure, type HlsLibrary, createHlsStream } from '../../../src/adapters/hls-player';

class FakeVideo extends EventTarget {
  currentTime = 0;
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
    return Promise.resolve();
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
  const instances: Array<{ url: string; live: boolean; ready(): void; fail(f: HlsFailure): void; recovered: number; swapped: number; destroyed: boolean }> = [];
  const library: HlsLibrary = {
    isSupported: () => supported,
    start(_video, url, { live, onReady, onError }) {
      const instance = { url, live, ready: onReady, fail: onError, recovered: 0, swapped: 0, destroyed: false };
      instances.push(instance);
      return {
        recoverMediaError: () => void (instance.recovered += 1),
        swapAudioCodec: () => void (instance.swapped += 1),
        destroy: () => void (instance.destroyed = true),
      };
    },
  };
  return { library, instances };
}

/** A parent that records what the stream sends back. */
function start(video: FakeVideo, library: HlsLibrary, input: StreamInput = { surface: { current: null }, url: 'http://media.test/a.m3u8', live: false, kind: 'content' }) {
  const received: AnyEventObject[] = [];
  const marks: string[] = [];
  const stream = createHlsStream({ videoOf: () => video as unknown as HTMLVideoElement, loadHls: async () => library, mark: (name) => marks.push(name) });
  const parent = createMachine({
    types: {} as { events: AnyEventObject },
    invoke: { src: stream, input, id: 'stream' },
    on: { '*': { actions: ({ event }) => received.push(event) } },
  });
  const actor = createActor(parent).start();
  return { actor, received, marks, types: () => received.map((e) => e.type) };
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
});
