import { addSession, channelOfState, checkSessionCode, type ConsentForm, grantSessionCode, socialLogin } from '../domain/social';
import { type Handlers, Reply } from '../http/context';
import { fromDomainError } from '../http/errors';
import { CONSENT_PAGE_POLICY, consentPage } from './social-consent-page';

/**
 * Social login through the reference provider (server/domain/social.ts): its consent page and callback, the sign-in
 * with a provider access token, and the add_session hand-off of a one-time code.
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
    return Reply.html(consentPage({ provider, state, channelName: channel.name, action: `${ctx.apiBase}/auth/login/${provider}` }), 200, {
      'content-security-policy': CONSENT_PAGE_POLICY,
    });
  },

  socialConsentSubmit(ctx) {
    const provider = ctx.params['provider'] as string;
    const form = ctx.body as unknown as ConsentForm;
    const outcome = grantSessionCode(ctx.services.db, provider, form, ctx.clientAddress, ctx.now);
    if ('refused' in outcome) {
      // The page again, with the typed address and never the secret. Returned, not thrown: a wrong secret has just
      // been counted by the sign-in throttle, and a throw would roll that back.
      const answer = fromDomainError(outcome.refused);
      const channel = channelOfState(ctx.services.db, form.state);
      const page = consentPage({
        provider,
        state: form.state,
        channelName: channel.name,
        action: `${ctx.apiBase}/auth/login/${provider}`,
        email: form.email,
        name: form.name ?? '',
        error: {
          message: answer.message,
          details: Object.values(answer.errors)
            .flat()
            .filter((detail) => detail !== answer.message),
          fields: Object.keys(answer.errors),
        },
        // Only the opening of a new identity is refused as invalid (a name or a long enough password missing).
        creating: outcome.refused.kind === 'invalid',
      });
      return Reply.html(page, answer.status, { ...answer.headers, 'content-security-policy': CONSENT_PAGE_POLICY });
    }
    const query = new URLSearchParams({ code: outcome.code, state: form.state });
    return Reply.redirect(`${ctx.apiBase}/auth/login/${provider}/callback?${query.toString()}`);
  },

  socialCallback(ctx) {
    const provider = ctx.params['provider'] as string;
    const code = ctx.query['code'] as string;
    checkSessionCode(ctx.services.db, ctx.query['state'] as string, code, ctx.now);
    // Only the one-time code reaches the app, which trades it with auth/add_session: a bearer credential in a URL
    // would leak through history and referrers.
    const query = new URLSearchParams({ provider, code });
    return Reply.redirect(`${ctx.appOrigin}/login?${query.toString()}`);
  },

  addSession(ctx) {
    return addSession(ctx.services.db, ctx.channel, ctx.viewer, (ctx.body as { code: string }).code, ctx.now);
  },
};
