/** What the header, footer and pages show of the channel: its name, menu, pages and static blocks. */
import { useMemo } from 'react';
import type { StartupParts } from '../../../machines/app-load/app-load.types';
import { AppLoadFlow } from '../flows';

/** A channel page as startup delivered it (SPEC §3 Pages); its route is its url. */
export type ChannelPage = NonNullable<NonNullable<StartupParts['pages']>['data'][number]>;

export type MenuItem = NonNullable<NonNullable<StartupParts['menu']>['data'][number]>;

export function useChannelName(): string | null {
  return AppLoadFlow.useSelect((s) => s.context.parts.settings?.channel?.name ?? null);
}

export function useChannelLogo(): string | null {
  return AppLoadFlow.useSelect((s) => s.context.parts.settings?.channel?.logo ?? null);
}

/** The menu in its position order; entries the API answered as null are left out. */
export function useChannelMenu(): readonly MenuItem[] {
  const data = AppLoadFlow.useSelect((s) => s.context.parts.menu?.data);
  return useMemo(() => present(data).sort((a, b) => a.position - b.position), [data]);
}

/** The channel's pages; entries the API answered as null are left out. */
export function useChannelPages(): readonly ChannelPage[] {
  const data = AppLoadFlow.useSelect((s) => s.context.parts.pages?.data);
  return useMemo(() => present(data), [data]);
}

function present<T>(items: ReadonlyArray<T | null> | null | undefined): T[] {
  return (items ?? []).filter((item): item is T => item !== null);
}

/** A static block's content by its "group:key" address (SPEC §3), or null when the channel has none. */
export function useStaticBlock(address: `${string}:${string}`): string | null {
  return AppLoadFlow.useSelect((s) => {
    const [group, key] = address.split(':');
    return s.context.parts.settings?.static_blocks?.find((block) => block?.group === group && block?.key === key)?.content ?? null;
  });
}
