/**
 * The schedule's calendar (SPEC §4 Calendar): which day the events list starts from, and whether the viewer has
 * scrolled to the start or the end of that list.
 */
import { assign, setup } from 'xstate';

/** Added to the chosen timestamp to get the start of the calendar (SPEC §9 "Calendar start offset"). */
export const CALENDAR_START_OFFSET_SECONDS = 86_400;

/** @public */
export interface CalendarContext {
  /** The timestamp the viewer chose, in Unix seconds; null when the list starts from now. */
  chosen: number | null;
  /** Where the list starts: the chosen timestamp plus one day, in Unix seconds; null when it starts from now. */
  start: number | null;
}

/** @public */
export type CalendarEvent =
  | { type: 'calendar.choose'; timestamp: number }
  | { type: 'calendar.reset' }
  | { type: 'list.startReached' }
  | { type: 'list.endReached' };

export const calendarMachine = setup({
  types: {
    context: {} as CalendarContext,
    events: {} as CalendarEvent,
    tags: {} as 'dayChosen' | 'startOfList' | 'endOfList',
  },
  guards: {
    isValidTimestamp: ({ event }) =>
      event.type === 'calendar.choose' && Number.isSafeInteger(event.timestamp) && event.timestamp >= 0,
  },
  actions: {
    startFromChosenDay: assign(({ event }) =>
      event.type === 'calendar.choose'
        ? { chosen: event.timestamp, start: event.timestamp + CALENDAR_START_OFFSET_SECONDS }
        : {},
    ),
    startFromNow: assign({ chosen: null, start: null }),
  },
}).createMachine({
  id: 'calendar',
  description:
    'The schedule calendar: the events list starts from now, or from the day after the timestamp the viewer ' +
    'chose; while scrolling, the list may reach its start and its end. Choosing another day or resetting starts ' +
    'the list afresh.',
  context: { chosen: null, start: null },
  type: 'parallel',
  states: {
    day: {
      description: 'Where the list starts.',
      initial: 'fromNow',
      on: {
        'calendar.choose': {
          guard: 'isValidTimestamp',
          target: '.chosen',
          reenter: true,
          actions: 'startFromChosenDay',
          description: 'The viewer picks a day: the list starts at that timestamp plus 86400 seconds.',
        },
        'calendar.reset': {
          target: '.fromNow',
          actions: 'startFromNow',
          description: 'The viewer clears the chosen day.',
        },
      },
      states: {
        fromNow: { description: 'No day chosen: the list starts from the current time.' },
        chosen: { description: 'A day is chosen: the list starts one day after its timestamp.', tags: ['dayChosen'] },
      },
    },
    startOfList: {
      description: 'Whether earlier events remain to be loaded.',
      initial: 'more',
      on: {
        'calendar.choose': {
          guard: 'isValidTimestamp',
          target: '.more',
          description: 'A new day gives a new list, which may have earlier events.',
        },
        'calendar.reset': { target: '.more', description: 'A new list may have earlier events.' },
      },
      states: {
        more: {
          description: 'Earlier events may remain.',
          on: { 'list.startReached': { target: 'reached', description: 'The list loaded its earliest event.' } },
        },
        reached: { description: 'The first event of the list is loaded: nothing earlier.', tags: ['startOfList'] },
      },
    },
    endOfList: {
      description: 'Whether later events remain to be loaded.',
      initial: 'more',
      on: {
        'calendar.choose': {
          guard: 'isValidTimestamp',
          target: '.more',
          description: 'A new day gives a new list, which may have later events.',
        },
        'calendar.reset': { target: '.more', description: 'A new list may have later events.' },
      },
      states: {
        more: {
          description: 'Later events may remain.',
          on: { 'list.endReached': { target: 'reached', description: 'The list loaded its latest event.' } },
        },
        reached: { description: 'The last event of the list is loaded: nothing later.', tags: ['endOfList'] },
      },
    },
  },
});
