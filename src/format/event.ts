/** SPEC.md §2 display conventions for events and participants. Pure: no React, no DOM. */
import type { EventCardFragment, ParticipantCardFragment } from '../../mesh/client/generated/graphql';
import { dateFormat } from './intl';

type NamedParticipant = Pick<ParticipantCardFragment, 'id' | 'name' | 'short_name'>;

/** The event fields a title needs; an `EventCardFragment` is one. */
export type TitledEvent = Pick<EventCardFragment, 'name' | 'home_team_id'> & {
  participants: ReadonlyArray<NamedParticipant | null>;
};

// "University" as a whole word in any case; letters or digits on either side make it part of another word
// ("Universityville"). A leading "The University of" / "University of" goes with it, so "University of Vermont"
// reads "Vermont" rather than "of Vermont".
const universityOf = /(?<![\p{L}\p{N}])(?:the\s+)?university\s+of\s+/giu;
const university = /(?<![\p{L}\p{N}])university(?![\p{L}\p{N}])/giu;
// A dash or comma left dangling at either end ("Northfield University – Hockey" minus the school, ...).
const danglingSeparator = /^[\s,\-–—]+|[\s,\-–—]+$/gu;

/**
 * A participant's name as shown: SPEC.md §2 drops the word "University". The English word only, in any case and
 * with a following "of"; then spaces are collapsed and a dash or comma left at either end is removed, and a dash
 * left between two others is collapsed ("A – University – B" reads "A – B"). The French "Université" is kept: SPEC
 * names the English word, and removing it breaks French grammar ("Lynx de l'Université de Val-Boréal"). A name that
 * would come out empty is returned as given.
 */
export function participantDisplayName(name: string): string {
  const shown = name
    .replace(universityOf, '')
    .replace(university, '')
    .replace(/\s+([-–—])\s+(?:[-–—]\s+)+/gu, ' $1 ')
    .replace(/\s+,/gu, ',')
    .replace(/\s{2,}/gu, ' ')
    .replace(danglingSeparator, '');
  return shown === '' ? name.trim() : shown;
}

/** A participant's short name as titles show it (its name when it has none). */
export function participantShortName(participant: NamedParticipant): string {
  return participantDisplayName(participant.short_name.trim() === '' ? participant.name : participant.short_name);
}

/**
 * An event's title: "away @ home" with short names when it has exactly two participants, its own name otherwise.
 * The home side is the participant whose id is `home_team_id`; without one (or when it matches neither), the order
 * the API sends is used: away first, home second.
 */
export function eventTitle(event: TitledEvent): string {
  const participants = event.participants.filter((p): p is NamedParticipant => p !== null);
  if (participants.length !== 2) return event.name;
  const [first, second] = participants as [NamedParticipant, NamedParticipant];
  const [away, home] = first.id === event.home_team_id ? [second, first] : [first, second];
  return `${participantShortName(away)} @ ${participantShortName(home)}`;
}

/**
 * The event date as SPEC.md §2 shows it: short month, 2-digit day, year and 24-hour time, on the clock of the
 * event's own time zone, in the viewer's locale ("Mar 09, 2024, 19:00" in en-US; "09 mars 2024, 19 h 00" in fr-CA).
 * `utcSeconds` is `event_utc_ts` (Unix seconds). An unknown time zone falls back to UTC rather than failing.
 */
export function formatEventDate(utcSeconds: number, timeZone: string, locale: string): string {
  const options: Intl.DateTimeFormatOptions = {
    month: 'short',
    day: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  };
  const date = new Date(utcSeconds * 1000);
  try {
    return dateFormat(locale, { ...options, timeZone }).format(date);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return dateFormat(locale, { ...options, timeZone: 'UTC' }).format(date);
  }
}
