/**
 * The catalogue's facades (SPEC §2 home and events list): the reads the views wait for (the `resource` machine with
 * the catalogue's load actors), the startup parts the filters offer, the grid or list choice kept between visits,
 * the home rails' auto-scroll (the `rail` machine), the calendar (the `calendar` machine) and the ecommerce
 * `view_item_list` push.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AnyActorLogic } from 'xstate';
import { CALENDAR_START_OFFSET_SECONDS, calendarMachine } from '../../../machines/calendar/calendar.machine';
import { railMachine } from '../../../machines/rail/rail.machine';
import {
  createEventFiltersActors,
  createEventsListActors,
  createHomeActors,
  type EventFilterValues,
  type EventsPage,
  type HomeContent,
  type HomeParams,
} from '../../../machines/resource/catalogue.actors';
import { resourceMachine } from '../../../machines/resource/resource.machine';
import type { ClassifiedError } from '../../../mesh/client/errors';
import type { ChannelClient } from '../../../mesh/client/transport';
import type { EventsListQueryVariables } from '../../../mesh/client/generated/graphql';
import { pushViewItemList, type ViewedItemList } from '../../adapters/tag-manager';
import { useAppActors } from '../actors-context';
import type { ResourceStatus } from './channel-page';

export interface Read<T> {
  status: ResourceStatus;
  data: T | null;
  /** The client's classified error of a failed read (a 404 for an unknown group), else null. */
  error: ClassifiedError | null;
  retry(): void;
}

/** A read through the resource machine; a change of `params` (compared as JSON) reads again. */
function useResource<T>(
  actors: (deps: { client: ChannelClient }) => { load: AnyActorLogic },
  params: unknown,
  isData: (data: unknown) => data is T,
): Read<T> {
  const { client } = useAppActors();
  const logic = useMemo(() => resourceMachine.provide({ actors: actors({ client }) }), [actors, client]);
  const actor = useActorRef(logic, { input: { params } });
  const key = JSON.stringify(params);
  useEffect(() => {
    if (JSON.stringify(actor.getSnapshot().context.params) !== key) actor.send({ type: 'params.changed', params: JSON.parse(key) as unknown });
  }, [actor, key]);
  const status = useSelector(actor, (s): ResourceStatus => (s.hasTag('busy') ? 'loading' : s.matches('failed') ? 'failed' : 'loaded'));
  const data = useSelector(actor, (s) => (isData(s.context.data) ? s.context.data : null));
  const error = useSelector(actor, (s) => (s.matches('failed') ? s.context.error : null));
  const retry = useCallback(() => actor.send({ type: 'user.retry' }), [actor]);
  return { status, data, error, retry };
}

const isObject = (data: unknown): data is Record<string, unknown> => typeof data === 'object' && data !== null;
const isHomeContent = (data: unknown): data is HomeContent => isObject(data) && Array.isArray(data['live']);
const isEventsPage = (data: unknown): data is EventsPage => isObject(data) && Array.isArray(data['events']);
const isFilterValues = (data: unknown): data is EventFilterValues => isObject(data) && Array.isArray(data['locations']);

/** True once the session knows a viewer is logged in (their favourites can then be read). */
function useLoggedIn(): boolean {
  const { session } = useAppActors();
  return useSelector(session, (s) => s.hasTag('loggedIn'));
}

/** True for a visitor without an account session (SPEC §6: shown the LOGIN / REGISTER TO WATCH prompts). */
export function useAnonymous(): boolean {
  const { session } = useAppActors();
  return useSelector(session, (s) => s.hasTag('anonymous'));
}

/** The home page's events, slides, VOD rails and the viewer's favourites, for a group (`?group=`) or the channel. */
export function useHomeContent(group: string | null): Read<HomeContent> {
  const loggedIn = useLoggedIn();
  const params: HomeParams = { group, loggedIn };
  return useResource(createHomeActors, params, isHomeContent);
}

/** One page of the events list for these variables. */
export function useEventsList(variables: EventsListQueryVariables): Read<EventsPage> {
  return useResource(createEventsListActors, variables, isEventsPage);
}

/** What the list's filters offer beyond the startup parts: group properties (division...) and venues (city, state). */
export function useEventFilterValues(): Read<EventFilterValues> {
  return useResource(createEventFiltersActors, null, isFilterValues);
}

export type CatalogueLayout = 'grid' | 'list';

/** Where the viewer's grid or list choice is kept (prefixed and expiring, like everything the app stores). */
export const STORED_LAYOUT = 'catalogue-layout';

/** SPEC §2 "Views are grid or list": the viewer's choice, remembered between visits and shared by home and list. */
export function useCatalogueLayout(): [CatalogueLayout, (layout: CatalogueLayout) => void] {
  const { storage } = useAppActors();
  // The stored value is the source of truth; the state only makes React re-render when the viewer switches.
  const [layout, setLayout] = useState<CatalogueLayout>(() => (storage.get(STORED_LAYOUT) === 'list' ? 'list' : 'grid'));
  const choose = useCallback(
    (next: CatalogueLayout) => {
      storage.set(STORED_LAYOUT, next);
      setLayout(next);
    },
    [storage],
  );
  return [layout, choose];
}

/** A home rail's auto-scroll (the rail machine): which card it shows first, and the intents the rail sends. */
export function useRail(count: number, reducedMotion: boolean) {
  const actor = useActorRef(railMachine, { input: { count, reducedMotion } });
  useEffect(() => {
    if (actor.getSnapshot().context.count !== count) actor.send({ type: 'items.changed', count });
  }, [actor, count]);
  useEffect(() => {
    if (actor.getSnapshot().context.reducedMotion !== reducedMotion) actor.send({ type: 'motion.changed', reduced: reducedMotion });
  }, [actor, reducedMotion]);
  const index = useSelector(actor, (s) => s.context.index);
  const moving = useSelector(actor, (s) => s.hasTag('moving'));
  const senders = useMemo(
    () => ({
      next: () => actor.send({ type: 'user.next' }),
      previous: () => actor.send({ type: 'user.previous' }),
      pointerEnter: () => actor.send({ type: 'pointer.enter' }),
      pointerLeave: () => actor.send({ type: 'pointer.leave' }),
      focusEnter: () => actor.send({ type: 'focus.enter' }),
      focusLeave: () => actor.send({ type: 'focus.leave' }),
    }),
    [actor],
  );
  return { index, moving, ...senders };
}

/**
 * The events list's calendar (the calendar machine, SPEC §4): the URL's `start_date` is where the list starts, so a
 * reload restores it; choosing a day lets the machine add its 86400 s, and `onStart` writes the result to the URL.
 */
export function useCalendar(startDate: number | null, onStart: (start: number | null) => void) {
  const actor = useActorRef(calendarMachine);
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

/**
 * Pushes `view_item_list` once for each list the viewer is shown (SPEC §7): again when the list shows other items
 * (another page, other filters), never for a mere re-render. `null` while the list is not shown.
 */
export function useViewItemList(list: ViewedItemList | null): void {
  const pushed = useRef<string | null>(null);
  const key = list === null ? null : `${list.item_list_id}:${list.items.map((item) => item.item_id).join(',')}`;
  useEffect(() => {
    // Keyed by the items shown: the list object itself is rebuilt on every render.
    if (key === null || list === null || pushed.current === key) return;
    pushed.current = key;
    pushViewItemList(list);
  }, [key]);
}
