/**
 * Every machine of the app, by name. The model-based suites (tests/machines), the QA path printer
 * (`npm run paths`) and the diagram generator (`npm run statecharts`) read this list, so a machine added here is
 * tested, printed and drawn without wiring it anywhere else. The name is the machine's folder under machines/.
 */
import type { AnyStateMachine } from 'xstate';
import { analyticsSessionMachine } from './analytics-session/analytics-session.machine';
import { appLoadMachine } from './app-load/app-load.machine';
import { calendarMachine } from './calendar/calendar.machine';
import { globalErrorMachine } from './global-error/global-error.machine';
import { reloadScreenMachine } from './reload-screen/reload-screen.machine';
import { resourceMachine } from './resource/resource.machine';
import { sessionMachine } from './session/session.machine';
import { toastMachine } from './toast/toast.machine';
import { clipCreationMachine } from './clip-creation/clip-creation.machine';
import { favouritesMachine } from './favourites/favourites.machine';
import { popupQueueMachine } from './popup-queue/popup-queue.machine';
import { prerollMachine } from './preroll/preroll.machine';
import { autoRenewalMachine } from './auto-renewal/auto-renewal.machine';
import { freeTrialMachine } from './free-trial/free-trial.machine';
import { paymentMachine } from './payment/payment.machine';
import { playerMachine } from './player/player.machine';
import { playbackControlsMachine } from './playback-controls/playback-controls.machine';
import { railMachine } from './rail/rail.machine';
import { cardEntryMachine } from './card-entry/card-entry.machine';
import { pollingMachine } from './polling/polling.machine';
import { languageMachine } from './language/language.machine';
import { navigationMachine } from './navigation/navigation.machine';
import { accountFormMachine } from './account-form/account-form.machine';
import { downloadMachine } from './download/download.machine';
import { clipMachine } from './clip/clip.machine';
import { clipListMachine } from './clip-list/clip-list.machine';

export const machineRegistry = {
  'analytics-session': analyticsSessionMachine,
  'app-load': appLoadMachine,
  calendar: calendarMachine,
  'global-error': globalErrorMachine,
  'reload-screen': reloadScreenMachine,
  resource: resourceMachine,
  session: sessionMachine,
  toast: toastMachine,
  'clip-creation': clipCreationMachine,
  favourites: favouritesMachine,
  'popup-queue': popupQueueMachine,
  preroll: prerollMachine,
  'auto-renewal': autoRenewalMachine,
  'free-trial': freeTrialMachine,
  payment: paymentMachine,
  player: playerMachine,
  'playback-controls': playbackControlsMachine,
  rail: railMachine,
  'card-entry': cardEntryMachine,
  polling: pollingMachine,
  language: languageMachine,
  navigation: navigationMachine,
  'account-form': accountFormMachine,
  download: downloadMachine,
  clip: clipMachine,
  'clip-list': clipListMachine,
} as const satisfies Record<string, AnyStateMachine>;

export type MachineName = keyof typeof machineRegistry;

export const machineNames = Object.keys(machineRegistry).sort() as MachineName[];
