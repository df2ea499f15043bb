/**
 * A read the viewer waits for, defined once: its name and how it loads. The app turns a definition into the
 * resource machine with its `load` actor (src/app/logic/app-logic.ts) and views use it through one hook
 * (`useRead(definition, params)`, src/app/facades/read.ts), typed by the definition from end to end.
 */
import type { ReadCache } from '../../mesh/client/read-cache';
import type { ChannelClient } from '../../mesh/client/transport';

/** What a read loads with. */
export interface ReadContext {
  /** Reads kept for SPEC §9's store-cache time: what the catalogue shows. */
  cache: ReadCache;
  /** The client itself, for what must be fresh each time (a signed playback grant). */
  client: ChannelClient;
}

export interface Read<TParams, TData> {
  /** Says which read it is in errors and tools. */
  readonly name: string;
  load(context: ReadContext, params: TParams, signal: AbortSignal): Promise<TData>;
}

export function defineRead<TParams, TData>(
  name: string,
  load: (context: ReadContext, params: TParams, signal: AbortSignal) => Promise<TData>,
): Read<TParams, TData> {
  return { name, load };
}

/** A list the API answered with its entries that came back null (GraphQL's nullable list items) left out. */
export function present<T>(items: ReadonlyArray<T | null> | null | undefined): T[] {
  return (items ?? []).filter((item): item is T => item !== null);
}
