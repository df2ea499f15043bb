/**
 * hls.js behind the player's `HlsLibrary` port (src/adapters/hls-player.ts), in the chunk that loads on demand with it.
 * Built from the sources its package ships with subtitles as its one optional feature (vite.config.ts,
 * `hlsFromSource`): the light build has no subtitles, and the full one adds alternate audio, EME, CMCD, content
 * steering, interstitials and variable substitution that no stream here uses (404 kB against 597). Besides playing,
 * it reports the levels' heights, the height playing, the subtitle tracks and the one showing, and applies the level
 * and the track the controls choose. Captions are off until chosen: hls.js would otherwise pick a DEFAULT=YES
 * rendition itself.
 */
import Hls from 'hls.js';
import type { HlsLibrary } from './hls-types';

/** The fastest a live stream plays to catch up with its live sync point (hls.js `maxLiveSyncPlaybackRate`). */
const LIVE_CATCH_UP_RATE = 1.5;

export const hlsLibrary: HlsLibrary = {
  isSupported: () => Hls.isSupported(),
  start(video, url, { live, startAt, onReady, onError, onFacts }) {
    // A live stream starts near its live edge, a VOD stream from the start, either at `startAt` when given. The first
    // segment is fetched while the media element's MediaSource opens, instead of after. Playback starts on the lowest
    // rendition, the first the multivariant playlist lists (the one whose playlist the entry preloads: hls-player.ts),
    // as the peers' players do: the first frame needs the fewest bytes, and the automatic choice climbs as soon as
    // the first segments have measured the bandwidth (left to itself, hls.js would guess 500 kbit/s and start higher).
    const common = { startFragPrefetch: true, startLevel: 0, subtitleDisplay: false, ...(startAt === undefined ? {} : { startPosition: startAt }) };
    // A live stream that fell a few seconds behind hls.js's live sync point (a slow start, a stall) plays up to 1.5×
    // until it is back, as the peers' live players catch up. hls.js does so only while it is less than its target
    // latency plus a segment behind that point (8 s on the 2 s segments here): a viewer who goes further back (j, the
    // time bar) stays where they went, and the LIVE button says so. A 5 s step back (←) is within reach and is caught
    // up too.
    const hls = new Hls(live ? { liveDurationInfinity: true, maxLiveSyncPlaybackRate: LIVE_CATCH_UP_RATE, ...common } : { startPosition: 0, ...common });
    const { Events } = Hls;
    const tracks = () => hls.subtitleTracks.map((track) => ({ language: track.lang ?? '', name: track.name }));
    const levels = () => onFacts({ levels: hls.levels.map((level) => level.height) });
    hls.on(Events.MANIFEST_PARSED, () => {
      levels();
      onReady();
    });
    hls.on(Events.LEVELS_UPDATED, levels);
    hls.on(Events.LEVEL_SWITCHED, (_event, { level }) => {
      const height = hls.levels[level]?.height;
      if (height) onFacts({ height });
    });
    // hls.js selects its initial track just after it tells of the tracks, which would undo a track chosen while it
    // tells (the viewer's kept language): the controls hear of the tracks once it is done.
    hls.on(Events.SUBTITLE_TRACKS_UPDATED, (_event, { subtitleTracks }) =>
      queueMicrotask(() => onFacts({ tracks: subtitleTracks.map((track) => ({ language: track.lang ?? '', name: track.name })), track: hls.subtitleTrack })),
    );
    hls.on(Events.SUBTITLE_TRACK_SWITCH, (_event, { id }) => onFacts({ track: id }));
    hls.on(Events.ERROR, (_event, data) => onError({ fatal: data.fatal, media: data.type === Hls.ErrorTypes.MEDIA_ERROR, details: data.details }));
    hls.loadSource(url);
    hls.attachMedia(video);
    return {
      recoverMediaError: () => hls.recoverMediaError(),
      swapAudioCodec: () => hls.swapAudioCodec(),
      destroy: () => hls.destroy(),
      setLevel(level) {
        // -1 is Auto; a height switches at once (flushing the buffer), as a viewer who picks one expects.
        hls.currentLevel = level;
        onFacts({ level });
      },
      setCaptions(track) {
        hls.subtitleTrack = track;
        hls.subtitleDisplay = track >= 0;
        onFacts({ track });
      },
      liveEdge: () => hls.liveSyncPosition,
      facts: () => ({
        levels: hls.levels.map((level) => level.height),
        level: hls.autoLevelEnabled ? -1 : hls.currentLevel,
        tracks: tracks(),
        track: hls.subtitleTrack,
        ...(hls.levels[hls.currentLevel]?.height ? { height: hls.levels[hls.currentLevel]?.height } : {}),
      }),
    };
  },
};
