import type { DomainError } from '../domain/errors';
import {
  addSession,
  channelOfState,
  checkSessionCode,
  confirmationFor,
  confirmIdentity,
  type ConsentForm,
  consentMessages,
  grantSessionCode,
  SIGN_IN_FLOW_COOKIE,
  SIGN_IN_FLOW_SECONDS,
  socialLogin,
  startSignInFlow,
} from '../domain/social';
import { setCookie } from '../http/cookies';
import { type Handlers, mailSettings, Reply, type RequestContext } from '../http/context';
import { fromDomainError } from '../http/errors';
import { CONSENT_PAGE_POLICY, confirmPage, consentPage, noticePage } from './social-consent-page';

const PAGE_HEADERS = { 'content-security-policy': CONSENT_PAGE_POLICY };

/** Where the provider's pages live; the flow's cookie is sent back to them only. */
const providerBase = (ctx: RequestContext): string => `${ctx.apiBase}/auth/login`;

/** The flow's cookie, scoped to the provider's pages, for `seconds` (0 forgets it). */
function flowCookie(ctx: RequestContext, value: string, seconds: number): string {
  return setCookie(SIGN_IN_FLOW_COOKIE, value, {
    path: new URL(providerBase(ctx)).pathname,
    maxAgeSeconds: seconds,
    secure: ctx.apiBase.startsWith('https:'),
  });
}

const flowOf = (ctx: RequestContext): string | undefined => ctx.cookies[SIGN_IN_FLOW_COOKIE];

/**
 * Social login through the reference provider (server/domain/social.ts): its consent page and callback, the page of
 * its mailed confirmation link, the sign-in with a provider access token, and the add_session hand-off of a code.
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
    const flow = startSignInFlow(ctx.services.db, channel, provider, ctx.query['nonce'] as string, ctx.now);
    const page = consentPage({ provider, state, flow, channelName: channel.name, action: `${providerBase(ctx)}/${provider}` });
    return Reply.html(page, 200, { ...PAGE_HEADERS, 'set-cookie': flowCookie(ctx, flow, SIGN_IN_FLOW_SECONDS) });
  },

  socialConsentSubmit(ctx) {
    const provider = ctx.params['provider'] as string;
    const form = ctx.body as unknown as ConsentForm;
    const request = { cookie: flowOf(ctx), address: ctx.clientAddress, mail: mailSettings(ctx), apiBase: ctx.apiBase };
    const outcome = grantSessionCode(ctx.services.db, provider, form, request, ctx.now);
    if ('code' in outcome) {
      const query = new URLSearchParams({ code: outcome.code, state: form.state });
      return Reply.redirect(`${providerBase(ctx)}/${provider}/callback?${query.toString()}`);
    }
    if ('refused' in outcome && outcome.refused.kind === 'forbidden') {
      // Not this browser's sign-in (a form posted from another site): nothing was done, and no form is offered.
      const page = noticePage({ provider, heading: 'Sign-in not started here', message: outcome.refused.message, tone: 'error' });
      return Reply.html(page, 403, PAGE_HEADERS);
    }
    // The page again, with the typed address and never the secret. Returned, not thrown: a wrong secret has just
    // been counted by the sign-in throttle, or a confirmation mailed, and a throw would roll that back.
    const channel = channelOfState(ctx.services.db, form.state);
    const again = { provider, state: form.state, flow: form.flow, channelName: channel.name, action: `${providerBase(ctx)}/${provider}`, email: form.email };
    if ('mailed' in outcome) {
      // 401: the identity has yet to prove who it is (its mailbox); no code until it has.
      return Reply.html(consentPage({ ...again, mailedTo: outcome.mailed }), 401, PAGE_HEADERS);
    }
    const answer = fromDomainError(outcome.refused);
    const page = consentPage({
      ...again,
      name: form.name ?? '',
      error: {
        message: answer.message,
        details: Object.values(answer.errors)
          .flat()
          .filter((detail) => detail !== answer.message),
        fields: Object.keys(answer.errors),
      },
      creating: opensIdentity(outcome.refused),
    });
    return Reply.html(page, answer.status, { ...answer.headers, ...PAGE_HEADERS });
  },

  socialCallback(ctx) {
    const provider = ctx.params['provider'] as string;
    const code = ctx.query['code'] as string;
    checkSessionCode(ctx.services.db, ctx.query['state'] as string, code, flowOf(ctx), ctx.now);
    // Only the one-time code reaches the app, which trades it with auth/add_session: a bearer credential in a URL
    // would leak through history and referrers. The flow is over: its cookie goes.
    const query = new URLSearchParams({ provider, code });
    return new Reply(302, null, { location: `${ctx.appOrigin}/login?${query.toString()}`, 'set-cookie': flowCookie(ctx, '', 0) });
  },

  socialConfirmPage(ctx) {
    const provider = ctx.params['provider'] as string;
    const token = ctx.query['token'] as string;
    const email = confirmationFor(ctx.services.db, provider, token, ctx.now);
    if (email === null) return deadLink(provider);
    return Reply.html(confirmPage({ provider, email, token, action: `${providerBase(ctx)}/${provider}/confirm` }), 200, PAGE_HEADERS);
  },

  socialConfirmSubmit(ctx) {
    const provider = ctx.params['provider'] as string;
    const email = confirmIdentity(ctx.services.db, provider, (ctx.body as { token: string }).token, ctx.now);
    if (email === null) return deadLink(provider);
    const message = `${email} is confirmed. Go back to the sign-in page and sign in again with your password.`;
    return Reply.html(noticePage({ provider, heading: 'Address confirmed', message, tone: 'notice' }), 200, PAGE_HEADERS);
  },

  addSession(ctx) {
    return addSession(ctx.services.db, ctx.channel, ctx.viewer, ctx.body as { code: string; nonce: string }, ctx.now);
  },
};

/** A refusal of the fields that open an identity (its name, a long enough password): the form asks for a new one. */
const opensIdentity = (refusal: DomainError): boolean => refusal.kind === 'invalid' && !('email' in refusal.errors);

function deadLink(provider: string): Reply {
  return Reply.html(noticePage({ provider, heading: 'Link no longer valid', message: consentMessages.linkInvalid, tone: 'error' }), 422, PAGE_HEADERS);
}
