/**
 * The app's documents as a Node test sends them without the client. A typed document holds its metadata and hash
 * only (mesh/client/document.ts); its text is in persisted-documents.json, the list the server runs by hash.
 */
import { readFileSync } from 'node:fs';
import type { OperationDocument } from '../../mesh/client/document';

const persisted = JSON.parse(readFileSync(new URL('../../mesh/client/generated/persisted-documents.json', import.meta.url), 'utf8')) as Record<
  string,
  string
>;

/** The request body the browser sends for one of the app's documents: its name, the variables, the hash. */
export function persistedRequest(document: OperationDocument, variables: unknown = {}) {
  const { name, hash } = document.__meta__;
  return { operationName: name, variables, extensions: { persistedQuery: { version: 1, sha256Hash: hash.replace('sha256:', '') } } };
}

/** The text /graphql runs for one of the app's documents (what a client that sends text would send). */
export function documentText(document: OperationDocument): string {
  const text = persisted[document.__meta__.hash];
  if (text === undefined) throw new Error(`${document.__meta__.name} is not in persisted-documents.json`);
  return text;
}
