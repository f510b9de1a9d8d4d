import type { ContentIndex } from '../data/content-index.js';
import { invalidKey } from '../errors/strapi-errors.js';
import { isPlainObject } from '../is-plain-object.js';
import type { ContentType } from '../model/types.js';
import { strapiSchema, type StrapiAttribute, type StrapiSchema } from '../query/strapi-schema.js';

// Strapi's `throwUnrecognizedFields`, the second of validate.input's walks over a body (after the non-writable
// fields'): depth first, in the body's key order, into components, dynamic zone entries, and the objects given to
// relations and media, where a key that is no attribute of the target is refused unless it is a relation operation
// (`connect`, `disconnect`, `set`, `options`) or an id (probes/link-object-keys.json: `cover: { a: 1 }` is
// "Invalid key a at cover", `author: { name: "x" }` passes). The error names the attribute path without indexes
// (`seo.shareImage`, `blocks.files`). Strapi's traversal keeps the last relation, media or component it went into as
// the level's parent for the keys after it, so those keys are judged by that attribute: that is kept here too.

const ID_FIELDS: ReadonlySet<string> = new Set(['id', 'documentId']);
const RELATION_OPERATION_KEYS: ReadonlySet<string> = new Set(['connect', 'disconnect', 'set', 'options']);

type Parent = 'root' | 'component' | 'zone' | 'link';

/**
 * Throws Strapi's "Invalid key" for the first key of `data` (depth first) that no attribute, operation or id
 * explains; then, as its restricted-relations walk does after that, for a morph relation's value that is no list of
 * `{ __type }` entries nor an operation on them (a file's `related` is one: `cover: { related: { a: 1 } }` is
 * "Invalid key related at cover.related").
 */
export function checkUnrecognizedKeys(
  index: ContentIndex,
  type: ContentType,
  data: Record<string, unknown>,
  ignored: ReadonlySet<string>,
): void {
  const root = strapiSchema(index, { kind: 'type', type });
  // The write's ignored keys pass at the root only. Below it a key passes where the schema walked has it: a relation's
  // or media's own object is its target's content type, whose system attributes (`publishedAt`, `locale`) pass; a
  // component or zone entry has none ("Invalid key publishedAt at seo", probe s13-write-probes/nested-publishedAt.json,
  // whatever relation came before it at that level: school 1601), and `status` is no attribute anywhere
  // (`article: { documentId, status }` is "Invalid key status at article"; inside `connect` the items are not walked).
  const skipped = (key: string, path: string | null) => ignored.has(key) && path === null;
  walk(index, root, data, null, 'root', ignored, (key, attribute, path, parent) => {
    if (!attribute && !skipped(key, path) && !allowed(key, parent, path)) throw invalidKey(key, { parent: path, path, source: 'body' });
  });
  walk(index, root, data, null, 'root', ignored, (key, attribute, path, _parent, value) => {
    if (attribute?.type !== 'morph' || value === null || value === undefined) return;
    const here = path === null ? key : `${path}.${key}`;
    if (!morphPayloadHolds(value)) throw invalidKey(key, { parent: here, path: here, source: 'body' });
  });
}

type Visit = (key: string, attribute: StrapiAttribute | undefined, path: string | null, parent: Parent, value: unknown) => void;

function walk(
  index: ContentIndex,
  schema: StrapiSchema,
  value: Record<string, unknown>,
  path: string | null,
  given: Parent,
  ignored: ReadonlySet<string> | undefined,
  visit: Visit,
): void {
  let parent = given;
  for (const key of Object.keys(value)) {
    const attribute = ignored?.has(key) ? undefined : schema.attribute(key);
    const v = value[key];
    visit(key, attribute, path, parent, v);
    if (!attribute || v === null || v === undefined) continue;
    const into = inner(index, attribute);
    if (!into) continue;
    parent = into.parent;
    const here = path === null ? key : `${path}.${key}`;
    for (const item of Array.isArray(v) ? v : [v]) {
      // lodash's isObject: a list inside the list is walked as an object keyed by its indexes ("Invalid key 0 at
      // boxes" for `boxes: [["x"]]`; probed on Strapi 5.54); a text or number is not walked
      if (!isPlainObject(item) && !Array.isArray(item)) continue;
      const entry = item as Record<string, unknown>;
      const target = into.schema(entry);
      if (target) walk(index, target, entry, here, into.parent, undefined, visit);
    }
  }
}

/** A morph relation's value as the restricted-relations check takes it (the scopes themselves are not checked here). */
function morphPayloadHolds(value: unknown): boolean {
  const entries = (list: unknown) => Array.isArray(list) && list.every((e) => isPlainObject(e) && typeof e.__type === 'string');
  if (isPlainObject(value) && ['connect', 'set', 'disconnect', 'options'].some((k) => k in value)) {
    const options = value.options;
    if (options !== undefined && options !== null && typeof options !== 'object') return false;
    return entries(value.connect ?? []) && entries(value.set ?? []) && entries(value.disconnect ?? []);
  }
  if (isPlainObject(value) && !('__type' in value) && isPlainObject(value.on)) return true;
  return entries(value);
}

function allowed(key: string, parent: Parent, path: string | null): boolean {
  if (ID_FIELDS.has(key)) return true;
  if (path === null) return false;
  if (parent === 'zone') return key === '__component';
  return parent === 'link' && RELATION_OPERATION_KEYS.has(key);
}

/** What a value under `attribute` is walked as: a relation or media target's rows, a component, a zone entry. */
function inner(
  index: ContentIndex,
  attribute: StrapiAttribute,
): { parent: Parent; schema: (item: Record<string, unknown>) => StrapiSchema | undefined } | undefined {
  switch (attribute.type) {
    case 'relation':
    case 'media':
      return { parent: 'link', schema: () => attribute.target() };
    case 'component':
      return { parent: 'component', schema: () => attribute.target() };
    case 'dynamiczone':
      return {
        parent: 'zone',
        schema: (item) => {
          const component = typeof item.__component === 'string' ? index.model.components.get(item.__component) : undefined;
          return component && strapiSchema(index, { kind: 'component', component });
        },
      };
    default:
      return undefined;
  }
}
