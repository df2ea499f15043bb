/**
 * Preroll gating (SPEC §3 Preroll, §4 Preroll, §9 "Preroll disable time"): before an event's content plays, one of
 * the channel's prerolls may play. Viewers with the no_ads capability never see one; otherwise one of the prerolls
 * that suit the event (its category, location, live or VOD) is chosen by weight. Once a preroll has played, prerolls
 * are off for that viewer (or "unlogged") and that event until a stored time: the channel's timeout, else one hour.
 *
 * Who is watching, time, randomness and storage are ports: `readViewer`, `readClock`, `drawRandom`,
 * `readDisabledUntil` and `writeDisabledUntil` are actors the app provides (preroll.actors.ts), so the machine stays
 * deterministic under test. The decision waits for `readViewer`: a player may have its event and stream before the app
 * knows who is signed in (a watch page's grant is asked for beside the startup reads), and a viewer with no_ads must
 * never get a preroll for being decided on too early.
 */
import { assign, fromPromise, not, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import {
  type Preroll,
  type PlayableEvent,
  type PrerollSettings,
  type PrerollSkipReason,
  type PrerollViewer,
  matchingPrerolls,
  pickWeighted,
  prerollStorageKey,
  prerollTimeoutMs,
} from './preroll.types';

/**
 * What the player is about to play. Who watches it is read by the machine itself (`readViewer`), once known.
 *
 * @public
 */
export interface PrerollRequest {
  event: PlayableEvent;
}

/** @public */
export interface PrerollContext {
  settings: PrerollSettings;
  request: PrerollRequest | null;
  /** Who watches the request's event, once the app knows (null until then). */
  viewer: PrerollViewer | null;
  /** The clock's time (ms) when the request was checked, then when the preroll ended. */
  now: number | null;
  /** The preroll on screen, or the last one that played. */
  chosen: Preroll | null;
  /** How the last request ended: a preroll played, or why none did. */
  outcome: 'played' | PrerollSkipReason | null;
}

/** @public */
export type PrerollEvent =
  | { type: 'player.load'; request: PrerollRequest }
  | { type: 'player.prerollEnded' }
  | { type: 'player.prerollFailed' };

/** @public */
export interface DisabledUntilQuery {
  key: string;
}

/** @public */
export interface DisabledUntilRecord {
  key: string;
  /** Clock time (ms) until which prerolls stay off for that viewer and event. */
  untilMs: number;
}

const storageKeyOf = ({ request, viewer }: PrerollContext): string =>
  request === null || viewer === null ? '' : prerollStorageKey(viewer.id, request.event.id);

export const prerollMachine = setup({
  types: {
    context: {} as PrerollContext,
    events: {} as PrerollEvent,
    input: {} as PrerollSettings,
    tags: {} as 'busy' | 'preroll' | 'content',
  },
  actors: {
    // Safe defaults: without the viewer, a clock or a random source no preroll plays; without storage nothing is
    // remembered.
    readViewer: fromPromise<PrerollViewer>(notProvided('readViewer')),
    readClock: fromPromise<number>(notProvided('readClock')),
    drawRandom: fromPromise<number>(notProvided('drawRandom')),
    readDisabledUntil: fromPromise<number | null, DisabledUntilQuery>(notProvided('readDisabledUntil')),
    writeDisabledUntil: fromPromise<void, DisabledUntilRecord>(notProvided('writeDisabledUntil')),
  },
  guards: {
    viewerHasNoAds: ({ context }) => context.viewer?.noAds === true,
    hasMatchingPrerolls: ({ context }) =>
      context.request !== null && matchingPrerolls(context.settings.prerolls, context.request.event).length > 0,
    isStillDisabled: ({ context }, disabledUntil: number | null) =>
      disabledUntil !== null && context.now !== null && disabledUntil > context.now,
  },
  actions: {
    startRequest: assign(({ event }) =>
      event.type === 'player.load' ? { request: event.request, viewer: null, now: null, chosen: null, outcome: null } : {},
    ),
    keepViewer: assign((_, viewer: PrerollViewer) => ({ viewer })),
    skip: assign((_, reason: PrerollSkipReason) => ({ outcome: reason })),
    keepTime: assign((_, now: number) => ({ now })),
    choose: assign(({ context }, draw: number) => ({
      chosen:
        context.request === null ? null : pickWeighted(matchingPrerolls(context.settings.prerolls, context.request.event), draw),
    })),
    markPlayed: assign({ outcome: 'played' as const }),
    /**
     * Tells whoever asked (the player, which invokes this machine) that the chosen preroll plays first, or that the
     * content plays at once. No-ops by default: the machine also runs alone (its own tests, the diagrams).
     */
    announcePreroll: (_, _url: string) => undefined,
    announceContent: () => undefined,
  },
}).createMachine({
  id: 'preroll',
  description:
    'Decides whether a preroll plays before an event. Viewers with the no_ads capability skip it. Otherwise one of ' +
    "the channel's prerolls that suits the event (category, location, live or VOD) is chosen by weight, unless one " +
    'already played for this viewer and event within the timeout (the channel setting, or one hour).',
  context: ({ input }) => ({ settings: input, request: null, viewer: null, now: null, chosen: null, outcome: null }),
  initial: 'idle',
  on: {
    'player.load': {
      target: '.checking',
      reenter: true,
      actions: 'startRequest',
      description: 'The player opens an event (another one replaces the current request).',
    },
  },
  states: {
    idle: {
      description: 'Nothing is about to play yet.',
    },
    checking: {
      description: 'Working out whether a preroll plays first.',
      tags: ['busy'],
      initial: 'readingViewer',
      states: {
        readingViewer: {
          description:
            'Waiting until the app knows who is watching (signed in or not, and their capabilities): nothing is ' +
            'decided before, however early the event and its stream arrive.',
          invoke: {
            id: 'readViewer',
            src: 'readViewer',
            onDone: {
              target: 'deciding',
              actions: { type: 'keepViewer', params: ({ event }) => event.output },
              description: 'The viewer is known.',
            },
            onError: {
              target: '#preroll.content',
              actions: { type: 'skip', params: 'unavailable' },
              description: 'Who is watching cannot be told: the content plays without a preroll.',
            },
          },
        },
        deciding: {
          description: 'Checks the viewer and the event against the channel prerolls.',
          always: [
            {
              guard: 'viewerHasNoAds',
              target: '#preroll.content',
              actions: { type: 'skip', params: 'noAds' },
              description: 'The viewer has the no_ads capability: straight to the content.',
            },
            {
              guard: not('hasMatchingPrerolls'),
              target: '#preroll.content',
              actions: { type: 'skip', params: 'noMatch' },
              description: 'No preroll suits this event (category, location, live or VOD).',
            },
            { target: 'readingClock', description: 'Some prerolls suit the event.' },
          ],
        },
        readingClock: {
          description: 'Reading the current time.',
          invoke: {
            id: 'readClock',
            src: 'readClock',
            onDone: { target: 'readingDisabled', actions: { type: 'keepTime', params: ({ event }) => event.output } },
            onError: {
              target: '#preroll.content',
              actions: { type: 'skip', params: 'unavailable' },
              description: 'No clock: the content plays without a preroll.',
            },
          },
        },
        readingDisabled: {
          description: 'Looking up until when prerolls are off for this viewer (or "unlogged") and this event.',
          invoke: {
            id: 'readDisabledUntil',
            src: 'readDisabledUntil',
            input: ({ context }): DisabledUntilQuery => ({ key: storageKeyOf(context) }),
            onDone: [
              {
                guard: { type: 'isStillDisabled', params: ({ event }) => event.output },
                target: '#preroll.content',
                actions: { type: 'skip', params: 'disabled' },
                description: 'A preroll played for this viewer and event within the timeout.',
              },
              { target: 'drawing', description: 'Nothing stored, or the stored time has passed.' },
            ],
            onError: { target: 'drawing', description: 'Storage unreadable: treated as nothing stored.' },
          },
        },
        drawing: {
          description: 'Drawing a random number for the weighted choice.',
          invoke: {
            id: 'drawRandom',
            src: 'drawRandom',
            onDone: {
              target: '#preroll.playing',
              actions: { type: 'choose', params: ({ event }) => event.output },
              description: 'The draw picks a suitable preroll, in proportion to its weight.',
            },
            onError: {
              target: '#preroll.content',
              actions: { type: 'skip', params: 'unavailable' },
              description: 'No random source: the content plays without a preroll.',
            },
          },
        },
      },
    },
    playing: {
      description: 'The chosen preroll plays before the content.',
      tags: ['preroll'],
      entry: { type: 'announcePreroll', params: ({ context }) => context.chosen?.url ?? '' },
      on: {
        'player.prerollEnded': {
          target: 'recording',
          actions: 'markPlayed',
          description: 'The preroll played to its end: prerolls go off for this viewer and event.',
        },
        'player.prerollFailed': {
          target: 'content',
          actions: { type: 'skip', params: 'failed' },
          description: 'The preroll could not play: the content plays, and nothing is stored.',
        },
      },
    },
    recording: {
      description: 'The content plays while the time prerolls stay off is stored.',
      tags: ['content'],
      initial: 'readingClock',
      states: {
        readingClock: {
          description: 'Reading the time the preroll ended.',
          invoke: {
            id: 'readEndClock',
            src: 'readClock',
            onDone: { target: 'storing', actions: { type: 'keepTime', params: ({ event }) => event.output } },
            onError: { target: 'storing', description: 'No clock: count from when the request was checked.' },
          },
        },
        storing: {
          description: 'Storing "off until now plus the timeout" for this viewer and event.',
          invoke: {
            id: 'writeDisabledUntil',
            src: 'writeDisabledUntil',
            input: ({ context }): DisabledUntilRecord => ({
              key: storageKeyOf(context),
              untilMs: (context.now ?? 0) + prerollTimeoutMs(context.settings.timeoutMs),
            }),
            onDone: { target: '#preroll.content', description: 'Stored.' },
            onError: {
              target: '#preroll.content',
              description: 'Storage refused it: a preroll may play again next time.',
            },
          },
        },
      },
    },
    content: {
      description: "The event's content plays.",
      tags: ['content'],
      entry: 'announceContent',
    },
  },
});
