/**
 * What the browser's transport needs to know of an operation, read from its AST once, in Node: when codegen writes
 * the typed documents (mesh/codegen.ts) and when a test builds a document of its own (tests/mesh/documents.ts). The
 * browser then gets this metadata and the document's hash, never the AST: the server holds the text
 * (persisted-documents.json) and runs it by hash.
 */
import { Kind, type DocumentNode, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';
import type { DocumentMeta } from './client/document';

/** Everything but the hash, which codegen adds itself (`persistedDocuments`). */
export type OperationMeta = Omit<DocumentMeta, 'hash'>;

/**
 * The operation's name and its root fields (response key → the field's name, which Mesh takes from the REST
 * operationId), following fragment spreads and inline fragments at the root. Throws for a document without exactly
 * one named operation: the client sends operations by name and hash.
 */
export function documentMeta(document: DocumentNode): OperationMeta {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const [operation] = operations;
  if (operations.length !== 1 || !operation?.name) throw new Error('document-meta: a document holds exactly one named operation');
  const rootFields: Record<string, string> = {};
  const collect = (selectionSet: SelectionSetNode): void => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        rootFields[selection.alias?.value ?? selection.name.value] = selection.name.value;
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        collect(selection.selectionSet);
      } else {
        const fragment = document.definitions.find((d) => d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === selection.name.value);
        if (fragment?.kind === Kind.FRAGMENT_DEFINITION) collect(fragment.selectionSet);
      }
    }
  };
  collect(operation.selectionSet);
  return { name: operation.name.value, rootFields };
}
