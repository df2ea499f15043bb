/**
 * The UI maps of the machines whose model paths run against the real app (machines/<name>/<name>.ui.ts, typed by
 * machines/shared/machine-ui.ts): `npm run paths -- <name> --format playwright` and `npm run paths:specs` read them.
 * Nothing in src/ imports them, so they stay out of the app's bundle.
 */
import type { MachineName } from './registry';
import type { MachineUi } from './shared/machine-ui';
import { clipCreationUi } from './clip-creation/clip-creation.ui';
import { paymentUi } from './payment/payment.ui';
import { prerollUi } from './preroll/preroll.ui';
import { sessionUi } from './session/session.ui';

export const uiMaps: Partial<Record<MachineName, MachineUi>> = {
  session: sessionUi,
  payment: paymentUi,
  'clip-creation': clipCreationUi,
  preroll: prerollUi,
};
