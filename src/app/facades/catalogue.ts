/**
 * The catalogue's facades (SPEC §2 home and events list): the reads the views wait for (the `resource` machine with
 * the catalogue's load actors), the startup parts the filters offer, the grid or list choice kept between visits,
 * the home rails' auto-scroll (the `rail` machine) and the ecommerce `view_item_list` push. The events list's
 * calendar has its own module (./calendar.ts), so that home's first load does not carry its machine.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { itemListKey, type ViewedItemList } from '../../../machines/analytics-session/analytics-session.types';
import { railMachine } from '../../../machines/rail/rail.machine';
import {
  eventFiltersRead,
  type EventFilterValues,
  type EventsPage,
  eventsListRead,
  type HomeContent,
  homeRead,
} from '../../../machines/resource/catalogue.reads';
import type { EventsListQueryVariables } from '../../../mesh/client/generated/graphql';
import { useInspectOption } from '../flow';
import { AnalyticsFlow, useShell } from '../flows';
import { type ReadState, useRead } from './read';

/** The home page's events, slides and VOD rails, for a group (`?group=`) or the channel. */
export function useHomeContent(group: string | null): ReadState<HomeContent> {
  return useRead(homeRead, { group });
}

/** One page of the events list for these variables. */
export function useEventsList(variables: EventsListQueryVariables): ReadState<EventsPage> {
  return useRead(eventsListRead, variables);
}

/** What the list's filters offer beyond the startup parts: group properties (division...) and venues (city, state). */
export function useEventFilterValues(): ReadState<EventFilterValues> {
  return useRead(eventFiltersRead, null);
}

export type CatalogueLayout = 'grid' | 'list';

/** Where the viewer's grid or list choice is kept (prefixed and expiring, like everything the app stores). */
export const STORED_LAYOUT = 'catalogue-layout';

/** SPEC §2 "Views are grid or list": the viewer's choice, remembered between visits and shared by home and list. */
export function useCatalogueLayout(): [CatalogueLayout, (layout: CatalogueLayout) => void] {
  const { storage } = useShell();
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
  const actor = useActorRef(railMachine, { input: { count, reducedMotion }, ...useInspectOption() });
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
 * Tells analytics that a list of events is shown (SPEC §7 view_item_list), whenever it shows other items; the
 * analytics machine pushes each list once per items shown. `null` while the list is not shown.
 */
export function useViewItemList(list: ViewedItemList | null): void {
  const analytics = AnalyticsFlow.useActor();
  // Keyed by the items shown: the list object itself is rebuilt on every render.
  const key = list === null ? null : `${list.item_list_id}:${itemListKey(list)}`;
  const shown = useEffectEvent(() => list && analytics.send({ type: 'itemList.shown', list }));
  useEffect(() => {
    if (key !== null) shown();
  }, [key]);
}
