import {
  GraphQLError,
  Kind,
  type ASTNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

// graphql-depth-limit as the plugin uses it (`depthLimit(config.depthLimit)`): an operation whose fields nest deeper
// than the limit fails validation with the package's message. An unset limit compares as false: no limit.

export function depthLimit(maxDepth: number | undefined): ValidationRule {
  return (context: ValidationContext) => {
    if (maxDepth === undefined || !Number.isFinite(maxDepth)) return {};
    const definitions = context.getDocument().definitions;
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const d of definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
    // the package keeps the operations in an object by name: of two with one name (two anonymous ones, which
    // validation refuses anyway) only the last is measured, in the place the first one took
    const operations = new Map<string, OperationDefinitionNode>();
    for (const d of definitions) if (d.kind === Kind.OPERATION_DEFINITION) operations.set(d.name ? d.name.value : '', d);
    for (const [name, d] of operations) determineDepth(d, fragments, 0, maxDepth, context, name);
    return {};
  };
}

function determineDepth(
  node: ASTNode | undefined,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  depthSoFar: number,
  maxDepth: number,
  context: ValidationContext,
  operationName: string,
): number {
  if (!node) return 0;
  if (depthSoFar > maxDepth) {
    context.reportError(new GraphQLError(`'${operationName}' exceeds maximum operation depth of ${maxDepth}`, { nodes: [node] }));
    return 0;
  }
  const deepest = (nodes: readonly ASTNode[], depth: number) =>
    Math.max(...nodes.map((s) => determineDepth(s, fragments, depth, maxDepth, context, operationName)));
  switch (node.kind) {
    case Kind.FIELD:
      if (/^__/.test(node.name.value) || !node.selectionSet) return 0;
      return 1 + deepest(node.selectionSet.selections, depthSoFar + 1);
    case Kind.FRAGMENT_SPREAD:
      return determineDepth(fragments.get(node.name.value), fragments, depthSoFar, maxDepth, context, operationName);
    case Kind.INLINE_FRAGMENT:
    case Kind.FRAGMENT_DEFINITION:
    case Kind.OPERATION_DEFINITION:
      return deepest(node.selectionSet.selections, depthSoFar);
    default:
      return 0;
  }
}
