/** Facade of the session flow: who the viewer is, what they may do, and the intents views send. */
import type { LoginCredentials } from '../../../machines/session/session.types';
import { SessionFlow } from '../flows';
import { viewerStatusOf, type ViewerStatus } from '../../../machines/navigation/navigation-rules';

/** Where the viewer stands for the navigation rules (SPEC §2), read from the session machine's tags. */
export function useViewerStatus(): ViewerStatus {
  return SessionFlow.useSelect((s) => viewerStatusOf((tag) => s.hasTag(tag)));
}

/** True for a visitor without an account session (SPEC §6: shown the LOGIN / REGISTER TO WATCH prompts). */
export function useAnonymous(): boolean {
  return SessionFlow.useSelect((s) => s.hasTag('anonymous'));
}

/** True while a logout is on its way (the button is busy; a second press does nothing). */
export function useLoggingOut(): boolean {
  return SessionFlow.useSelect((s) => s.hasTag('loggingOut'));
}

export function useSessionSenders() {
  const session = SessionFlow.useActor();
  return {
    logIn: (credentials: LoginCredentials) => session.send({ type: 'user.login', credentials }),
    logOut: () => session.send({ type: 'user.logout' }),
  };
}
