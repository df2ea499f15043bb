/** Model of the schedule calendar (machines/calendar). */
import { CALENDAR_START_OFFSET_SECONDS, calendarMachine } from './calendar.machine';
import { defineModel } from '../shared/machine-model';

/** 2026-01-01T00:00:00Z and the day after, in Unix seconds. */
const NEW_YEAR = 1_767_225_600;
const NEXT_DAY = NEW_YEAR + 86_400;

export const calendarModel = defineModel({
  machine: calendarMachine,
  events: {
    'calendar.choose': [
      { type: 'calendar.choose', timestamp: NEW_YEAR },
      { type: 'calendar.choose', timestamp: NEXT_DAY },
      // Refused: a negative timestamp changes nothing.
      { type: 'calendar.choose', timestamp: -1 },
    ],
  },
  check: (snapshot) => {
    const { chosen, start } = snapshot.context;
    if (snapshot.matches({ day: 'chosen' })) {
      if (chosen === null || start !== chosen + CALENDAR_START_OFFSET_SECONDS) {
        throw new Error(`start ${start} is not the chosen ${chosen} plus one day`);
      }
    } else if (chosen !== null || start !== null) {
      throw new Error('the list starts from now but a day is still set');
    }
  },
});
