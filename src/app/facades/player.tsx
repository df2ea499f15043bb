/**
 * Facade of a player (machines/player): one actor per mounted player, with its real effects: the client for the
 * details and the grant, the preroll rules on the channel's settings with the viewer's no_ads flag and local storage,
 * hls.js on the player's `<video>` element, and the analytics session for the first frame and the time watched.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useMemo, useRef, type RefObject } from 'react';
import type { VideoViewingReport } from '../../../machines/analytics-session/analytics-session.types';
import type { StartupParts } from '../../../machines/app-load/app-load.types';
import { createPlayerActors } from '../../../machines/player/player.actors';
import { playerMachine } from '../../../machines/player/player.machine';
import type { FirstFrameParams, PlayerDenial, PlayerDetails, PlayerSource } from '../../../machines/player/player.types';
import { prerollSettingsFrom } from '../../../machines/preroll/preroll.actors';
import type { PrerollViewer } from '../../../machines/preroll/preroll.types';
import type { SessionContext } from '../../../machines/session/session.types';
import { createHlsStream, preloadHls } from '../../adapters/hls-player';
import { flattenCategories, propertyValues } from '../../components/catalogue/catalogue-data';
import { useAppActors } from '../actors-context';
import { useStartupPart } from './app-load';

/** What the player shows. */
export type PlayerStatus = 'loading' | 'buffering' | 'playing' | 'ended' | 'error' | 'denied';

export type PlayerLogic = typeof playerMachine;

/**
 * Replaces parts of the player's logic under it (view tests: a fake `stream`, since jsdom plays no video). The app
 * never provides it.
 */
export const PlayerLogicContext = createContext<((logic: PlayerLogic) => PlayerLogic) | null>(null);

export interface PlayerHandle {
  status: PlayerStatus;
  denial: PlayerDenial | null;
  details: PlayerDetails | null;
  /** The preroll (an ad) plays, not the video. */
  isPreroll: boolean;
  retry(): void;
  replay(): void;
  /** For the `<video>` element the stream plays on. */
  videoRef: RefObject<HTMLVideoElement | null>;
}

/** The viewer as the preroll rules see them: their id ("unlogged" when null) and the no_ads capability. */
function prerollViewerOf(context: SessionContext): PrerollViewer {
  const { profile, access } = context;
  const noAds =
    access?.capabilities.no_ads === true || (profile?.capabilities ?? []).some((c) => c?.toLowerCase() === 'no_ads');
  return { id: profile?.id ?? null, noAds };
}

type VideoClassification = Pick<VideoViewingReport, 'category' | 'sport' | 'gender' | 'school' | 'league'>;

/** SPEC §7 viewing classification: the event's category, and sport, gender, school and league of its home side. */
function classify(details: PlayerDetails | null, parts: StartupParts): VideoClassification {
  const none: VideoClassification = { category: null, sport: null, gender: null, school: null, league: null };
  if (details?.kind !== 'event') return none;
  const { event } = details;
  const participants = event.participants.filter((p) => p !== null);
  const side = participants.find((p) => p.id === event.home_team_id) ?? participants[0];
  const group = side ? parts.groups?.data.find((g) => g?.id === side.group_id) : undefined;
  const gender = propertyValues(side?.properties, 'gender')[0];
  return {
    category: flattenCategories(parts.categories).find((c) => c.id === event.event_category_id)?.name ?? null,
    sport: propertyValues(side?.properties, 'sport')[0] ?? null,
    gender: gender === 'male' || gender === 'female' ? gender : null,
    school: group?.name ?? null,
    league: propertyValues(group?.properties, 'league')[0] ?? null,
  };
}

const streamOf = ({ source, grant }: FirstFrameParams) => ({
  streamId: source.id,
  streamType: source.kind === 'clip' ? ('clip' as const) : grant.streamType,
});

export function usePlayer(source: PlayerSource): PlayerHandle {
  const { client, storage, session, analytics, appLoad } = useAppActors();
  const settings = useStartupPart('settings');
  const settingsRef = useRef(settings);
  useEffect(() => {
    settingsRef.current = settings;
  }, [settings]);
  const override = useContext(PlayerLogicContext);
  const videoRef = useRef<HTMLVideoElement | null>(null);

  const effects = useMemo(
    () =>
      createPlayerActors({
        client,
        preroll: {
          settings: () => prerollSettingsFrom(settingsRef.current),
          viewer: () => prerollViewerOf(session.getSnapshot().context),
          storage: {
            read: (key) => {
              const stored = storage.get(key);
              return stored === null || !Number.isFinite(Number(stored)) ? null : Number(stored);
            },
            // Kept until prerolls may play again, then the entry expires by itself.
            write: (key, untilMs) => storage.set(key, String(untilMs), Math.max(untilMs - Date.now(), 0)),
          },
          clock: { now: () => Date.now() },
          random: () => Math.random(),
        },
      }),
    [client, storage, session],
  );
  useEffect(() => () => effects.stop(), [effects]);

  const logic = useMemo(() => {
    // One view (its UUID) per playback from the first frame on: a replay or a retry is a new view.
    let viewUuid: string | null = null;
    const provided = playerMachine.provide({
      actors: { ...effects.actors, stream: createHlsStream({ getVideo: () => videoRef.current }) },
      actions: {
        ...effects.actions,
        reportFirstFrame: (_, params) => {
          viewUuid = crypto.randomUUID();
          analytics.send({ type: 'video.event', video: { viewUuid, ...streamOf(params), event: 'first_frame' } });
        },
        reportViewing: (_, params) => {
          viewUuid ??= crypto.randomUUID();
          analytics.send({
            type: 'video.viewing',
            video: {
              viewUuid,
              ...streamOf(params),
              viewingTime: Math.round(params.seconds),
              ...classify(params.details, appLoad.getSnapshot().context.parts),
            },
          });
        },
      },
    });
    return override ? override(provided) : provided;
  }, [effects, analytics, appLoad, override]);

  const actor = useActorRef(logic);
  useEffect(() => {
    // By value: a parent may pass a new object with the same kind and id on every render.
    actor.send({ type: 'player.open', source: { kind: source.kind, id: source.id } });
    // hls.js (115 kB gzip) compiles on the main thread: the request for the grant goes out first, and the library
    // loads while it is answered.
    const timer = setTimeout(preloadHls, 0);
    return () => clearTimeout(timer);
  }, [actor, source.kind, source.id]);

  const status = useSelector(actor, (s): PlayerStatus => {
    if (s.hasTag('denied')) return 'denied';
    if (s.matches('failed') || s.matches('error')) return 'error';
    if (s.matches('ended')) return 'ended';
    if (s.matches({ content: 'buffering' }) || s.matches({ preroll: 'buffering' })) return 'buffering';
    if (s.hasTag('busy') || s.matches('idle')) return 'loading';
    return 'playing';
  });
  const denial = useSelector(actor, (s) => s.context.denial);
  const details = useSelector(actor, (s) => s.context.details);
  const isPreroll = useSelector(actor, (s) => s.hasTag('preroll'));
  return {
    status,
    denial,
    details,
    isPreroll,
    retry: () => actor.send({ type: 'user.retry' }),
    replay: () => actor.send({ type: 'user.replay' }),
    videoRef,
  };
}
