import type { ContentIndex } from '../../core/data/content-index.js';
import type { ComponentValue, MediaFile, Row } from '../../core/data/types.js';
import { renderComponents, renderMedia, renderRow } from '../../core/query/render-entry.js';
import { wildcard, type PopulateNode } from '../../core/query/populate-node.js';
import type { Scope } from '../../core/query/scope.js';

// What an entry must show is not re-derived here: the mock's own renderer is asked. Rendering a record that holds its ids only
// with the request's node (its `fields`, with the sort columns the engine adds, and no populate) gives exactly the scalar
// keys the engine writes, so the checker and the mock can only disagree with Strapi together.

const scopeId = (scope: Scope): string =>
  scope.kind === 'type' ? scope.type.uid : scope.kind === 'component' ? scope.component.uid : 'media';

const cache = new WeakMap<PopulateNode, Map<string, readonly string[]>>();

function render(index: ContentIndex, scope: Scope, node: PopulateNode): readonly string[] {
  const scalarsOnly: PopulateNode = { ...node, populate: new Map(), count: false };
  const ctx = { index, status: 'published' as const };
  // a record with its identity only (the renderer writes the ids a stored record has)
  if (scope.kind === 'media') return Object.keys(renderMedia(index.model, { id: 0, documentId: '' } as MediaFile, node.fields));
  if (scope.kind === 'component') return Object.keys(renderComponents(ctx, scope, [{ id: 0 } as ComponentValue], scalarsOnly)[0]);
  return Object.keys(renderRow(ctx, scope.type, { id: 0, documentId: '' } as Row, scalarsOnly));
}

/** The scalar keys an entry of a scope shows for a populate node, as the engine renders them. */
export function renderedScalarKeys(index: ContentIndex, scope: Scope, node: PopulateNode): readonly string[] {
  let byScope = cache.get(node);
  if (!byScope) cache.set(node, (byScope = new Map()));
  const id = scopeId(scope);
  let keys = byScope.get(id);
  if (!keys) byScope.set(id, (keys = render(index, scope, node)));
  return keys;
}

/** Every key of a scope that a populate may fill (what `populate=*` names: attributes and `localizations`). */
export const populatableKeys = (index: ContentIndex, scope: Scope): string[] => [...wildcard(index, scope).keys()];
