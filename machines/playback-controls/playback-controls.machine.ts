/**
 * The player's own controls (issue 30): play and pause, seeking (within a live stream's window, and back to its
 * edge), volume, quality, speed on replays, captions, picture-in-picture and fullscreen, and whether the controls show.
 * The player invokes it beside its `stream` while the ad or the video plays; the stream reports `media.facts`, the
 * views send `user.*` events, and what the machine decides leaves as `controls.command` to the player, which hands it
 * to the stream. The viewer's captions language is kept by the `captionsMemory` port.
 */
import { type EventObject, and, assign, enqueueActions, fromCallback, not, sendParent, sendTo, setup } from 'xstate';
import { captionsCommand, clampTo, landingRange, NO_FACTS, qualityLevels, seekRange, SPEEDS, trackOf } from './playback-controls.selectors';
import type { ControlsCommand, PlaybackControlsContext, PlaybackControlsEvent, PlaybackControlsInput, RememberCaptions, StreamCommand } from './playback-controls.types';

export const playbackControlsMachine = setup({
  types: {
    context: {} as PlaybackControlsContext,
    events: {} as PlaybackControlsEvent,
    input: {} as PlaybackControlsInput,
    /** `shown`: the control bar is on screen. */
    tags: {} as 'shown',
  },
  actors: {
    // Reads the kept language (`memory.captions`) and keeps the one it is sent; by default keeps nothing.
    captionsMemory: fromCallback<EventObject, void>(() => undefined),
  },
  guards: {
    isContent: ({ context }) => context.kind === 'content',
    isLive: ({ context }) => context.live,
    isPaused: ({ context }) => context.facts.paused,
    isSeekable: ({ context }) => seekRange(context) !== null,
    isOfferedLevel: ({ context, event }) =>
      event.type === 'user.setQuality' && (event.level === -1 || qualityLevels(context).some(({ level }) => level === event.level)),
    isOfferedSpeed: ({ event }) => event.type === 'user.setSpeed' && (SPEEDS as readonly number[]).includes(event.rate),
    hasCaptions: ({ context }) => context.facts.tracks.length > 0,
    isOfferedCaptions: ({ context, event }) => event.type === 'user.setCaptions' && (event.language === null || trackOf(context, event.language) >= 0),
    showsCaptions: ({ context }) => context.facts.track >= 0,
    canFullscreen: ({ context }) => context.facts.canFullscreen,
    canPip: ({ context }) => context.facts.canPip,
    isMenuOpen: ({ context }) => context.menu !== null,
    resumes: ({ context, event }) => event.type === 'media.facts' && context.facts.paused && event.facts.paused === false,
    pauses: ({ event }) => event.type === 'media.facts' && event.facts.paused === true,
    reportsTracks: ({ event }) => event.type === 'media.facts' && event.facts.tracks !== undefined,
  },
  actions: {
    // What the machine decides, for the stream; the player sends it on (playerControlsMachine).
    command: (_, _command: StreamCommand) => undefined,
    useFacts: assign(({ context, event }) => (event.type === 'media.facts' ? { facts: { ...context.facts, ...event.facts } } : {})),
    useCaptions: assign(({ context }, language: string | null) => ({ captions: language, lastCaptions: language ?? context.lastCaptions })),
    rememberCaptions: sendTo('captionsMemory', (_, language: string | null): RememberCaptions => ({ type: 'remember', language })),
    openMenu: assign(({ event }) => (event.type === 'user.openMenu' ? { menu: event.menu } : {})),
    closeMenu: assign({ menu: null }),
  },
  delays: { hideDelay: 3000 },
}).createMachine({
  id: 'playbackControls',
  description: 'The player’s controls: the viewer’s choices become commands to the stream, whose facts they show.',
  context: ({ input }) => ({ ...input, facts: NO_FACTS, captions: null, lastCaptions: null, menu: null }),
  invoke: { id: 'captionsMemory', src: 'captionsMemory' },
  // They load after the stream started: what it reported before, it reports again.
  entry: { type: 'command', params: { type: 'stream.report' } },
  initial: 'shown',
  states: {
    shown: {
      description: 'The control bar shows; it hides after 3 s of playback without activity and with no menu open.',
      tags: ['shown'],
      after: { hideDelay: { guard: and([not('isPaused'), not('isMenuOpen')]), target: 'hidden', description: 'Nobody moved: the controls hide.' } },
      on: {
        'user.activity': { target: 'shown', reenter: true, description: 'Activity: the controls stay a while longer.' },
        'media.facts': { guard: 'resumes', target: 'shown', reenter: true, actions: 'useFacts', description: 'Playback starts: the wait to hide starts again.' },
      },
    },
    hidden: {
      description: 'The video plays without controls over it.',
      on: {
        'user.activity': { target: 'shown', description: 'Pointer or keyboard activity: the controls show.' },
        'user.openMenu': { target: 'shown', actions: 'openMenu', description: 'A menu opens with the controls.' },
        'media.facts': { guard: 'pauses', target: 'shown', actions: 'useFacts', description: 'Paused: the controls show.' },
      },
    },
  },
  on: {
    'media.facts': [
      {
        guard: 'reportsTracks',
        actions: ['useFacts', { type: 'command', params: ({ context }) => captionsCommand(context, context.captions) }],
        description: 'New captions tracks: the viewer’s language shows, or none (captions are off unless chosen).',
      },
      { actions: 'useFacts', description: 'The stream reports what changed.' },
    ],
    'memory.captions': {
      actions: [
        { type: 'useCaptions', params: ({ event }) => event.language },
        { type: 'command', params: ({ context, event }) => captionsCommand(context, event.language) },
      ],
      description: 'The viewer’s kept captions language applies.',
    },
    'user.togglePlay': [
      { guard: 'isPaused', actions: { type: 'command', params: { type: 'stream.play' } }, description: 'Play.' },
      { actions: { type: 'command', params: { type: 'stream.pause' } }, description: 'Pause.' },
    ],
    'user.seek': {
      guard: and(['isContent', 'isSeekable']),
      actions: { type: 'command', params: ({ context, event }) => ({ type: 'stream.seek', time: clampTo(context, event.time) }) },
      description: 'Seek within the video or the live window (not in an ad).',
    },
    'user.skip': {
      guard: and(['isContent', 'isSeekable']),
      actions: { type: 'command', params: ({ context, event }) => ({ type: 'stream.seek', time: clampTo(context, context.facts.time + event.seconds) }) },
      description: 'Jump back or ahead, within the video or the live window.',
    },
    'user.seekToStart': {
      guard: and(['isContent', 'isSeekable']),
      actions: { type: 'command', params: ({ context }) => ({ type: 'stream.seek', time: landingRange(context)[0] }) },
      description: 'To the start of the video, or of the live window as it is now, less its first seconds (the time bar’s Home key).',
    },
    'user.seekToEnd': {
      guard: and(['isContent', 'isSeekable']),
      actions: { type: 'command', params: ({ context }) => ({ type: 'stream.seek', time: landingRange(context)[1] }) },
      description: 'To the end of the video, or a live stream’s edge (the time bar’s End key).',
    },
    'user.goLive': {
      guard: and(['isContent', 'isLive', 'isSeekable']),
      actions: { type: 'command', params: ({ context }) => ({ type: 'stream.seek', time: context.facts.window?.[1] ?? 0 }) },
      description: 'Back to the live edge.',
    },
    'user.toggleMute': {
      actions: { type: 'command', params: ({ context }) => ({ type: 'stream.mute', muted: !context.facts.muted }) },
      description: 'Mute or unmute.',
    },
    'user.setVolume': {
      actions: { type: 'command', params: ({ event }) => ({ type: 'stream.volume', volume: Math.min(Math.max(event.volume, 0), 1) }) },
      description: 'Set the volume (0 mutes).',
    },
    'user.setQuality': {
      guard: and(['isContent', 'isOfferedLevel']),
      actions: [{ type: 'command', params: ({ event }) => ({ type: 'stream.level', level: event.level }) }, 'closeMenu'],
      description: 'Auto, or one of the heights the menu offers.',
    },
    'user.setSpeed': {
      guard: and(['isContent', not('isLive'), 'isOfferedSpeed']),
      actions: [{ type: 'command', params: ({ event }) => ({ type: 'stream.rate', rate: event.rate }) }, 'closeMenu'],
      description: 'A replay’s speed, 0.5× to 2×.',
    },
    'user.setCaptions': {
      guard: 'isOfferedCaptions',
      actions: [
        { type: 'useCaptions', params: ({ event }) => event.language },
        { type: 'command', params: ({ context, event }) => captionsCommand(context, event.language) },
        { type: 'rememberCaptions', params: ({ event }) => event.language },
        'closeMenu',
      ],
      description: 'Captions in a language, or off; kept for the next video.',
    },
    'user.toggleCaptions': [
      {
        guard: and(['hasCaptions', 'showsCaptions']),
        actions: [
          { type: 'useCaptions', params: null },
          { type: 'command', params: { type: 'stream.captions', track: -1 } },
          { type: 'rememberCaptions', params: null },
        ],
        description: 'Captions off.',
      },
      {
        guard: 'hasCaptions',
        actions: enqueueActions(({ context, enqueue }) => {
          const language = trackOf(context, context.lastCaptions) >= 0 ? context.lastCaptions : (context.facts.tracks[0]?.language ?? null);
          enqueue({ type: 'useCaptions', params: language });
          enqueue({ type: 'command', params: captionsCommand(context, language) });
          enqueue({ type: 'rememberCaptions', params: language });
        }),
        description: 'Captions on, in the last language shown or the first one.',
      },
    ],
    'user.toggleFullscreen': {
      guard: 'canFullscreen',
      actions: { type: 'command', params: ({ context }) => ({ type: 'stream.fullscreen', on: !context.facts.fullscreen }) },
      description: 'Enter or leave fullscreen.',
    },
    'user.togglePip': {
      guard: 'canPip',
      actions: { type: 'command', params: ({ context }) => ({ type: 'stream.pip', on: !context.facts.pip }) },
      description: 'Enter or leave picture-in-picture.',
    },
    'user.openMenu': { actions: 'openMenu', description: 'Open the quality, speed or captions menu.' },
    'user.closeMenu': { actions: 'closeMenu', description: 'Close the menu.' },
  },
});

/** The controls as the player's child: their commands go to the player, which hands them to its stream. */
export const playerControlsMachine = playbackControlsMachine.provide({
  actions: { command: sendParent((_, command: StreamCommand): ControlsCommand => ({ type: 'controls.command', command })) },
});
