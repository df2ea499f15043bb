import { accessTokenForCode, addSession, channelOfState, grantSessionCode, socialLogin } from '../domain/social';
import { type Handlers, Reply } from '../http/context';
import { consentPage } from './social-consent-page';

/**
 * Social login through the reference provider (server/domain/social.ts): its consent page and callback, the sign-in
 * with its access token, and the add_session hand-off of a one-time code.
 */
export const authSocialHandlers: Handlers = {
  socialLogin(ctx) {
    const { access_token } = ctx.body as { access_token: string };
    return socialLogin(ctx.services.db, ctx.channel, ctx.viewer, ctx.params['provider'] as string, access_token, ctx.now);
  },

  socialConsentPage(ctx) {
    const provider = ctx.params['provider'] as string;
    const state = ctx.query['state'] as string;
    const channel = channelOfState(ctx.services.db, state);
    return Reply.html(consentPage({ provider, state, channelName: channel.name, action: `${ctx.apiBase}/auth/login/${provider}` }));
  },

  socialConsentSubmit(ctx) {
    const provider = ctx.params['provider'] as string;
    const { state, email, name } = ctx.body as { state: string; email: string; name: string };
    const code = grantSessionCode(ctx.services.db, state, provider, { email, name }, ctx.now);
    const query = new URLSearchParams({ code, state });
    return Reply.redirect(`${ctx.apiBase}/auth/login/${provider}/callback?${query.toString()}`);
  },

  socialCallback(ctx) {
    const provider = ctx.params['provider'] as string;
    const code = ctx.query['code'] as string;
    const token = accessTokenForCode(ctx.services.db, ctx.query['state'] as string, provider, code, ctx.now);
    const query = new URLSearchParams({ provider, code, access_token: token });
    return Reply.redirect(`${ctx.appOrigin}/login?${query.toString()}`);
  },

  addSession(ctx) {
    return addSession(ctx.services.db, ctx.channel, ctx.viewer, (ctx.body as { code: string }).code, ctx.now);
  },
};
