/**
 * Every flow of the app, each with its own context (src/app/flow.tsx): the app-wide ones the shell starts, handed
 * down by `AppProviders`, and the screens' own, started where the screen renders (`PlayerFlow.Scope`).
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { analyticsSessionMachine } from '../../machines/analytics-session/analytics-session.machine';
import type { appLoadMachine } from '../../machines/app-load/app-load.machine';
import type { favouritesMachine } from '../../machines/favourites/favourites.machine';
import type { globalErrorMachine } from '../../machines/global-error/global-error.machine';
import type { languageMachine } from '../../machines/language/language.machine';
import type { navigationMachine } from '../../machines/navigation/navigation.machine';
import type { popupQueueMachine } from '../../machines/popup-queue/popup-queue.machine';
import type { reloadScreenMachine } from '../../machines/reload-screen/reload-screen.machine';
import type { sessionMachine } from '../../machines/session/session.machine';
import type { toastMachine } from '../../machines/toast/toast.machine';
import type { ExpiringStorage } from '../adapters/storage';
import { AppLogicProvider, defineFlow, defineScreenFlow } from './flow';
import type { AppActors } from './logic/app-logic';

export const AppLoadFlow = defineFlow<typeof appLoadMachine>('appLoad');
export const SessionFlow = defineFlow<typeof sessionMachine>('session');
export const ReloadScreenFlow = defineFlow<typeof reloadScreenMachine>('reloadScreen');
export const GlobalErrorFlow = defineFlow<typeof globalErrorMachine>('globalError');
export const ToastsFlow = defineFlow<typeof toastMachine>('toasts');
export const PopupsFlow = defineFlow<typeof popupQueueMachine>('popups');
export const FavouritesFlow = defineFlow<typeof favouritesMachine>('favourites');
export const AnalyticsFlow = defineFlow<typeof analyticsSessionMachine>('analytics');
export const LanguageFlow = defineFlow<typeof languageMachine>('language');
export const NavigationFlow = defineFlow<typeof navigationMachine>('navigation');

export const PlayerFlow = defineScreenFlow('player');
export const AccountFormFlow = defineScreenFlow('accountForm');
export const PaymentFlow = defineScreenFlow('payment');
export const FreeTrialFlow = defineScreenFlow('freeTrial');
export const AutoRenewalFlow = defineScreenFlow('autoRenewal');
export const ClipCreationFlow = defineScreenFlow('clipCreation');
export const ClipListFlow = defineScreenFlow('clipList');
export const EventDownloadFlow = defineScreenFlow('download');

/** What the shell keeps beside its actors: the app's local storage (the grid or list choice, `trk`). */
interface Shell {
  storage: ExpiringStorage;
  /** The social provider's sign-in page for this visitor (see CoreActors.socialLoginUrl). */
  socialLoginUrl: AppActors['socialLoginUrl'];
}

const ShellContext = createContext<Shell | null>(null);

export function useShell(): Shell {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell: no AppProviders above this component');
  return shell;
}

/** Hands every app-wide flow, the screens' logic and the shell's storage to the app. */
export function AppProviders({ app, children }: { app: AppActors; children: ReactNode }) {
  const flows: Array<(inner: ReactNode) => ReactNode> = [
    (inner) => <AppLoadFlow.Provider actor={app.appLoad}>{inner}</AppLoadFlow.Provider>,
    (inner) => <SessionFlow.Provider actor={app.session}>{inner}</SessionFlow.Provider>,
    (inner) => <ReloadScreenFlow.Provider actor={app.reloadScreen}>{inner}</ReloadScreenFlow.Provider>,
    (inner) => <GlobalErrorFlow.Provider actor={app.globalError}>{inner}</GlobalErrorFlow.Provider>,
    (inner) => <ToastsFlow.Provider actor={app.toasts}>{inner}</ToastsFlow.Provider>,
    (inner) => <PopupsFlow.Provider actor={app.popups}>{inner}</PopupsFlow.Provider>,
    (inner) => <FavouritesFlow.Provider actor={app.favourites}>{inner}</FavouritesFlow.Provider>,
    (inner) => <AnalyticsFlow.Provider actor={app.analytics}>{inner}</AnalyticsFlow.Provider>,
    (inner) => <LanguageFlow.Provider actor={app.language}>{inner}</LanguageFlow.Provider>,
    (inner) => <NavigationFlow.Provider actor={app.navigation}>{inner}</NavigationFlow.Provider>,
  ];
  const content = flows.reduceRight<ReactNode>((inner, wrap) => wrap(inner), children);
  return (
    <ShellContext.Provider value={{ storage: app.storage, socialLoginUrl: app.socialLoginUrl }}>
      <AppLogicProvider logic={app.logic} live={app.live}>{content}</AppLogicProvider>
    </ShellContext.Provider>
  );
}
