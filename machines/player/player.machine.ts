/**
 * The player (SPEC §2 /watch/{id}, /watch_embed/{id}, /watch_library/{id}, the VOD item route): one source at a
 * time. It asks the API for the details and a signed playback grant in one request, shows why the viewer may not
 * watch when the API refuses, lets the preroll machine decide whether an ad plays first, then plays the content and
 * reports its first frame and the time watched to analytics.
 *
 * The effects are named: `authorize`, `readProgress` and `choosePreroll` (player.actors.ts), `stream` (the browser's media element,
 * src/adapters/hls-player.ts) and the actions `prerollEnded`, `prerollFailed`, `reportFirstFrame`, `reportViewing`,
 * which default to doing nothing.
 */
import { type EventObject, assign, enqueueActions, fromCallback, fromPromise, not, sendParent, sendTo, setup } from 'xstate';
import { ClientRequestError } from '../../mesh/client/errors';
import type { PlaybackControlsInput } from '../playback-controls/playback-controls.types';
import { type PrerollRequest, prerollMachine } from '../preroll/preroll.machine';
import { notProvided } from '../shared/not-provided';
import type {
  Authorization,
  FirstFrameParams,
  PlayerContext,
  PlayerEvent,
  PlayerInput,
  PlayerControlsLogic,
  PlayerSource,
  PrerollChoice,
  StreamInput,
  ViewingParams,
} from './player.types';

/**
 * The preroll machine as the player's child: it tells the player what it decided. The app supplies its ports
 * (clock, storage, random draw) through `playerMachine.provide({ actors: { preroll: playerPrerollMachine.provide(...) } })`.
 */
export const playerPrerollMachine = prerollMachine.provide({
  actions: {
    announcePreroll: sendParent((_, url: string) => ({ type: 'preroll.chosen', url })),
    announceContent: sendParent({ type: 'preroll.skipped' }),
  },
});

/** A saved position this far in or less is not worth offering: the viewer starts from the beginning. */
const RESUME_MIN_SECONDS = 10;

/** What the invoked actors and the actions read; the states that run them always have a source and a grant. */
function playbackOf(context: PlayerContext): FirstFrameParams {
  if (context.source === null || context.grant === null) throw new Error('the player plays nothing without a source and a grant');
  return { source: context.source, details: context.details, grant: context.grant };
}

export const playerMachine = setup({
  types: {
    context: {} as PlayerContext,
    events: {} as PlayerEvent,
    input: {} as PlayerInput,
    /**
     * What the screen shows: `busy` a spinner, `denied` why the viewer may not watch, `failed` the retry, `ended` the
     * replay, `buffering` and `playing` the video (or the ad, with `preroll`) waiting for data or under way.
     */
    tags: {} as 'busy' | 'denied' | 'preroll' | 'failed' | 'ended' | 'buffering' | 'playing' | 'resumeOffer',
  },
  actors: {
    // Safe defaults: without the API nothing is authorized (the failed state, with its retry); without a preroll
    // decision none plays; without a media element nothing is reported.
    authorize: fromPromise<Authorization, PlayerSource>(notProvided('authorize')),
    describePlayable: fromPromise<PrerollRequest, PrerollChoice>(notProvided('describePlayable')),
    // Where the viewer stopped last time (seconds); by default nowhere, so nothing is offered.
    readProgress: fromPromise<number | null, FirstFrameParams>(async () => null),
    preroll: playerPrerollMachine,
    // It receives nothing; it sends MediaEvents back.
    stream: fromCallback<EventObject, StreamInput>(() => undefined),
    // The controls' machine (machines/playback-controls), which the app loads on demand: the first load has no room
    // for it. Without it the video plays without controls.
    loadControls: fromPromise<PlayerControlsLogic>(notProvided('loadControls')),
  },
  guards: {
    isDenied: (_, authorization: Authorization) => authorization.denial !== undefined,
    hasControls: ({ context }) => context.controls !== null,
    hasSavedPosition: (_, position: number | null) => position !== null && position > RESUME_MIN_SECONDS,
  },
  actions: {
    openSource: assign(({ event }) =>
      event.type === 'player.open'
        ? { source: event.source, details: null, grant: null, denial: null, prerollUrl: null, failure: null, savedPosition: null, startAt: null }
        : {},
    ),
    useAuthorization: assign((_, authorization: Authorization) => ({
      details: authorization.details,
      grant: authorization.grant ?? null,
      denial: authorization.denial ?? null,
      failure: null,
    })),
    useFailure: assign((_, failure: { error: unknown }) => ({
      failure: failure.error instanceof ClientRequestError ? failure.error.error : null,
    })),
    usePreroll: assign((_, url: string) => ({ prerollUrl: url })),
    startControls: assign(({ spawn }, { logic, input }: { logic: PlayerControlsLogic; input: PlaybackControlsInput }) => ({
      controls: spawn(logic, { input }),
    })),
    stopControls: enqueueActions(({ context, enqueue }) => {
      if (context.controls) enqueue.stopChild(context.controls);
      enqueue.assign({ controls: null });
    }),
    forwardFacts: sendTo(({ context }) => context.controls ?? '', ({ event }) => event),
    useSavedPosition: assign((_, position: number) => ({ savedPosition: position })),
    resumeFromSaved: assign(({ context }) => ({ startAt: context.savedPosition })),
    startFromBeginning: assign({ startAt: null }),
    // App effects: analytics hears of the view.
    reportFirstFrame: (_, _params: FirstFrameParams) => undefined,
    reportViewing: (_, _params: ViewingParams) => undefined,
  },
}).createMachine({
  id: 'player',
  description:
    'Plays one event, VOD item or clip. The details and a signed playback link are read together; when the API ' +
    'refuses (region, login, purchase, pass, not started, unknown) the viewer reads why. Otherwise a preroll may play ' +
    'first, then the video, with a loading spinner while it buffers, a replay button when it ends and a retry button ' +
    'when it fails.',
  context: ({ input }) => ({
    prerolls: input.prerolls,
    surface: input.surface,
    source: null,
    details: null,
    grant: null,
    denial: null,
    prerollUrl: null,
    failure: null,
    controls: null,
    savedPosition: null,
    startAt: null,
  }),
  // The preroll rules live as long as the player: a preroll's end must reach the machine that chose it.
  invoke: { id: 'preroll', src: 'preroll', input: ({ context }) => context.prerolls },
  initial: 'idle',
  on: {
    'player.open': {
      target: '.authorizing',
      reenter: true,
      actions: 'openSource',
      description: 'The screen opens a video (another one replaces the current one).',
    },
  },
  states: {
    idle: { description: 'Nothing to play yet.' },
    authorizing: {
      description: 'Reading the details and asking for a playback link; the viewer sees a spinner.',
      tags: ['busy'],
      invoke: {
        id: 'authorize',
        src: 'authorize',
        input: ({ context }) => {
          if (context.source === null) throw new Error('authorizing without a source');
          return context.source;
        },
        onDone: [
          {
            guard: { type: 'isDenied', params: ({ event }) => event.output },
            target: 'denied',
            actions: { type: 'useAuthorization', params: ({ event }) => event.output },
            description: 'The API refused: the viewer reads why, with the way out (log in, buy, passes).',
          },
          {
            target: 'readingProgress',
            actions: { type: 'useAuthorization', params: ({ event }) => event.output },
            description: 'The viewer may watch: a signed link arrived.',
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'useFailure', params: ({ event }) => ({ error: event.error }) },
          description: 'The API could not be reached or crashed (after the client’s own retry).',
        },
      },
    },
    denied: {
      description: 'The viewer reads why they may not watch: region, login, purchase, pass, not started yet, or unknown.',
      tags: ['denied'],
    },
    failed: {
      description: 'The player shows "Oops! We are currently experiencing technical difficulties" and a retry button.',
      tags: ['failed'],
      on: { 'user.retry': { target: 'authorizing', description: 'Try again.' } },
    },
    readingProgress: {
      description: 'Asks where a signed-in viewer stopped; a spinner shows.',
      tags: ['busy'],
      invoke: {
        id: 'readProgress',
        src: 'readProgress',
        input: ({ context }) => playbackOf(context),
        onDone: [
          {
            guard: { type: 'hasSavedPosition', params: ({ event }) => event.output },
            target: 'offeringResume',
            actions: { type: 'useSavedPosition', params: ({ event }) => event.output ?? 0 },
            description: 'Stopped past 10 s: the viewer chooses.',
          },
          { target: 'choosingPreroll', description: 'Nothing to resume: plays from the start.' },
        ],
        onError: { target: 'choosingPreroll', description: 'Unreadable: plays from the start.' },
      },
    },
    offeringResume: {
      description: '"Resume from 12:34" or "Start from the beginning".',
      tags: ['resumeOffer'],
      on: {
        'user.resume': {
          target: 'choosingPreroll',
          actions: 'resumeFromSaved',
          description: 'Starts where they stopped (after any ad).',
        },
        'user.restart': {
          target: 'choosingPreroll',
          actions: 'startFromBeginning',
          description: 'Starts from the beginning (after any ad).',
        },
      },
    },
    choosingPreroll: {
      description: 'The preroll rules decide whether an ad plays first (no_ads, the channel prerolls, recently played).',
      tags: ['busy'],
      initial: 'describing',
      states: {
        describing: {
          description: 'What the preroll rules look at: the event (category, venue, live or not) and the viewer.',
          invoke: {
            id: 'describePlayable',
            src: 'describePlayable',
            input: ({ context }) => playbackOf(context),
            onDone: {
              target: 'deciding',
              actions: sendTo('preroll', ({ event }) => ({ type: 'player.load', request: event.output })),
              description: 'The preroll machine is asked.',
            },
            onError: { target: '#player.content', description: 'The event could not be described: the video plays without an ad.' },
          },
        },
        deciding: {
          description: 'The preroll machine decides.',
          on: {
            'preroll.chosen': {
              target: '#player.preroll',
              actions: { type: 'usePreroll', params: ({ event }) => event.url },
              description: 'A preroll plays first.',
            },
            'preroll.skipped': { target: '#player.content', description: 'No preroll: the video plays at once.' },
          },
        },
      },
    },
    preroll: {
      description: 'The ad plays, labelled "Ad"; the video follows it.',
      tags: ['preroll'],
      invoke: [
        {
          id: 'prerollStream',
          src: 'stream',
          input: ({ context }): StreamInput => ({ surface: context.surface, url: context.prerollUrl ?? '', live: false, kind: 'preroll' }),
        },
        {
          id: 'loadControls',
          src: 'loadControls',
          onDone: {
            guard: not('hasControls'),
            actions: { type: 'startControls', params: ({ event }) => ({ logic: event.output, input: { kind: 'preroll', live: false } }) },
            description: 'The controls arrived (an ad has no seek or speed).',
          },
          onError: { description: 'No controls: the ad plays on.' },
        },
      ],
      exit: 'stopControls',
      initial: 'loading',
      states: {
        loading: { description: 'The ad loads.', tags: ['busy'], on: { 'media.playing': 'playing' } },
        playing: { description: 'The ad plays.', tags: ['playing'], on: { 'media.waiting': 'buffering' } },
        buffering: { description: 'The ad waits for data.', tags: ['busy', 'buffering'], on: { 'media.playing': 'playing' } },
      },
      on: {
        'media.ended': {
          target: 'content',
          actions: sendTo('preroll', { type: 'player.prerollEnded' }),
          description: 'The ad played to its end: no other ad for this viewer and video for a while.',
        },
        'media.error': {
          target: 'content',
          actions: sendTo('preroll', { type: 'player.prerollFailed' }),
          description: 'The ad could not play: the video plays, and the ad may play next time.',
        },
        'media.facts': { guard: 'hasControls', actions: 'forwardFacts', description: 'The controls hear what the ad does.' },
        'controls.command': {
          actions: sendTo('prerollStream', ({ event }) => event.command),
          description: 'The viewer’s choice reaches the ad.',
        },
      },
    },
    content: {
      description: 'The video plays, under the player’s own controls (machines/playback-controls).',
      invoke: [
        {
          id: 'contentStream',
          src: 'stream',
          input: ({ context }): StreamInput => {
            const { grant } = playbackOf(context);
            const live = grant.streamType === 'live';
            return { surface: context.surface, url: grant.url, live, kind: 'content', ...(context.startAt === null ? {} : { startAt: context.startAt }) };
          },
        },
        {
          id: 'loadControls',
          src: 'loadControls',
          onDone: {
            guard: not('hasControls'),
            actions: {
              type: 'startControls',
              params: ({ context, event }) => ({ logic: event.output, input: { kind: 'content', live: context.grant?.streamType === 'live' } }),
            },
            description: 'The controls arrived.',
          },
          onError: { description: 'No controls: the video plays on.' },
        },
      ],
      exit: 'stopControls',
      initial: 'loading',
      states: {
        loading: {
          description: 'The video loads; the viewer sees a spinner.',
          tags: ['busy'],
          on: {
            'media.playing': {
              target: 'playing',
              actions: { type: 'reportFirstFrame', params: ({ context }) => playbackOf(context) },
              description: 'The first frame shows: analytics hears that a view started.',
            },
          },
        },
        playing: {
          description: 'The video plays.',
          tags: ['playing'],
          on: { 'media.waiting': { target: 'buffering', description: 'The video ran out of data.' } },
        },
        buffering: {
          description: 'The video waits for data; the viewer sees a spinner.',
          tags: ['busy', 'buffering'],
          on: { 'media.playing': { target: 'playing', description: 'Data arrived: the video plays on.' } },
        },
      },
      on: {
        'media.watched': {
          actions: {
            type: 'reportViewing',
            params: ({ context, event }) => ({ ...playbackOf(context), seconds: event.seconds, position: event.position, duration: event.duration }),
          },
          description: 'Every 30 seconds of playback, and at a pause or the end: analytics hears the time watched.',
        },
        'media.ended': { target: 'ended', description: 'The video played to its end.' },
        'media.error': { target: 'error', description: 'The stream failed (after the media library’s own recovery).' },
        'media.facts': { guard: 'hasControls', actions: 'forwardFacts', description: 'The controls hear what the video does.' },
        'controls.command': {
          actions: sendTo('contentStream', ({ event }) => event.command),
          description: 'The viewer’s choice on the controls reaches the video.',
        },
      },
    },
    ended: {
      description: 'The video ended; the viewer sees a replay button.',
      tags: ['ended'],
      on: { 'user.replay': { target: 'content', actions: 'startFromBeginning', description: 'Watch it again from the start.' } },
    },
    error: {
      description: 'The player shows "Oops! We are currently experiencing technical difficulties" and a retry button.',
      tags: ['failed'],
      on: { 'user.retry': { target: 'authorizing', description: 'Try again with a fresh playback link.' } },
    },
  },
});
