import { confirmAccountDeletion, requestPasswordReset, resetPassword, verifyEmail } from '../domain/account-links';
import { type Handlers, mailSettings } from '../http/context';

interface SignedLinkBody {
  email: string;
  expires: number;
  signature: string;
}

/** The signed links mailed to an address: email verification, password reset, account deletion. */
export const authLinkHandlers: Handlers = {
  verifyEmail(ctx) {
    verifyEmail(ctx.services.db, ctx.channel, ctx.body as unknown as SignedLinkBody, ctx.now);
    return { message: 'Email verified' };
  },

  requestPasswordReset(ctx) {
    requestPasswordReset(ctx.services.db, ctx.channel, mailSettings(ctx), (ctx.body as { email: string }).email, ctx.now);
    // Worded for both cases: the answer must not tell whether the address has an account.
    return { message: 'If this address has an account, a password reset link has been sent to it' };
  },

  resetPassword(ctx) {
    const reset = ctx.body as unknown as SignedLinkBody & { password: string; password_confirmation: string };
    resetPassword(ctx.services.db, ctx.channel, reset, ctx.now);
    return { message: 'Your password has been changed' };
  },

  confirmAccountDeletion(ctx) {
    confirmAccountDeletion(ctx.services.db, ctx.body as unknown as SignedLinkBody, ctx.now);
    return { message: 'Your account has been deleted' };
  },
};
