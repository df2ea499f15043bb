/**
 * mesh/client keeps the contract's key and service marks per operationId (mesh/client/operation-rules.ts). This
 * suite is what keeps that copy honest: it fails when openapi.yaml, Mesh's field names or the app's operations
 * drift from it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { Kind, parse, type ObjectTypeDefinitionNode, type StringValueNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import type { OperationDocument } from '../../mesh/client/document';
import { ApiKeyDocument } from '../../mesh/client/generated/documents/ApiKey';
import { ChannelKeyDocument } from '../../mesh/client/generated/documents/ChannelKey';
import { ReportErrorDocument } from '../../mesh/client/generated/documents/ReportError';
import { StartupDocument } from '../../mesh/client/generated/documents/Startup';
import { ANALYTICS_OPERATIONS, KEY_EXEMPT_OPERATIONS, LOG_OPERATIONS, operationTraits } from '../../mesh/client/operation-rules';
import { documentMeta } from '../../mesh/document-meta';
import { typedDocument } from './client-harness';
import { documentText } from './documents';

interface ContractOperation {
  operationId: string;
  method: string;
  path: string;
  exempt: boolean;
  service: string;
}

const contract: ContractOperation[] = (() => {
  const document = parseYaml(readFileSync(new URL('../../mesh/openapi.yaml', import.meta.url), 'utf8')) as {
    paths: Record<string, Record<string, { operationId: string; 'x-api-key'?: string; 'x-service'?: string }>>;
  };
  return Object.entries(document.paths).flatMap(([path, item]) =>
    ['get', 'post', 'put', 'patch', 'delete']
      .filter((method) => item[method])
      .map((method) => {
        const op = item[method]!;
        return { operationId: op.operationId, method: method.toUpperCase(), path, exempt: op['x-api-key'] === 'exempt', service: op['x-service'] ?? 'api' };
      }),
  );
})();

const ids = (filter: (op: ContractOperation) => boolean) => contract.filter(filter).map((op) => op.operationId).sort();

/** Mesh's root fields with the REST call each makes (its @httpOperation directive). */
function meshRootFields(): Array<{ field: string; method: string; path: string }> {
  const schema = parse(readFileSync(new URL('../../mesh/.mesh/schema.graphql', import.meta.url), 'utf8'));
  const roots = schema.definitions.filter(
    (d): d is ObjectTypeDefinitionNode => d.kind === Kind.OBJECT_TYPE_DEFINITION && (d.name.value === 'Query' || d.name.value === 'Mutation'),
  );
  return roots.flatMap((root) =>
    (root.fields ?? []).flatMap((field) => {
      const directive = field.directives?.find((d) => d.name.value === 'httpOperation');
      const arg = (name: string) => directive?.arguments?.find((a) => a.name.value === name)?.value;
      const path = arg('path') as StringValueNode | undefined;
      const method = arg('httpMethod');
      if (!path || method?.kind !== Kind.ENUM) return [];
      return [{ field: field.name.value, method: method.value, path: path.value.replace(/\{args\.([^}]+)\}/g, '{$1}') }];
    }),
  );
}

/** The REST operations the app's own documents call: the ones the client needs rules for. */
async function operationsTheAppCalls(): Promise<Set<string>> {
  return new Set((await everyDocument()).flatMap(([, document]) => operationTraits(document).rootFields.map((field) => field.operationId)));
}

describe('the operation rules follow the contract', () => {
  it('the key-exempt operations are those the app calls that are marked x-api-key: exempt', async () => {
    const called = await operationsTheAppCalls();
    expect([...KEY_EXEMPT_OPERATIONS].sort()).toEqual(ids((op) => op.exempt && called.has(op.operationId)));
  });

  it('the analytics and log operations are those the app calls that are marked x-service', async () => {
    const called = await operationsTheAppCalls();
    expect([...ANALYTICS_OPERATIONS].sort()).toEqual(ids((op) => op.service === 'analytics' && called.has(op.operationId)));
    expect([...LOG_OPERATIONS].sort()).toEqual(ids((op) => op.service === 'logs' && called.has(op.operationId)));
  });

  it('every Mesh root field is named after the operationId of the REST call it makes', () => {
    const fields = meshRootFields();
    expect(fields.length).toBeGreaterThan(50);
    for (const { field, method, path } of fields) {
      const op = contract.find((o) => o.method === method && o.path === path);
      expect(op?.operationId, `${method} ${path}`).toBe(field);
    }
  });

  it('every root field of the app’s operations is a contract operation, so its rules are known', async () => {
    const operationIds = new Set(contract.map((op) => op.operationId));
    const documents = await everyDocument();
    expect(documents.map(([name]) => name)).toEqual(expect.arrayContaining(['StartupDocument', 'ChannelKeyDocument', 'ApiKeyDocument', 'ReportErrorDocument']));
    for (const [name, document] of documents) {
      for (const { operationId } of operationTraits(document).rootFields) expect(operationIds.has(operationId), `${name}: ${operationId}`).toBe(true);
    }
  });
});

describe('operationTraits', () => {
  it('knows which documents need the key and which service they go to', () => {
    expect(operationTraits(StartupDocument)).toMatchObject({ name: 'Startup', needsApiKey: true, service: 'api' });
    expect(operationTraits(StartupDocument).rootFields.map((f) => f.key)).toEqual([
      'profile', 'settings', 'menu', 'colors', 'pages', 'geo', 'categories', 'participants', 'groups', 'access',
    ]);
    expect(operationTraits(ChannelKeyDocument)).toMatchObject({ needsApiKey: false, service: 'api' });
    expect(operationTraits(ApiKeyDocument)).toMatchObject({ needsApiKey: false, service: 'api' });
    expect(operationTraits(ReportErrorDocument)).toMatchObject({ needsApiKey: false, service: 'logs' });
    const tracking = typedDocument('mutation Track { a: trackAnalyticsEvent(input: {}) { ok } b: trackVideoEvent(input: {}) { ok } }');
    expect(operationTraits(tracking)).toMatchObject({ needsApiKey: false, service: 'analytics' });
    const mixed = typedDocument('query Mixed { getAnalyticsHash(profile: "p", origin_url: "u") { hash } getGeo { ip } }');
    expect(operationTraits(mixed)).toMatchObject({ needsApiKey: true, service: 'api' });
  });
});

describe('the typed documents', () => {
  it('hold only what the client reads, taken from the text the server runs for their hash', async () => {
    for (const [name, document] of await everyDocument()) {
      // No AST in the browser: the metadata (mesh/client/document.ts) is the whole document.
      expect(Object.keys(document), name).toEqual(['__meta__']);
      const { hash, ...meta } = document.__meta__;
      expect(hash, name).toMatch(/^sha256:[0-9a-f]{64}$/);
      expect(documentMeta(parse(documentText(document))), name).toEqual(meta);
    }
  });
});

/** Every typed document, one module each (scripts/split-documents.ts), checked against codegen's own file. */
async function everyDocument(): Promise<Array<[string, OperationDocument]>> {
  const dir = new URL('../../mesh/client/generated/documents/', import.meta.url);
  const modules = await Promise.all(
    readdirSync(dir)
      .filter((file) => file.endsWith('.ts'))
      .map(async (file) => Object.entries((await import(new URL(file, dir).href)) as Record<string, OperationDocument>)),
  );
  const documents = modules.flat();
  const inCodegenFile = readFileSync(new URL('../../mesh/client/generated/graphql.ts', import.meta.url), 'utf8').match(/^export const \w+Document = /gm) ?? [];
  expect(documents).toHaveLength(inCodegenFile.length);
  return documents;
}
