import type { OpenAPIV3_1 } from 'openapi-types';
import { shownFileField, shownSystemScalars } from '../../core/model/private-attributes.js';
import type { Attribute, Attributes, ScalarType } from '../../core/model/types.js';
import type { AttributeContext } from './attribute-schema.js';
import { isVisibleScalar } from './scalar-schema.js';
import { sortedComponents, sortedTypes } from './schema-names.js';
import { copyList, ref, type Schema, type Schemas } from './schema-ref.js';
import { COMPARE_OPERATORS, TEXT_OPERATORS } from '../../core/query/operators.js';

type SchemaObject = OpenAPIV3_1.SchemaObject;
type Family = 'String' | 'Integer' | 'Number' | 'Boolean' | 'Date' | 'DateTime' | 'Time' | 'Id' | 'Json';

const FAMILY: Record<ScalarType, Family> = {
  string: 'String', text: 'String', richtext: 'String', blocks: 'Json', email: 'String', password: 'String',
  uid: 'String', enumeration: 'String', integer: 'Integer', biginteger: 'String', float: 'Number',
  decimal: 'Number', boolean: 'Boolean', date: 'Date', time: 'Time', datetime: 'DateTime', timestamp: 'DateTime',
  json: 'Json',
};

const VALUE: Record<Family, SchemaObject> = {
  String: { type: 'string' },
  Integer: { type: 'integer' },
  Number: { type: 'number' },
  Boolean: { type: 'boolean' },
  Date: { type: 'string', format: 'date' },
  DateTime: { type: 'string', format: 'date-time' },
  Time: { type: 'string' },
  Id: { type: 'integer' },
  Json: {},
};


function operatorSchema(family: Family): SchemaObject {
  const value = VALUE[family];
  const list: SchemaObject = { type: 'array', items: value };
  const properties: Record<string, Schema> = {};
  const ordered = family === 'Boolean' || family === 'Json' ? (['$eq', '$ne'] as const) : COMPARE_OPERATORS;
  for (const op of ordered) properties[op] = { ...value };
  if (family === 'String') for (const op of TEXT_OPERATORS) properties[op] = { type: 'string' };
  if (family !== 'Json') {
    properties.$in = { ...list, description: 'Any of the values (filters[f][$in][0]=a&filters[f][$in][1]=b).' };
    properties.$notIn = { ...list };
  }
  if (family !== 'Boolean' && family !== 'Json') {
    properties.$between = { type: 'array', items: value, minItems: 2, maxItems: 2, description: 'Inclusive bounds.' };
  }
  properties.$null = { type: 'boolean' };
  properties.$notNull = { type: 'boolean' };
  properties.$not = ref(`${family}Filter`);
  return {
    type: 'object',
    description:
      `Operators on a ${family.toLowerCase()} field, e.g. \`filters[field][$eq]=value\`; \`filters[field]=value\` ` +
      'alone means $eq. Operators are case-sensitive.' +
      (family === 'String' ? ' `$contains`/`$startsWith`/`$endsWith` follow the database collation; the `…i` variants ignore case.' : ''),
    additionalProperties: false,
    properties,
  };
}

/** A field's filter: a bare value (implicit $eq) or an operator object. */
function fieldFilter(attr: Attribute, ctx: AttributeContext): Schema | undefined {
  if (attr.private) return undefined;
  switch (attr.kind) {
    case 'scalar': {
      if (!isVisibleScalar(attr)) return undefined;
      const family = FAMILY[attr.type];
      const value: SchemaObject = attr.enum ? { type: 'string', enum: copyList(attr.enum) } : { ...VALUE[family] };
      return family === 'Json' ? ref('JsonFilter') : { anyOf: [value, ref(`${family}Filter`)] };
    }
    case 'relation': {
      const target = ctx.model.contentTypes.get(attr.target);
      if (!target) return undefined;
      return ref(ctx.names.type(target.uid).filters, `Filter on fields of the related ${target.displayName}, e.g. filters[${attr.name}][documentId][$eq]=…`);
    }
    case 'component':
      return ref(ctx.names.component(attr.component).filters, `Filter on fields of the component, e.g. filters[${attr.name}][field][$eq]=…`);
    case 'media':
      return ref('UploadFileFilters', `Filter on fields of the file, e.g. filters[${attr.name}][name][$eq]=logo.png`);
    case 'dynamiczone':
      // Strapi refuses dynamic zones in filters (400 Invalid key).
      return undefined;
  }
}

function objectFilters(self: string, description: string, base: Record<string, Schema>, attributes: Attributes | undefined, ctx: AttributeContext): SchemaObject {
  const properties: Record<string, Schema> = { ...base };
  for (const attr of attributes?.values() ?? []) {
    const schema = fieldFilter(attr, ctx);
    if (schema !== undefined) properties[attr.name] = schema;
  }
  properties.$and = { type: 'array', items: ref(self), description: 'All of these filter groups.' };
  properties.$or = { type: 'array', items: ref(self), description: 'Any of these filter groups.' };
  properties.$not = ref(self, 'Negates a filter group.');
  return { type: 'object', description, additionalProperties: false, properties };
}

const idFilters = (): Record<string, Schema> => ({
  id: { anyOf: [{ type: 'integer' }, ref('IdFilter')] },
  documentId: { anyOf: [{ type: 'string' }, ref('StringFilter')] },
});
const dateFilter = (): Schema => ({ anyOf: [{ type: 'string', format: 'date-time' }, ref('DateTimeFilter')] });

/** Operator schemas per value family, and one deep `filters` schema per type, component and the file type. */
export function filterSchemas(ctx: AttributeContext): Schemas {
  const schemas: Schemas = {};
  for (const family of Object.keys(VALUE) as Family[]) schemas[`${family}Filter`] = operatorSchema(family);
  const str = (): Schema => ({ anyOf: [{ type: 'string' }, ref('StringFilter')] });
  const int = (): Schema => ({ anyOf: [{ type: 'integer' }, ref('IntegerFilter')] });
  const fileFields: Record<string, Schema> = {
    ...idFilters(), name: str(), alternativeText: str(), caption: str(), width: int(), height: int(), hash: str(),
    ext: str(), mime: str(), size: { anyOf: [{ type: 'number' }, ref('NumberFilter')] }, url: str(), provider: str(),
    createdAt: dateFilter(), updatedAt: dateFilter(),
  };
  const shownFile = Object.fromEntries(Object.entries(fileFields).filter(([k]) => shownFileField(ctx.model, k)));
  schemas.UploadFileFilters = objectFilters('UploadFileFilters', 'Filters on media library files.', shownFile, undefined, ctx);
  // Single types take no filters themselves; they need a filters schema only as the target of a relation.
  const targets = new Set(
    [...ctx.model.contentTypes.values(), ...ctx.model.components.values()].flatMap((o) =>
      [...o.attributes.values()].flatMap((a) => (a.kind === 'relation' ? [a.target] : [])),
    ),
  );
  for (const ct of sortedTypes(ctx.model)) {
    if (ct.kind === 'singleType' && !targets.has(ct.uid)) continue;
    const name = ctx.names.type(ct.uid).filters;
    const system: Record<string, Schema> = {};
    for (const name of shownSystemScalars(ct)) system[name] = name === 'locale' ? str() : dateFilter();
    const description = `Filters on ${ct.displayName} (filters[field][operator]=value, nested with brackets).`;
    schemas[name] = objectFilters(name, description, { ...idFilters(), ...system }, ct.attributes, ctx);
  }
  for (const c of sortedComponents(ctx.model)) {
    const name = ctx.names.component(c.uid).filters;
    schemas[name] = objectFilters(name, `Filters on component ${c.displayName}.`, { id: int() }, c.attributes, ctx);
  }
  return schemas;
}
