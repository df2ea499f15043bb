/**
 * A rail of cards on the home page (SPEC §9 "Rail scroll time"): it moves on by one card every 5000 ms, wrapping to
 * the first card after the last, and holds still while the viewer points at it or has the keyboard focus in it, or
 * when the viewer asked the system for reduced motion. The viewer may also step through it with its buttons.
 */
import { assign, setup } from 'xstate';

/** SPEC §9: how long a rail shows a card before it moves on. */
export const RAIL_SCROLL_TIME_MS = 5000;

/** @public */
export interface RailContext {
  /** The card the rail shows first (0-based); always below `count`, or 0 for an empty rail. */
  index: number;
  /** How many cards the rail holds. */
  count: number;
  /** The viewer prefers reduced motion (the system setting): the rail never moves by itself. */
  reducedMotion: boolean;
  /** The pointer is over the rail. */
  hovered: boolean;
  /** The keyboard focus is inside the rail. */
  focused: boolean;
}

/** @public */
export type RailEvent =
  | { type: 'pointer.enter' }
  | { type: 'pointer.leave' }
  | { type: 'focus.enter' }
  | { type: 'focus.leave' }
  | { type: 'user.next' }
  | { type: 'user.previous' }
  | { type: 'items.changed'; count: number }
  | { type: 'motion.changed'; reduced: boolean };

/** @public */
export interface RailInput {
  count: number;
  reducedMotion: boolean;
}

const wholeCount = (count: number): number => (Number.isSafeInteger(count) && count > 0 ? count : 0);

export const railMachine = setup({
  types: {
    context: {} as RailContext,
    events: {} as RailEvent,
    input: {} as RailInput,
    tags: {} as 'moving',
  },
  guards: {
    cannotMove: ({ context }) => context.reducedMotion || context.count <= 1,
    isHeld: ({ context }) => context.hovered || context.focused,
  },
  actions: {
    showNext: assign(({ context }) => ({ index: context.count === 0 ? 0 : (context.index + 1) % context.count })),
    showPrevious: assign(({ context }) => ({
      index: context.count === 0 ? 0 : (context.index - 1 + context.count) % context.count,
    })),
    hover: assign({ hovered: true }),
    unhover: assign({ hovered: false }),
    focus: assign({ focused: true }),
    unfocus: assign({ focused: false }),
    useCount: assign(({ context, event }) => {
      if (event.type !== 'items.changed') return {};
      const count = wholeCount(event.count);
      return { count, index: context.index < count ? context.index : 0 };
    }),
    useMotion: assign(({ event }) => (event.type === 'motion.changed' ? { reducedMotion: event.reduced } : {})),
  },
}).createMachine({
  id: 'rail',
  description:
    'A rail of cards that moves on by one card every 5 seconds and starts again after the last one. It holds still ' +
    'while the viewer points at it or moves through it with the keyboard, and never moves by itself for viewers who ' +
    'asked for reduced motion. The previous and next buttons step through it at any time.',
  context: ({ input }) => ({
    index: 0,
    count: wholeCount(input.count),
    reducedMotion: input.reducedMotion,
    hovered: false,
    focused: false,
  }),
  initial: 'deciding',
  on: {
    'pointer.enter': { target: '.deciding', actions: 'hover', description: 'The pointer moved over the rail.' },
    'pointer.leave': { target: '.deciding', actions: 'unhover', description: 'The pointer left the rail.' },
    'focus.enter': { target: '.deciding', actions: 'focus', description: 'The keyboard focus moved into the rail.' },
    'focus.leave': { target: '.deciding', actions: 'unfocus', description: 'The keyboard focus left the rail.' },
    'user.next': { target: '.deciding', actions: 'showNext', description: 'The viewer asked for the next card.' },
    'user.previous': {
      target: '.deciding',
      actions: 'showPrevious',
      description: 'The viewer asked for the previous card.',
    },
    'items.changed': {
      target: '.deciding',
      actions: 'useCount',
      description: 'The rail now holds another number of cards (back to the first if the shown one is gone).',
    },
    'motion.changed': {
      target: '.deciding',
      actions: 'useMotion',
      description: 'The viewer changed the reduced-motion setting of their system.',
    },
  },
  states: {
    deciding: {
      description: 'Works out whether the rail may move by itself now.',
      always: [
        { guard: 'cannotMove', target: 'still' },
        { guard: 'isHeld', target: 'held' },
        { target: 'moving' },
      ],
    },
    moving: {
      description: 'The rail moves on by one card every 5 seconds.',
      tags: ['moving'],
      after: {
        [RAIL_SCROLL_TIME_MS]: {
          target: 'moving',
          reenter: true,
          actions: 'showNext',
          description: 'Five seconds passed: show the next card (the first after the last).',
        },
      },
    },
    held: { description: 'The viewer is pointing at the rail or moving through it: it waits.' },
    still: { description: 'Reduced motion, or one card or none: the rail only moves when the viewer asks.' },
  },
});
