/**
 * Facade of the navigation flow (machines/navigation): the shell tells it which page the router shows, and renders
 * that page once the flow has looked at it and is not moving the viewer elsewhere.
 */
import { useCallback } from 'react';
import { isShowing } from '../../../machines/navigation/navigation.machine';
import { NavigationFlow } from '../flows';

export function usePageShown(path?: string) {
  const navigation = NavigationFlow.useActor();
  const pageShown = useCallback(
    (location: string, query: string, known: boolean) => {
      const url = new URL(query === '' ? location : `${location}?${query}`, window.location.origin);
      const page = { url: url.href, path: location, query, params: Object.fromEntries(url.searchParams) };
      navigation.send({ type: 'page.shown', page, known });
    },
    [navigation],
  );
  const showing = NavigationFlow.useSelect((s) => path !== undefined && !s.hasTag('leaving') && isShowing(s.context, path));
  return { pageShown, showing };
}
