import { isAdminType } from '../../core/model/built-in-types.js';
import type { ComponentSchema, ContentModel, ContentType } from '../../core/model/types.js';
import { OpenApiGenerationError } from './schema-ref.js';

/** Names of the schemas that do not depend on the model; a type or component may not take them. */
export const FIXED_SCHEMA_NAMES = [
  'UploadFile',
  'UploadFileFormat',
  'UploadFileFilters',
  'MediaInput',
  'RelationCount',
  'RelationTarget',
  'RelationConnectItem',
  'RelationOperations',
  'BlocksNode',
  'PaginationPage',
  'PaginationOffset',
  'ListMeta',
  'EmptyMeta',
  'ErrorResponse',
  'StringFilter',
  'IntegerFilter',
  'NumberFilter',
  'BooleanFilter',
  'DateFilter',
  'DateTimeFilter',
  'TimeFilter',
  'IdFilter',
  'JsonFilter',
] as const;

/** The component-schema names a content type gets. */
export interface TypeSchemaNames {
  readonly entry: string;
  readonly createInput: string;
  readonly updateInput: string;
  readonly filters: string;
  readonly listResponse: string;
  readonly response: string;
}

/** The component-schema names a component gets; the zone names exist for every component (used or not). */
export interface ComponentSchemaNames {
  readonly entry: string;
  readonly input: string;
  readonly filters: string;
  readonly zoneItem: string;
  readonly zoneItemInput: string;
}

export interface SchemaNames {
  type(uid: string): TypeSchemaNames;
  component(uid: string): ComponentSchemaNames;
}

export function pascalCase(id: string): string {
  return id
    .split(/[^A-Za-z0-9]+/)
    .filter((part) => part.length > 0)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
}

/** The names a type's schemas take from one base name. */
const typeFamily = (base: string): TypeSchemaNames => ({
  entry: base,
  createInput: `${base}CreateInput`,
  updateInput: `${base}UpdateInput`,
  filters: `${base}Filters`,
  listResponse: `${base}ListResponse`,
  response: `${base}Response`,
});

const componentFamily = (base: string): ComponentSchemaNames => ({
  entry: `${base}Component`,
  input: `${base}ComponentInput`,
  filters: `${base}ComponentFilters`,
  zoneItem: `${base}ZoneItem`,
  zoneItemInput: `${base}ZoneItemInput`,
});

/**
 * One name per schema, decided once, never two schemas under one name whatever the model's items are called: a
 * type or component whose names would meet a built-in schema's (a type `error` would make `ErrorResponse`, a type
 * `upload-file` `UploadFile`) or an item sorted before it (a type `shared-seo-component` and a component
 * `shared.seo`) takes its whole family under the next free base (types `ErrorDocument`, `ErrorDocument2`, ...;
 * components `SharedSeo2Component`, ...), so its names still read as one family. Built-in names never move: clients keep `ErrorResponse` and `UploadFile`.
 */
export function createSchemaNames(model: ContentModel): SchemaNames {
  const taken = new Set<string>(FIXED_SCHEMA_NAMES);
  const claimFamily = <N extends object>(base: string, owner: string, family: (b: string) => N, next: (n: number) => string): N => {
    if (!/^[A-Za-z][A-Za-z0-9]*$/.test(base)) {
      throw new OpenApiGenerationError(`${owner}: cannot derive an OpenAPI schema name (got "${base}")`);
    }
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? base : `${base}${next(n)}`;
      const names = family(candidate);
      const all = Object.values(names) as string[];
      if (all.some((name) => taken.has(name))) continue;
      for (const name of all) taken.add(name);
      return names;
    }
  };

  const types = new Map<string, TypeSchemaNames>();
  for (const ct of sortedTypes(model)) {
    // the admin panel's user is AdminUser (as Strapi's own GraphQL and OpenAPI name it), not the plugin's User
    const base = pascalCase(isAdminType(ct.uid) ? `admin-${ct.singularName}` : ct.singularName);
    types.set(ct.uid, claimFamily(base, `content type ${ct.uid} (${ct.file})`, typeFamily, (n) => (n === 2 ? 'Document' : `Document${n - 1}`)));
  }
  const components = new Map<string, ComponentSchemaNames>();
  for (const c of sortedComponents(model)) {
    const base = `${pascalCase(c.category)}${pascalCase(c.name)}`;
    components.set(c.uid, claimFamily(base, `component ${c.uid} (${c.file})`, componentFamily, (n) => String(n)));
  }
  return {
    type(uid) {
      const names = types.get(uid);
      if (!names) throw new OpenApiGenerationError(`unknown content type "${uid}"`);
      return names;
    },
    component(uid) {
      const names = components.get(uid);
      if (!names) throw new OpenApiGenerationError(`unknown component "${uid}"`);
      return names;
    },
  };
}

/** Output order must not depend on the order files were read in: sort by uid. */
export function sortedTypes(model: ContentModel): ContentType[] {
  return [...model.contentTypes.values()].sort((a, b) => compare(a.uid, b.uid));
}

export function sortedComponents(model: ContentModel): ComponentSchema[] {
  return [...model.components.values()].sort((a, b) => compare(a.uid, b.uid));
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
