/**
 * The VOD library and item reads (SPEC §2 /vod_library and the VOD item route): each is the `resource` machine with
 * a `load` actor from machines/resource/vod.actors.ts, told `params.changed` when what the URL asks for changes.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { resourceMachine } from '../../../machines/resource/resource.machine';
import {
  createVodItemActors,
  createVodLibraryActors,
  createVodListActors,
  createVodRelatedActors,
  type VodCategory,
  type VodItemAnswer,
  type VodLibrary,
  type VodListQuery,
  type VodMedia,
  type VodPage,
  type VodRail,
  type VodRelated,
  type VodRelatedQuery,
} from '../../../machines/resource/vod.actors';
import type { ChannelClient } from '../../../mesh/client/transport';
import { useAppActors } from '../actors-context';
import type { ResourceStatus } from './channel-page';

type VodActors = ReturnType<typeof createVodLibraryActors>;
type Answer = VodLibrary | VodPage | VodItemAnswer | VodRelated;

/** The read's own answer, told apart by its `kind` (the resource machine keeps `data` as unknown). */
function answerOf<K extends Answer['kind']>(data: unknown, kind: K): Extract<Answer, { kind: K }> | null {
  return typeof data === 'object' && data !== null && (data as { kind?: unknown }).kind === kind ? (data as Extract<Answer, { kind: K }>) : null;
}

/** Starts the resource machine with `actors` for `params`, and loads again whenever `key` (the params' identity) changes. */
function useVodResource<P>(createActors: (deps: { client: ChannelClient }) => VodActors, params: P, key: string) {
  const { client } = useAppActors();
  const logic = useMemo(() => resourceMachine.provide({ actors: createActors({ client }) }), [client, createActors]);
  const actor = useActorRef(logic, { input: { params } });
  // The params the actor reads, by key: a new object with the same key (every render makes one) is the same read.
  const loadedKey = useRef(key);
  const latestParams = useRef(params);
  latestParams.current = params;
  useEffect(() => {
    if (loadedKey.current === key) return;
    loadedKey.current = key;
    actor.send({ type: 'params.changed', params: latestParams.current });
  }, [actor, key]);
  const status = useSelector(actor, (s): ResourceStatus => (s.hasTag('busy') ? 'loading' : s.matches('failed') ? 'failed' : 'loaded'));
  const data = useSelector(actor, (s) => s.context.data);
  return { status, data, retry: () => actor.send({ type: 'user.retry' }) };
}

/** The library screen's rails and categories. */
export function useVodLibrary(): { status: ResourceStatus; rails: readonly VodRail[]; categories: readonly VodCategory[]; retry(): void } {
  const { status, data, retry } = useVodResource(createVodLibraryActors, null, 'library');
  const library = answerOf(data, 'vodLibrary');
  return { status, rails: library?.rails ?? [], categories: library?.categories ?? [], retry };
}

/** A page of a category's items or of a title search. */
export function useVodList(query: VodListQuery): { status: ResourceStatus; page: VodPage | null; retry(): void } {
  const key = query.kind === 'category' ? `category:${query.categoryId}:${query.offset}` : `search:${query.offset}:${query.title}`;
  const { status, data, retry } = useVodResource(createVodListActors, query, key);
  return { status, page: answerOf(data, 'vodPage'), retry };
}

/** One VOD item; `item` is null while loading, on failure, and when the id is unknown (`notFound`). */
export function useVodItem(id: number): { status: ResourceStatus; item: VodMedia | null; notFound: boolean; retry(): void } {
  const { status, data, retry } = useVodResource(createVodItemActors, id, String(id));
  const answer = status === 'loaded' ? answerOf(data, 'vodItem') : null;
  return { status, item: answer?.item ?? null, notFound: answer !== null && answer.item === null, retry };
}

/** The other items of an item's category, with the category's name. */
export function useVodRelated(query: VodRelatedQuery): {
  status: ResourceStatus;
  categoryName: string | null;
  items: readonly VodMedia[];
  retry(): void;
} {
  const { status, data, retry } = useVodResource(createVodRelatedActors, query, `${query.categoryId}:${query.excludeId}`);
  const related = answerOf(data, 'vodRelated');
  return { status, categoryName: related?.categoryName ?? null, items: related?.items ?? [], retry };
}
