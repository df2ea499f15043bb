/**
 * The events list's calendar facade, apart from the catalogue's (./catalogue.ts): home imports that one, and with
 * the calendar there its first load carried the calendar machine, which only the events list runs.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { CALENDAR_START_OFFSET_SECONDS, calendarMachine } from '../../../machines/calendar/calendar.machine';
import { useInspectOption } from '../flow';

/**
 * The events list's calendar (the calendar machine, SPEC §4): the URL's `start_date` is where the list starts, so a
 * reload restores it; choosing a day lets the machine add its 86400 s, and `onStart` writes the result to the URL.
 */
export function useCalendar(startDate: number | null, onStart: (start: number | null) => void) {
  const actor = useActorRef(calendarMachine, useInspectOption());
  const start = useSelector(actor, (s) => s.context.start);
  const chosen = useSelector(actor, (s) => s.context.chosen);
  // The URL wins: on arrival and on back/forward, the machine is told the day that gives the URL's start.
  useEffect(() => {
    if (actor.getSnapshot().context.start === startDate) return;
    if (startDate === null) actor.send({ type: 'calendar.reset' });
    else actor.send({ type: 'calendar.choose', timestamp: startDate - CALENDAR_START_OFFSET_SECONDS });
  }, [actor, startDate]);
  return {
    chosen: start === startDate ? chosen : null,
    choose(timestamp: number) {
      actor.send({ type: 'calendar.choose', timestamp });
      const next = actor.getSnapshot().context.start;
      if (next !== null) onStart(next);
    },
    reset() {
      actor.send({ type: 'calendar.reset' });
      onStart(null);
    },
  };
}
