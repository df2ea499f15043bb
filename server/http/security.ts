/**
 * Security headers and CORS for everything the serve process answers, through the well-kept plugins rather than
 * hand-set headers: @fastify/helmet (Content-Security-Policy, Referrer-Policy, frame and sniffing protections, ...)
 * and @fastify/cors.
 *
 * - The app runs no inline script, so `script-src` is this origin plus the only third parties a channel may turn
 *   on in its settings: Stripe.js (a Stripe publishable key) and Google Tag Manager (a tag manager id). Styles are
 *   static files; media, images and API calls may come from a channel's CDN (https).
 * - No page may be framed (`frame-ancestors 'none'`), except `/watch_embed/{id}`, which exists to be embedded: its
 *   embedders are configurable (`EMBED_ANCESTORS`, any site by default).
 * - CORS: same origin only unless `CORS_ORIGINS` names others (the app served from a CDN, say). `/media` keeps its
 *   own `access-control-allow-origin: *` (server/media/routes.ts).
 */
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export interface SecurityConfig {
  /** Origins allowed to call `/graphql` and `/api` from another site; empty: same origin only. */
  corsOrigins: readonly string[];
  /** Who may frame `/watch_embed/{id}`: CSP source expressions (`https://club.example`), or `*` for any site. */
  embedAncestors: readonly string[];
  /**
   * The channels' media origins (their CDNs, server/http/public-origin.ts), read per answer: media and playlists
   * may come from there even when it is not https (a CDN on a private network, a test's second origin).
   */
  mediaOrigins?: () => readonly string[];
}

const STRIPE = ['https://js.stripe.com', 'https://*.js.stripe.com'];
const TAG_MANAGER = ['https://www.googletagmanager.com'];

/** The page that exists to be framed by other sites. */
const EMBED_PAGE = /^\/watch_embed\/\d+\/?(?:\?.*)?$/;

/** What the browser may not use at all; the player keeps fullscreen and picture-in-picture, Stripe its payment request. */
const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'usb=()',
  'interest-cohort=()',
  'fullscreen=(self)',
  'picture-in-picture=(self)',
  'payment=(self "https://js.stripe.com")',
].join(', ');

/**
 * Headers only a document acts on (a page, or an SVG opened on its own): who may frame it, its browsing-context
 * group, the features it may use, and the switches of old browsers. A script, a stylesheet, an image, a JSON answer
 * or a media segment has no use for them, and each of the 20-odd scripts and answers of a first visit carried them
 * (about 1.4 kB of headers per response, more than many of the scripts themselves).
 */
const DOCUMENT_ONLY = [
  'x-frame-options',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'permissions-policy',
  'x-xss-protection',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
];
/** A worker's script brings its own CSP and referrer policy (a module worker is not ruled by its page's), so scripts keep those two. */
const DOCUMENT_AND_WORKER = ['content-security-policy', 'referrer-policy'];

/** What a response is to a browser, by its content type: what it has none of is never a document (a redirect, a 204). */
function receiverOf(contentType: unknown): 'document' | 'script' | 'subresource' {
  const type = typeof contentType === 'string' ? (contentType.split(';')[0]?.trim().toLowerCase() ?? '') : '';
  if (type === '' || type === 'text/html' || type === 'application/xhtml+xml' || type === 'image/svg+xml' || type.endsWith('/xml')) return 'document';
  if (type === 'text/javascript' || type === 'application/javascript') return 'script';
  return 'subresource';
}

export function registerSecurity(app: FastifyInstance, config: SecurityConfig): void {
  // Read once per answer although two directives name them (helmet calls each directive's function with the answer).
  const perAnswer = new WeakMap<object, string>();
  const mediaOrigins = (_request: unknown, response: object): string => {
    let origins = perAnswer.get(response);
    if (origins === undefined) {
      origins = (config.mediaOrigins?.() ?? []).join(' ');
      perAnswer.set(response, origins);
    }
    return origins;
  };
  app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...STRIPE, ...TAG_MANAGER],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        // data: for hls.js's subtitle tracks: each `<track>` it adds starts from an empty `data:,WEBVTT` source.
        mediaSrc: ["'self'", 'data:', 'blob:', 'https:', mediaOrigins],
        fontSrc: ["'self'", 'data:'],
        // hls.js fetches playlists and segments, Stripe its API, the tag manager its collectors.
        connectSrc: ["'self'", 'https:', mediaOrigins],
        // The studio's simulator and hls.js's transmuxer run in workers.
        workerSrc: ["'self'", 'blob:'],
        frameSrc: [...STRIPE, 'https://hooks.stripe.com', ...TAG_MANAGER],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The app's own pages never need another origin's window; Stripe's 3-D Secure runs in an iframe.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });

  const embedAncestors = config.embedAncestors.length > 0 ? config.embedAncestors.join(' ') : "'none'";
  app.addHook('onSend', async (request, reply, payload) => {
    const receiver = receiverOf(reply.getHeader('content-type'));
    if (receiver !== 'document') {
      for (const name of DOCUMENT_ONLY) reply.removeHeader(name);
      if (receiver === 'subresource') for (const name of DOCUMENT_AND_WORKER) reply.removeHeader(name);
      return payload;
    }
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (EMBED_PAGE.test(request.url)) {
      const policy = reply.getHeader('content-security-policy');
      if (typeof policy === 'string') reply.header('content-security-policy', policy.replace(/frame-ancestors [^;]*/, `frame-ancestors ${embedAncestors}`));
      // X-Frame-Options cannot name sites: the CSP above says who may frame it.
      reply.removeHeader('x-frame-options');
    }
    return payload;
  });

  app.register(cors, {
    origin: config.corsOrigins.length > 0 ? [...config.corsOrigins] : false,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['content-type', 'authorization', 'x-api-key', 'x-channel-key', 'idempotency-key'],
    exposedHeaders: ['retry-after'],
    maxAge: 600,
  });
}
