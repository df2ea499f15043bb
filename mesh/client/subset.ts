/**
 * Retrying only what failed: one GraphQL request carries many REST calls (Startup carries ten), and SPEC.md §7
 * retries each call once, not its nine neighbours. This cuts a document down to some of its root fields, with the
 * fragments and variables they still use (GraphQL refuses unused ones).
 */
import { Kind, visit, type ASTNode, type DocumentNode, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql';
import { operationOf } from './operation-rules';

/**
 * The document reduced to the root fields answering under `keys`, or null when that cannot be done safely (root
 * fragments) and the whole document must be sent again.
 */
export function selectRootFields(document: DocumentNode, keys: ReadonlySet<string>): { document: DocumentNode; variableNames: Set<string> } | null {
  const operation = operationOf(document);
  const selections = operation.selectionSet.selections;
  if (selections.some((s) => s.kind !== Kind.FIELD)) return null;
  const kept = selections.filter((s) => s.kind === Kind.FIELD && keys.has(s.alias?.value ?? s.name.value));
  const reduced: OperationDefinitionNode = { ...operation, selectionSet: { ...operation.selectionSet, selections: kept } };

  const fragments = new Map(
    document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]),
  );
  const usedFragments = new Set<string>();
  const variableNames = new Set<string>();
  const pending: ASTNode[] = [reduced.selectionSet];
  while (pending.length > 0) {
    const node = pending.pop()!;
    visit(node, {
      FragmentSpread(spread) {
        const name = spread.name.value;
        const fragment = fragments.get(name);
        if (!usedFragments.has(name) && fragment) {
          usedFragments.add(name);
          pending.push(fragment.selectionSet);
        }
      },
      Variable(variable) {
        variableNames.add(variable.name.value);
      },
    });
  }
  const variableDefinitions = operation.variableDefinitions?.filter((d) => variableNames.has(d.variable.name.value));
  return {
    document: {
      ...document,
      definitions: [{ ...reduced, variableDefinitions }, ...[...usedFragments].map((name) => fragments.get(name)!)],
    },
    variableNames,
  };
}
