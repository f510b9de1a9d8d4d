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

/**
 * One name per schema, decided once; two model items that would share a name (e.g. a type `shared-seo-component`
 * and a component `shared.seo`) make generation fail with both sources named, instead of one overwriting the other.
 */
export function createSchemaNames(model: ContentModel): SchemaNames {
  const owners = new Map<string, string>(FIXED_SCHEMA_NAMES.map((n) => [n, 'a built-in schema']));
  const claim = (name: string, owner: string): string => {
    if (!/^[A-Za-z][A-Za-z0-9]*$/.test(name)) {
      throw new OpenApiGenerationError(`${owner}: cannot derive an OpenAPI schema name (got "${name}")`);
    }
    const previous = owners.get(name);
    if (previous !== undefined && previous !== owner) {
      throw new OpenApiGenerationError(`schema name "${name}" is claimed by both ${previous} and ${owner}; rename one of them`);
    }
    owners.set(name, owner);
    return name;
  };

  const types = new Map<string, TypeSchemaNames>();
  for (const ct of sortedTypes(model)) {
    const base = pascalCase(ct.singularName);
    const owner = `content type ${ct.uid} (${ct.file})`;
    types.set(ct.uid, {
      entry: claim(base, owner),
      createInput: claim(`${base}CreateInput`, owner),
      updateInput: claim(`${base}UpdateInput`, owner),
      filters: claim(`${base}Filters`, owner),
      listResponse: claim(`${base}ListResponse`, owner),
      response: claim(`${base}Response`, owner),
    });
  }
  const components = new Map<string, ComponentSchemaNames>();
  for (const c of sortedComponents(model)) {
    const base = `${pascalCase(c.category)}${pascalCase(c.name)}`;
    const owner = `component ${c.uid} (${c.file})`;
    components.set(c.uid, {
      entry: claim(`${base}Component`, owner),
      input: claim(`${base}ComponentInput`, owner),
      filters: claim(`${base}ComponentFilters`, owner),
      zoneItem: claim(`${base}ZoneItem`, owner),
      zoneItemInput: claim(`${base}ZoneItemInput`, owner),
    });
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
