import { login, type ProfileUpdate, register, type Registration, updateProfile } from '../domain/accounts';
import { channelKeyFor, issueApiKey } from '../domain/channels';
import { endSession } from '../domain/sessions';
import { toProfile, viewerAccess } from '../domain/users';
import { type Handlers, mailSettings, Reply, viewerOf } from '../http/context';
import { refusalReply } from '../http/errors';

/** Channel keys, API keys and bearer tokens: signing in and out, and the signed-in viewer's own account. */
export const authSessionHandlers: Handlers = {
  getChannelKey(ctx) {
    return channelKeyFor(ctx.services.db, ctx.query['host'] as string | undefined, ctx.channel, ctx.services.config.defaultChannel);
  },

  getApiKey(ctx) {
    return issueApiKey(ctx.services.db, (ctx.body as { channel_key: string }).channel_key, ctx.now);
  },

  login(ctx) {
    const outcome = login(ctx.services.db, ctx.channel, ctx.viewer, ctx.body as { email: string; password: string }, ctx.clientAddress, ctx.now);
    return 'refused' in outcome ? refusalReply(outcome.refused) : outcome.session;
  },

  register(ctx) {
    const form = ctx.body as unknown as Registration;
    return Reply.created(register(ctx.services.db, ctx.channel, ctx.viewer, form, mailSettings(ctx), ctx.now));
  },

  logout(ctx) {
    viewerOf(ctx);
    endSession(ctx.services.db, ctx.token ?? '');
    return { message: 'Logged out' };
  },

  getProfile(ctx) {
    return toProfile(ctx.services.db, viewerOf(ctx));
  },

  updateProfile(ctx) {
    const update = ctx.body as unknown as ProfileUpdate;
    return updateProfile(ctx.services.db, ctx.channel, viewerOf(ctx), ctx.token, update, mailSettings(ctx), ctx.now);
  },

  getUserAccess(ctx) {
    return viewerAccess(ctx.services.db, viewerOf(ctx), ctx.now);
  },
};
