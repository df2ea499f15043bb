/** Model of app load (machines/app-load): what the key request, the Startup query and the tracker may answer. */
import { appLoadMachine } from './app-load.machine';
import { STARTUP_PARTS, type StartupResult } from './app-load.types';
import { defineModel } from '../shared/machine-model';
import { ANONYMOUS, API_KEY_ERROR, CHANNEL_KEY_ERROR, CRASH, NETWORK, PARTS, requestError } from '../shared/client-fixtures';

/** Every part failed the same way: the whole request was refused. */
function everyPart(error: typeof CHANNEL_KEY_ERROR): StartupResult {
  return {
    parts: { ...PARTS, ...Object.fromEntries(STARTUP_PARTS.map((part) => [part, null])) },
    fieldErrors: Object.fromEntries(STARTUP_PARTS.map((part) => [part, { ...error, field: part }])),
  };
}

const loggedIn: StartupResult = { parts: PARTS, fieldErrors: {} };
const anonymous: StartupResult = {
  parts: { ...PARTS, profile: null, access: null },
  fieldErrors: { profile: { ...ANONYMOUS, field: 'profile' }, access: { ...ANONYMOUS, field: 'access' } },
};
/** The menu crashed (a 503, also on the client's retry) and the geo call got no answer. */
const partial: StartupResult = {
  parts: { ...PARTS, menu: null, geo: null },
  fieldErrors: { menu: { ...CRASH, field: 'menu' }, geo: { ...NETWORK, field: 'geo' } },
};

/** How a Startup answer reads in a path's title: which parts failed, and how. */
function startupTitle(result: StartupResult): string {
  const failed = Object.values(result.fieldErrors).filter((error) => error !== undefined);
  if (failed.length === 0) return 'startup loaded';
  const kinds = [...new Set(failed.map((error) => error.kind))].join(' and ');
  return failed.length === STARTUP_PARTS.length ? `startup refused (${kinds})` : `startup loaded but ${failed.length} parts failed (${kinds})`;
}

export const appLoadModel = defineModel({
  machine: appLoadMachine,
  titles: { outputs: { obtainApiKey: 'api key obtained', loadStartup: (result: StartupResult) => startupTitle(result) } },
  outputs: {
    obtainApiKey: ['api-key-1'],
    loadStartup: [loggedIn, anonymous, partial, everyPart(CHANNEL_KEY_ERROR), everyPart(API_KEY_ERROR)],
    initAnalyticsTracker: [undefined],
  },
  errors: {
    obtainApiKey: [requestError('channelKey', 404, 'No chanel or api key found'), requestError('network', 0, 'fetch failed')],
    loadStartup: [new Error('loadStartup is not provided: pass it with machine.provide({ actors })')],
    initAnalyticsTracker: [new Error('the tag manager did not load')],
  },
  check: (snapshot) => {
    const { parts, failedParts, globalError, keyError } = snapshot.context;
    const loading = snapshot.matches('fetchingKeys') || snapshot.matches('loadingStartup');
    if (snapshot.hasTag('busy') !== loading) throw new Error('the loader shows exactly while keys or startup load');
    if (snapshot.hasTag('reloadScreen') !== snapshot.matches('keyError')) throw new Error('reload screen outside keyError');
    if (snapshot.hasTag('ready') && (snapshot.hasTag('busy') || snapshot.hasTag('reloadScreen'))) {
      throw new Error('the app renders while loading or behind the reload screen');
    }
    if (keyError !== null && !['channelKey', 'apiKey', 'network'].includes(keyError.kind)) {
      throw new Error(`the reload screen shows a ${keyError.kind} error`);
    }
    for (const part of failedParts) if (parts[part] !== null) throw new Error(`${part} failed but has data`);
    const everyPartFailed = failedParts.length === STARTUP_PARTS.length;
    if (!everyPartFailed && (failedParts.includes('profile') || failedParts.includes('access'))) {
      throw new Error("an anonymous visitor's 401 counted as a failed part");
    }
    if (globalError !== null && (globalError.kind !== 'crash' || !failedParts.includes('menu'))) {
      throw new Error(`${globalError.kind} became the global error`);
    }
    if (failedParts.join() === 'menu,geo' && globalError?.status !== 503) {
      throw new Error('the crashed menu did not become the global error');
    }
  },
});
