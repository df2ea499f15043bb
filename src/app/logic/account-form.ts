/**
 * Account forms and followed mailed links: what a request changed reaches the session, and a passes form the
 * navigation, as events in the app's actor system. A saved profile is the session's new profile (a new password ends
 * a temporary one); a verification, a reset, a deletion or a passes form changes what the session loads, so it loads
 * again (a deleted account's session is then refused, and the viewer is signed out); after a passes form the
 * navigation decides where the viewer goes (SPEC §2).
 */
import { enqueueActions } from 'xstate';
import { createAccountFormActors } from '../../../machines/account-form/account-form.actors';
import { accountFormMachine } from '../../../machines/account-form/account-form.machine';
import type { AccountRequestKind } from '../../../machines/account-form/account-form.types';
import type { CoreActors } from './core-logic';
import { addressesIn } from './system';

/** The requests after which the session loads the viewer again. */
const CHANGES_THE_SESSION: ReadonlySet<AccountRequestKind> = new Set(['verifyEmail', 'passwordReset', 'confirmAccountDeletion', 'profileUpdate', 'passesForm']);

export function provideAccountForm(core: Pick<CoreActors, 'client' | 'system'>): typeof accountFormMachine {
  const to = addressesIn(core.system);
  return accountFormMachine.provide({
    actors: createAccountFormActors({ client: core.client }),
    actions: {
      announceDone: enqueueActions(({ enqueue }, { request, result }) => {
        if (result.profile) enqueue.sendTo(to('session'), { type: 'profile.updated', profile: result.profile });
        else if (CHANGES_THE_SESSION.has(request.kind)) enqueue.sendTo(to('session'), { type: 'session.refresh' });
        if (request.kind === 'passesForm') enqueue.sendTo(to('navigation'), { type: 'form.sent', hasPassesFlag: request.form.flag });
      }),
    },
  });
}
