import { routedTypes, type Attributes, type ContentModel } from '../../core/model/types.js';

/** What a schema edit changed, in the words a developer looks for in the log: routes and fields. */
export interface ModelDiff {
  readonly routesAdded: readonly string[];
  readonly routesRemoved: readonly string[];
  /** One line per content type or component whose attributes changed: `api::tag.tag: +slug -legacy ~name`. */
  readonly changed: readonly string[];
}

/** `/api/<route>` of every content type: plural for collection types, singular for single types. */
export function routesOf(model: ContentModel): string[] {
  return routedTypes(model)
    .map((t) => `/api/${t.kind === 'collectionType' ? t.pluralName : t.singularName}`)
    .sort();
}

function attributeChanges(before: Attributes, after: Attributes): string[] {
  const out: string[] = [];
  for (const name of after.keys()) if (!before.has(name)) out.push(`+${name}`);
  for (const name of before.keys()) if (!after.has(name)) out.push(`-${name}`);
  for (const [name, attr] of after) {
    const old = before.get(name);
    // Parsed attributes are plain data, so their JSON tells whether a definition changed.
    if (old && JSON.stringify(old) !== JSON.stringify(attr)) out.push(`~${name}`);
  }
  return out;
}

export function diffModels(before: ContentModel, after: ContentModel): ModelDiff {
  const oldRoutes = new Set(routesOf(before));
  const newRoutes = new Set(routesOf(after));
  const changed: string[] = [];
  const compare = (
    kind: string,
    a: ReadonlyMap<string, { attributes: Attributes }>,
    b: ReadonlyMap<string, { attributes: Attributes }>,
  ) => {
    for (const [uid, def] of b) {
      const old = a.get(uid);
      if (!old) {
        changed.push(`${kind} ${uid}: added`);
        continue;
      }
      const changes = attributeChanges(old.attributes, def.attributes);
      if (changes.length > 0) changed.push(`${kind} ${uid}: ${changes.join(' ')}`);
    }
    for (const uid of a.keys()) if (!b.has(uid)) changed.push(`${kind} ${uid}: removed`);
  };
  compare('type', before.contentTypes, after.contentTypes);
  compare('component', before.components, after.components);
  return {
    routesAdded: [...newRoutes].filter((r) => !oldRoutes.has(r)),
    routesRemoved: [...oldRoutes].filter((r) => !newRoutes.has(r)),
    changed,
  };
}

export function describeDiff(diff: ModelDiff): string[] {
  const lines = [
    ...diff.routesAdded.map((r) => `  + ${r}`),
    ...diff.routesRemoved.map((r) => `  - ${r}`),
    ...diff.changed.map((c) => `  ~ ${c}`),
  ];
  return lines.length > 0 ? lines : ['  (no change to types, components or routes)'];
}
