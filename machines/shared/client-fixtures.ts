/**
 * What mesh/client answers, as plain values for the machines' models (machines/<name>/<name>.model.ts, which the
 * studio's simulator runs too) and their behaviour tests: classified errors (as `ClientRequestError` where an actor
 * would reject with one), a viewer's profile, access and passes form, and the ten startup parts.
 */
import { ClientRequestError, said, type ClassifiedError } from '../../mesh/client/errors';
import { messageOfServerWords } from '../../mesh/client/server-words';
import type { StartupParts } from '../app-load/app-load.types';
import type { PassesForm, ViewerAccess, ViewerProfile } from '../session/session.types';

type Kind = ClassifiedError['kind'];

/** A classified error as the client builds it (extra fields such as `retryAfterSeconds` go in `more`). */
function classified(kind: Kind, status: number, message: string, more: Partial<ClassifiedError> = {}): ClassifiedError {
  const base = { status, field: null, operation: 'Test', body: null, upstream: null, ...said(message, more.fieldErrors, messageOfServerWords) };
  if (kind === 'throttled') return { ...base, kind, retryAfterSeconds: null, ...more } as ClassifiedError;
  if (kind === 'timeout') return { ...base, kind, timeoutMs: 30_000, ...more } as ClassifiedError;
  return { ...base, kind, ...more } as ClassifiedError;
}

/** What a real actor rejects with. */
export function requestError(kind: Kind, status: number, message: string, more: Partial<ClassifiedError> = {}): ClientRequestError {
  return new ClientRequestError(classified(kind, status, message, more));
}

export const CHANNEL_KEY_ERROR = classified('channelKey', 404, 'No chanel or api key found', {
  fieldErrors: { channel_key: ['The channel key is not known'] },
});
export const API_KEY_ERROR = classified('apiKey', 401, 'No chanel or api key found', { fieldErrors: { api_key: ['The API key is not known'] } });
export const ANONYMOUS = classified('unauthenticated', 401, 'Unauthenticated');
export const CRASH = classified('crash', 503, 'Service Unavailable');
export const THROTTLED = classified('throttled', 429, 'Too Many Requests');
export const NETWORK = classified('network', 0, 'fetch failed');

export const PROFILE: ViewerProfile = {
  id: 7,
  email: 'fan@summit.test',
  first_name: 'Fan',
  last_name: 'Summit',
  phone: null,
  language: 'en',
  temporary_password: false,
  trial_period_used: false,
  capabilities: ['watch', 'download'],
  featureCount: { clips: 0, downloads: 0 },
  is_geo_blocked: false,
  email_verified: true,
  basic_pass_selected: true,
};

export const ACCESS: ViewerAccess = {
  capabilities: {
    watch: true,
    download: true,
    clipping: false,
    download_clip: false,
    no_ads: false,
    vod_media: false,
    vod_media_access: false,
  },
  featureCount: { clips: 0, downloads: 0 },
  events: [],
  packages: [],
  subscriptions: [],
};

export function passesForm(flag: boolean): PassesForm {
  return { id: 1, alias: 'passes', name: 'Passes', flag, submitted_at: null, fields: [], values: [] };
}

export const PARTS: StartupParts = {
  profile: PROFILE,
  settings: {
    channel: { id: 1, alias: 'summit', name: 'Summit Sports', logo: null, country_code: 'US' },
    language: 'en',
    currency: 'USD',
    prerolls: [],
    static_blocks: [],
    tag_manager_id: 'GTM-SUMMIT',
    product_analytics_key: 'summit-analytics',
    stripe_publishable_key: null,
    preroll_timeout_ms: null,
  },
  menu: { data: [{ id: 1, title: 'Home', url: '/', external: false, position: 1 }] },
  colors: {
    header_background: '#101010',
    header_text_color: '#ffffff',
    body_background: '#ffffff',
    body_text_color: '#101010',
    footer_background: '#202020',
    footer_text_color: '#ffffff',
    primary_color: '#0055aa',
    secondary_color: '#aa5500',
    accent_color: '#00aa55',
    button_text_color: '#ffffff',
  },
  pages: { data: [{ id: 1, name: 'About us', alias: 'about-us', url: '/about-us', alt_name: null }] },
  geo: { country: 'United States', country_code: 'US', ip: '203.0.113.7', is_geo_blocked: false },
  categories: { data: [] },
  participants: { data: [] },
  groups: { data: [] },
  access: ACCESS,
};
