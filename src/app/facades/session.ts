/** Facade of the session actor. */
import { useSelector } from '@xstate/react';
import type { LoginCredentials } from '../../../machines/session/session.types';
import { useAppActors } from '../actors-context';
import { viewerStatusOf, type ViewerStatus } from '../navigation-rules';

/** Where the viewer stands for the navigation rules (SPEC §2), read from the session machine's tags. */
export function useViewerStatus(): ViewerStatus {
  const { session } = useAppActors();
  return useSelector(session, (s) => viewerStatusOf((tag) => s.hasTag(tag)));
}

export function useSessionSenders() {
  const { session } = useAppActors();
  return {
    logIn: (credentials: LoginCredentials) => session.send({ type: 'user.login', credentials }),
    logOut: () => session.send({ type: 'user.logout' }),
  };
}
