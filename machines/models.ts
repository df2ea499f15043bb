/**
 * The model of every machine in machines/registry.ts, each beside its machine (machines/<name>/<name>.model.ts).
 * The model-based suite (tests/machines), the QA path printer (`npm run paths`) and the studio's simulator read it.
 * The type makes a missing model a compile error; the suite also checks it at run time
 * (tests/machines/model-based.test.ts).
 */
import type { MachineName } from './registry';
import type { AnyMachineModel } from './shared/machine-model';
import { analyticsSessionModel } from './analytics-session/analytics-session.model';
import { appLoadModel } from './app-load/app-load.model';
import { calendarModel } from './calendar/calendar.model';
import { globalErrorModel } from './global-error/global-error.model';
import { reloadScreenModel } from './reload-screen/reload-screen.model';
import { resourceModel } from './resource/resource.model';
import { sessionModel } from './session/session.model';
import { toastModel } from './toast/toast.model';
import { clipCreationModel } from './clip-creation/clip-creation.model';
import { favouritesModel } from './favourites/favourites.model';
import { popupQueueModel } from './popup-queue/popup-queue.model';
import { prerollModel } from './preroll/preroll.model';
import { autoRenewalModel } from './auto-renewal/auto-renewal.model';
import { freeTrialModel } from './free-trial/free-trial.model';
import { paymentModel } from './payment/payment.model';
import { playerModel } from './player/player.model';
import { playbackControlsModel } from './playback-controls/playback-controls.model';
import { railModel } from './rail/rail.model';
import { cardEntryModel } from './card-entry/card-entry.model';
import { pollingModel } from './polling/polling.model';
import { languageModel } from './language/language.model';
import { navigationModel } from './navigation/navigation.model';
import { accountFormModel } from './account-form/account-form.model';
import { downloadModel } from './download/download.model';
import { clipModel } from './clip/clip.model';
import { clipListModel } from './clip-list/clip-list.model';

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
  'playback-controls': playbackControlsModel,
  rail: railModel,
  'card-entry': cardEntryModel,
  polling: pollingModel,
  language: languageModel,
  navigation: navigationModel,
  'account-form': accountFormModel,
  download: downloadModel,
  clip: clipModel,
  'clip-list': clipListModel,
};
