import type { Attribute, ComponentSchema, ContentModel, ContentType, ScalarAttribute } from '../../core/model/types.js';
import { PRELUDE } from './prelude.js';
import { shownSystemScalars, showsLocalizations } from '../../core/model/private-attributes.js';

// `content-mock types`: one TypeScript module with no runtime code. The model half written here is a registry,
// `Schemas`: per content type and component, what each attribute is (its answer type, its filter family, what it
// populates into, how it is written). The prelude's generic types read it to type queries and their answers.

const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));
const lit = (value: string) => JSON.stringify(value);

/** The type Strapi answers for a scalar. */
function scalarType(a: ScalarAttribute): string {
  switch (a.type) {
    case 'enumeration':
      return a.enum && a.enum.length > 0 ? a.enum.map(lit).join(' | ') : 'string';
    case 'integer':
    case 'float':
    case 'decimal':
      return 'number';
    // Strapi answers big integers as text, so they keep every digit.
    case 'biginteger':
      return 'string';
    case 'boolean':
      return 'boolean';
    case 'json':
      return 'JsonValue';
    case 'blocks':
      return 'BlockNode[]';
    default:
      return 'string';
  }
}

function inputType(a: ScalarAttribute): string {
  if (a.type === 'biginteger') return 'string | number';
  return scalarType(a);
}

/** The operator family of a filterable scalar (blocks are not filterable). */
function family(a: ScalarAttribute): string | undefined {
  switch (a.type) {
    case 'integer':
    case 'biginteger':
    case 'float':
    case 'decimal':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'date':
    case 'time':
    case 'datetime':
    case 'timestamp':
      return 'date';
    case 'json':
      return 'json';
    case 'blocks':
      return undefined;
    default:
      return 'string';
  }
}

interface Owner {
  readonly uid: string;
  readonly attributes: ReadonlyMap<string, Attribute>;
  /** Content types: its system fields; undefined for a component. */
  readonly type?: ContentType;
}

function shapeOf(model: ContentModel, owner: Owner): string {
  const t = owner.type;
  // A required value can still be missing from a draft (Strapi validates required attributes on publish only).
  const neverNull = (a: Attribute) => a.required && t !== undefined && !t.draftAndPublish;
  const scalars: string[] = [];
  const ops: string[] = [];
  const rel: string[] = [];
  const media: string[] = [];
  const comp: string[] = [];
  const dz: string[] = [];
  const input: string[] = [];
  if (t) {
    scalars.push('id: number', 'documentId: string');
    ops.push("id: 'number'", "documentId: 'string'");
  } else {
    scalars.push('id: number');
    ops.push("id: 'number'");
  }
  for (const [name, a] of owner.attributes) {
    if (a.private) continue;
    const optional = a.required ? '' : '?';
    switch (a.kind) {
      case 'scalar': {
        scalars.push(`${key(name)}: ${scalarType(a)}${neverNull(a) ? '' : ' | null'}`);
        const f = family(a);
        if (f) ops.push(`${key(name)}: '${f}'`);
        const needed = a.required && a.default === undefined;
        input.push(`${key(name)}${needed ? '' : '?'}: ${inputType(a)}${needed ? '' : ' | null'}`);
        break;
      }
      case 'relation': {
        if (!model.contentTypes.has(a.target)) break;
        const many = a.toMany ? "'many'" : "'one'";
        rel.push(`${key(name)}: readonly [${lit(a.target)}, ${many}]`);
        input.push(`${key(name)}?: RelationInput<${many}>`);
        break;
      }
      case 'media': {
        const many = a.multiple ? "'many'" : "'one'";
        media.push(`${key(name)}: ${many}`);
        input.push(`${key(name)}${optional}: MediaInput<${many}>`);
        break;
      }
      case 'component': {
        if (!model.components.has(a.component)) break;
        comp.push(`${key(name)}: readonly [${lit(a.component)}, ${a.repeatable ? "'many'" : "'one'"}]`);
        const value = `ComponentInput<${lit(a.component)}>`;
        input.push(`${key(name)}${optional}: ${a.repeatable ? `readonly ${value}[]` : `${value} | null`}`);
        break;
      }
      case 'dynamiczone': {
        const members = a.components.filter((c) => model.components.has(c));
        if (members.length === 0) break;
        const union = members.map(lit).join(' | ');
        dz.push(`${key(name)}: ${union}`);
        input.push(`${key(name)}${optional}: readonly ZoneInput<${union}>[]`);
        break;
      }
    }
  }
  if (t) {
    // the project's privateAttributes may hide what Strapi adds itself
    for (const name of shownSystemScalars(t)) {
      scalars.push(name === 'publishedAt' ? `publishedAt: string${t.draftAndPublish ? ' | null' : ''}` : `${name}: string`);
      ops.push(`${name}: ${name === 'locale' ? "'string'" : "'date'"}`);
    }
    if (showsLocalizations(t)) rel.push(`localizations: readonly [${lit(t.uid)}, 'many']`);
  }
  const block = (items: string[]) => (items.length === 0 ? '{}' : `{\n${items.map((i) => `      ${i};`).join('\n')}\n    }`);
  return [
    `  ${lit(owner.uid)}: {`,
    `    scalars: ${block(scalars)};`,
    `    base: ${t ? '{ id: number; documentId: string }' : '{ id: number }'};`,
    `    ops: ${block(ops)};`,
    `    rel: ${block(rel)};`,
    `    media: ${block(media)};`,
    `    comp: ${block(comp)};`,
    `    dz: ${block(dz)};`,
    `    input: ${block(input)};`,
    '  };',
  ].join('\n');
}

const byUid = <T extends { uid: string }>(a: T, b: T) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0);

/** The whole module for a model: deterministic (sorted by uid, attributes in schema order), no timestamp. */
export function generateTypes(model: ContentModel): string {
  const types = [...model.contentTypes.values()].sort(byUid);
  const components: ComponentSchema[] = [...model.components.values()].sort(byUid);
  const routed = types.filter((t) => !t.builtIn);
  const collections = routed.filter((t) => t.kind === 'collectionType');
  const singles = routed.filter((t) => t.kind === 'singleType');
  const registry = (items: ContentType[], name: (t: ContentType) => string) =>
    items.length === 0 ? '{}' : `{\n${items.map((t) => `  ${key(name(t))}: ${lit(t.uid)};`).join('\n')}\n}`;
  return [
    '// Generated by `content-mock types` from the Strapi schemas. Do not edit: run the command again.',
    '// Types only (no runtime code): Query<K>, ListResponse<K, Q>, EntryResponse<K, Q>, Entry<K>, CreateInput<K>,',
    '// UpdateInput<K> and ErrorResponse for each content type K (collection types by plural, single types by singular',
    '// API id).',
    '/* eslint-disable */',
    '',
    PRELUDE,
    '// ---- the model ----',
    '',
    `export interface CollectionTypes ${registry(collections, (t) => t.pluralName)}`,
    '',
    `export interface SingleTypes ${registry(singles, (t) => t.singularName)}`,
    '',
    '/** Every content type and component: what the generic types above read. */',
    'export interface Schemas {',
    ...types.map((t) => shapeOf(model, { uid: t.uid, attributes: t.attributes, type: t })),
    ...components.map((c) => shapeOf(model, { uid: c.uid, attributes: c.attributes })),
    '}',
    '',
  ].join('\n');
}
