/**
 * The events list's state as it lives in the URL (SPEC §2 list filters and the other parameters in use), so that a
 * reload or a shared link shows the same list. Pure: parsing never throws, and a value the API would refuse
 * (gender=xyz, offset=-3, a 500-character city) is dropped for its default rather than sent.
 */
import type { EventsListQueryVariables, Gender, StreamStatus } from '../../../mesh/client/generated/graphql';

/** Events per page of the list. */
export const EVENTS_PAGE_SIZE = 12;

/** Which events the list shows: one stream status, or all of them (/schedule). */
export type ListStatus = StreamStatus | 'all';

/** The path of each status's tab; /upcoming is the list's own route, the others its aliases (SPEC §2). */
export const STATUS_PATHS: Readonly<Record<ListStatus, string>> = {
  live: '/live',
  upcoming: '/upcoming',
  vod: '/vod',
  all: '/schedule',
};

/** The tabs' order. */
export const LIST_STATUSES: readonly ListStatus[] = ['all', 'live', 'upcoming', 'vod'];

/** The status a path preselects; /schedule (or anything else) shows all. */
export function statusOfPath(path: string): ListStatus {
  const found = (Object.entries(STATUS_PATHS) as Array<[ListStatus, string]>).find(([, p]) => p === path);
  return found ? found[0] : 'all';
}

/** Text filters, each sent as given (the API matches aliases, names or property values). */
export const TEXT_FILTERS = ['sport', 'city', 'state', 'school', 'team', 'division', 'group'] as const;
/** Id filters: positive integers. */
export const ID_FILTERS = ['event_category_id', 'participant_id', 'location'] as const;

export type TextFilter = (typeof TEXT_FILTERS)[number];
export type IdFilter = (typeof ID_FILTERS)[number];

export interface ListQuery {
  gender: Gender | null;
  text: Readonly<Record<TextFilter, string | null>>;
  ids: Readonly<Record<IdFilter, number | null>>;
  /** Where the list starts (Unix seconds): the calendar's chosen day plus 86400 s; null from the beginning. */
  startDate: number | null;
  /** How many events come before this page. */
  offset: number;
}

/** GraphQL's Int (the API's ids and timestamps travel as Int). */
const MAX_INT = 2_147_483_647;
/** ShortText's limit in the API contract. */
const MAX_TEXT = 120;

const GENDERS: readonly Gender[] = ['male', 'female'];

function textValue(raw: string | null): string | null {
  const value = raw?.trim() ?? '';
  return value === '' || value.length > MAX_TEXT ? null : value;
}

function wholeNumber(raw: string | null, min: number): number | null {
  if (raw === null || !/^\d{1,10}$/.test(raw.trim())) return null;
  const value = Number(raw.trim());
  return value >= min && value <= MAX_INT ? value : null;
}

/** The list's state from a query string (`gender=female&sport=hockey&offset=12`). */
export function parseListQuery(search: string): ListQuery {
  const params = new URLSearchParams(search);
  const gender = params.get('gender');
  const offset = wholeNumber(params.get('offset'), 0) ?? 0;
  return {
    gender: GENDERS.find((g) => g === gender) ?? null,
    text: Object.fromEntries(TEXT_FILTERS.map((name) => [name, textValue(params.get(name))])) as Record<TextFilter, string | null>,
    ids: Object.fromEntries(ID_FILTERS.map((name) => [name, wholeNumber(params.get(name), 1)])) as Record<IdFilter, number | null>,
    startDate: wholeNumber(params.get('start_date'), 0),
    // Pages start at multiples of the page size, so the pager's numbers stay whole.
    offset: offset - (offset % EVENTS_PAGE_SIZE),
  };
}

/** The query string of a list state, in a stable order and without defaults (empty for the plain list). */
export function listQueryString(query: ListQuery): string {
  const params = new URLSearchParams();
  if (query.gender) params.set('gender', query.gender);
  for (const name of TEXT_FILTERS) {
    const value = query.text[name];
    if (value !== null) params.set(name, value);
  }
  for (const name of ID_FILTERS) {
    const value = query.ids[name];
    if (value !== null) params.set(name, String(value));
  }
  if (query.startDate !== null) params.set('start_date', String(query.startDate));
  if (query.offset > 0) params.set('offset', String(query.offset));
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** True when any filter (not the page) narrows the list. */
export function hasFilters(query: ListQuery): boolean {
  return (
    query.gender !== null ||
    query.startDate !== null ||
    TEXT_FILTERS.some((name) => query.text[name] !== null) ||
    ID_FILTERS.some((name) => query.ids[name] !== null)
  );
}

/**
 * What the EventsList query is sent. `group` (a group's alias or name, as on the home page) narrows by school:
 * `schoolOfGroup` turns it into the school's alias; an explicit `school` wins over it. Finished events show the
 * latest first, the others the soonest first.
 */
export function eventsListVariables(
  query: ListQuery,
  status: ListStatus,
  schoolOfGroup: (group: string) => string,
): EventsListQueryVariables {
  const { text, ids } = query;
  const school = text.school ?? (text.group === null ? null : schoolOfGroup(text.group));
  const variables: EventsListQueryVariables = {
    limit: EVENTS_PAGE_SIZE,
    offset: query.offset,
    sortField: 'event_utc_ts',
    sortDirection: status === 'vod' ? 'desc' : 'asc',
  };
  if (status !== 'all') variables.streamStatus = status;
  if (query.startDate !== null) variables.startDate = query.startDate;
  if (query.gender !== null) variables.gender = query.gender;
  if (text.sport !== null) variables.sport = text.sport;
  if (text.city !== null) variables.city = text.city;
  if (text.state !== null) variables.state = text.state;
  if (school !== null) variables.school = school;
  if (text.team !== null) variables.team = text.team;
  if (text.division !== null) variables.division = text.division;
  if (ids.event_category_id !== null) variables.eventCategoryId = ids.event_category_id;
  if (ids.participant_id !== null) variables.participantId = ids.participant_id;
  if (ids.location !== null) variables.location = ids.location;
  return variables;
}
