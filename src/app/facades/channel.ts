/** What the header, footer and pages show of the channel: its name, menu, pages and static blocks. */
import { useSelector } from '@xstate/react';
import { useAppActors } from '../actors-context';

/** A channel page as startup delivered it (SPEC §3 Pages); its route is its url. */
export interface ChannelPage {
  id: number;
  name: string;
  alias: string;
  url: string;
}

export interface MenuItem {
  id: number;
  title: string;
  url: string;
  external: boolean;
}

const NO_MENU: readonly MenuItem[] = [];
const NO_PAGES: readonly ChannelPage[] = [];

export function useChannelName(): string | null {
  const { appLoad } = useAppActors();
  return useSelector(appLoad, (s) => s.context.parts.settings?.channel?.name ?? null);
}

export function useChannelLogo(): string | null {
  const { appLoad } = useAppActors();
  return useSelector(appLoad, (s) => s.context.parts.settings?.channel?.logo ?? null);
}

/** The menu in its position order (the parts never change after startup, so the reference is stable). */
export function useChannelMenu(): readonly MenuItem[] {
  const { appLoad } = useAppActors();
  return useSelector(appLoad, (s) => (s.context.parts.menu?.data as readonly MenuItem[] | undefined) ?? NO_MENU);
}

export function useChannelPages(): readonly ChannelPage[] {
  const { appLoad } = useAppActors();
  return useSelector(appLoad, (s) => (s.context.parts.pages?.data as readonly ChannelPage[] | undefined) ?? NO_PAGES);
}

/** A static block's content by its "group:key" address (SPEC §3), or null when the channel has none. */
export function useStaticBlock(address: `${string}:${string}`): string | null {
  const { appLoad } = useAppActors();
  return useSelector(appLoad, (s) => {
    const [group, key] = address.split(':');
    return s.context.parts.settings?.static_blocks?.find((block) => block?.group === group && block?.key === key)?.content ?? null;
  });
}
