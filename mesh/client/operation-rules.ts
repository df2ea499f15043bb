/**
 * What the transport must know about a GraphQL operation before sending it: does it need the API key, and which
 * service do its REST calls go to. Mesh names each root field after the REST operationId it calls, so the rules are
 * kept per operationId, copied from the contract's `x-api-key: exempt` and `x-service` marks (mesh/openapi.yaml), for
 * the operations the app's own documents call (mesh/operations): the provider's pages a browser visits itself and the
 * services' read-backs are never sent by the app, and every name here is bytes in the initial bundle.
 * tests/mesh/operation-rules.test.ts fails as soon as these lists and the contract (or Mesh's field names) differ.
 */
import type { OperationDocument } from './document';

/** Operations marked `x-api-key: exempt`: they never see the API key, so they never wait for one. */
export const KEY_EXEMPT_OPERATIONS: ReadonlySet<string> = new Set([
  'getChannelKey',
  'getApiKey',
  'confirmAccountDeletion',
  'getSettings',
  'getMenu',
  'getSlides',
  'getPages',
  'getPage',
  'getColorSettings',
  'getFaq',
  'listEventLocations',
  'listParticipants',
  'listParticipantGroups',
  'listPackages',
  'getPackage',
  'listSubscriptions',
  'getSubscription',
  'getAnalyticsHash',
  'createAnalyticsSession',
  'trackAnalyticsEvent',
  'trackVideoEvent',
  'trackVideoViewing',
  'sendLog',
]);

/** Operations marked `x-service: analytics`: their failures are swallowed (SPEC.md §8) and never reported. */
export const ANALYTICS_OPERATIONS: ReadonlySet<string> = new Set([
  'getAnalyticsHash',
  'createAnalyticsSession',
  'trackAnalyticsEvent',
  'trackVideoEvent',
  'trackVideoViewing',
]);

/** Operations marked `x-service: logs`: the log service's own calls are never reported (SPEC.md §7). */
export const LOG_OPERATIONS: ReadonlySet<string> = new Set(['sendLog']);

/** A root field of an operation: the key it answers under (its alias, or its name) and the REST operation it calls. */
export interface RootField {
  key: string;
  operationId: string;
}

export interface OperationTraits {
  /** The operation's name. */
  name: string;
  rootFields: RootField[];
  /** False only when every root field is exempt from the API key. */
  needsApiKey: boolean;
  /**
   * `analytics` when every root field calls the analytics service, `logs` when any calls the log service, else
   * `api`. A mixed analytics and channel operation is `api`: its channel failures must not be swallowed.
   */
  service: 'api' | 'analytics' | 'logs';
}

const cache = new WeakMap<OperationDocument, OperationTraits>();

/** The traits of a document's operation, from the metadata codegen gave it (mesh/document-meta.ts); once per document. */
export function operationTraits(document: OperationDocument): OperationTraits {
  const known = cache.get(document);
  if (known) return known;
  const { name } = document.__meta__;
  const rootFields = Object.entries(document.__meta__.rootFields).map(([key, operationId]) => ({ key, operationId }));
  const operationIds = rootFields.map((field) => field.operationId).filter((id) => id !== '__typename');
  const traits: OperationTraits = {
    name,
    rootFields,
    needsApiKey: operationIds.some((id) => !KEY_EXEMPT_OPERATIONS.has(id)),
    service: operationIds.some((id) => LOG_OPERATIONS.has(id))
      ? 'logs'
      : operationIds.length > 0 && operationIds.every((id) => ANALYTICS_OPERATIONS.has(id))
        ? 'analytics'
        : 'api',
  };
  cache.set(document, traits);
  return traits;
}
