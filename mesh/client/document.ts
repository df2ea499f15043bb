/**
 * A typed document as the browser holds it: no AST, only what the transport reads. Codegen writes one per operation
 * of mesh/operations (`persistedDocuments.mode: replaceDocumentWithHash`, with the metadata of mesh/document-meta.ts);
 * the server looks the text up by the hash (persisted-documents.json, mesh/trusted-documents.js).
 */
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';

export interface DocumentMeta {
  /** `sha256:<hex>` of the document's text: what the client sends instead of the text. */
  hash: string;
  /** The operation's name, sent beside the hash for logs, and the name of the call in errors and reports. */
  name: string;
  /** Each root field's response key (its alias, or its name) → its name, which is the REST operationId it calls. */
  rootFields: Readonly<Record<string, string>>;
}

/**
 * An operation with its result and variables types, carried as `TypedDocumentNode` carries them, for call sites to
 * infer. Bare, it is any operation (no variables type is refused).
 */
export interface OperationDocument<TData = unknown, TVariables = never> extends DocumentTypeDecoration<TData, TVariables> {
  readonly __meta__: DocumentMeta;
}
