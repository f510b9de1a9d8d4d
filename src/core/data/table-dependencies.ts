import type { Attributes, ContentModel } from '../model/types.js';
import { LOCALES_TABLE, MEDIA_TABLE } from './transaction.js';

/**
 * Which tables a read of a type can look at: the type's own rows, every type its relations reach (either side, at
 * any depth, through components and dynamic zones too: a deep filter or populate can follow them), media and
 * locales. A change of table T makes stale only what was derived for the types that depend on T.
 */
export function tableDependencies(model: ContentModel): {
  of(uid: string): readonly string[];
  dependents(table: string): readonly string[];
} {
  const direct = new Map<string, Set<string>>();
  const edges = (attributes: Attributes, out: Set<string>, seen: Set<string>) => {
    for (const attribute of attributes.values()) {
      if (attribute.kind === 'relation') out.add(attribute.target);
      else if (attribute.kind === 'component' || attribute.kind === 'dynamiczone') {
        const uids = attribute.kind === 'component' ? [attribute.component] : attribute.components;
        for (const uid of uids) {
          const component = model.components.get(uid);
          if (component && !seen.has(uid)) {
            seen.add(uid);
            edges(component.attributes, out, seen);
          }
        }
      }
    }
  };
  for (const [uid, type] of model.contentTypes) {
    const out = new Set<string>();
    edges(type.attributes, out, new Set());
    direct.set(uid, out);
  }
  const closure = new Map<string, readonly string[]>();
  const of = (uid: string): readonly string[] => {
    let reach = closure.get(uid);
    if (!reach) {
      const seen = new Set<string>([uid]);
      const queue = [uid];
      while (queue.length > 0) {
        for (const next of direct.get(queue.pop() as string) ?? []) {
          if (seen.has(next)) continue;
          seen.add(next);
          queue.push(next);
        }
      }
      reach = [...seen, MEDIA_TABLE, LOCALES_TABLE];
      closure.set(uid, reach);
    }
    return reach;
  };
  let inverted: Map<string, string[]> | undefined;
  return {
    of,
    dependents(table) {
      if (!inverted) {
        inverted = new Map();
        for (const uid of model.contentTypes.keys()) {
          for (const t of of(uid)) {
            const list = inverted.get(t);
            if (list) list.push(uid);
            else inverted.set(t, [uid]);
          }
        }
      }
      return inverted.get(table) ?? [];
    },
  };
}
