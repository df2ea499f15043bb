/**
 * The model of every machine in machines/registry.ts. The type makes a missing model a compile error; the suite
 * also checks it at run time (tests/machines/model-based.test.ts).
 */
import type { MachineName } from '../../machines/registry';
import type { AnyMachineModel } from '../../statecharts/model-testing/test-model';
import { analyticsSessionModel } from './analytics-session.model';
import { appLoadModel } from './app-load.model';
import { calendarModel } from './calendar.model';
import { globalErrorModel } from './global-error.model';
import { reloadScreenModel } from './reload-screen.model';
import { resourceModel } from './resource.model';
import { sessionModel } from './session.model';
import { toastModel } from './toast.model';
import { clipCreationModel } from './clip-creation.model';
import { favouritesModel } from './favourites.model';
import { popupQueueModel } from './popup-queue.model';
import { prerollModel } from './preroll.model';
import { autoRenewalModel } from './auto-renewal.model';
import { freeTrialModel } from './free-trial.model';
import { paymentModel } from './payment.model';
import { playerModel } from './player.model';
import { railModel } from './rail.model';
import { cardEntryModel } from './card-entry.model';
import { pollingModel } from './polling.model';
import { languageModel } from './language.model';
import { navigationModel } from './navigation.model';
import { accountFormModel } from './account-form.model';
import { eventDownloadModel } from './event-download.model';

export const machineModels: Record<MachineName, AnyMachineModel> = {
  'analytics-session': analyticsSessionModel,
  'app-load': appLoadModel,
  calendar: calendarModel,
  'global-error': globalErrorModel,
  'reload-screen': reloadScreenModel,
  resource: resourceModel,
  session: sessionModel,
  toast: toastModel,
  'clip-creation': clipCreationModel,
  favourites: favouritesModel,
  'popup-queue': popupQueueModel,
  preroll: prerollModel,
  'auto-renewal': autoRenewalModel,
  'free-trial': freeTrialModel,
  payment: paymentModel,
  player: playerModel,
  rail: railModel,
  'card-entry': cardEntryModel,
  polling: pollingModel,
  language: languageModel,
  navigation: navigationModel,
  'account-form': accountFormModel,
  'event-download': eventDownloadModel,
};
