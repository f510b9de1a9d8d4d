import { isAdminType } from '../../core/model/built-in-types.js';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { Attributes, ComponentSchema, ContentType } from '../../core/model/types.js';
import { attributeWriteSchema, type AttributeContext } from './attribute-schema.js';
import { usedInZone } from './entry-schemas.js';
import { sortedComponents, sortedTypes } from './schema-names.js';
import type { Schemas } from './schema-ref.js';

type SchemaObject = OpenAPIV3_1.SchemaObject;
type Properties = Record<string, SchemaObject | OpenAPIV3_1.ReferenceObject>;

function writeProperties(attributes: Attributes, ctx: AttributeContext): Properties {
  const properties: Properties = {};
  for (const attr of attributes.values()) {
    const schema = attributeWriteSchema(attr, ctx);
    // a conditional field's rules hold only where its condition does: the schema cannot say when, the text does
    properties[attr.name] =
      attr.visibleWhen === undefined
        ? schema
        : {
            ...schema,
            description:
              `${schema.description ? schema.description + ' ' : ''}Conditional field: required and other rules apply only ` +
              `where \`conditions.visible\` (JSON Logic over the data sent) holds: ${JSON.stringify(attr.visibleWhen)}.`,
          };
  }
  return properties;
}

const requiredNames = (attributes: Attributes): string[] =>
  [...attributes.values()].filter((a) => a.required && a.visibleWhen === undefined).map((a) => a.name);

/** Keys Strapi accepts in `data` but ignores: documenting them keeps a closed schema truthful. */
function ignoredKeys(ct: ContentType): Properties {
  const ignored: Properties = {
    publishedAt: { deprecated: true, description: 'Ignored: publication follows the status query parameter.' },
  };
  if (ct.localized) {
    ignored.locale = { type: 'string', deprecated: true, description: 'Ignored: the locale comes from the locale query parameter.' };
  }
  return ignored;
}

function typeInput(ct: ContentType, ctx: AttributeContext, mode: 'create' | 'update'): SchemaObject {
  const rules =
    'Unknown keys, id, documentId, createdAt and updatedAt are refused (400).' +
    (ct.draftAndPublish
      ? ' Required, min, minLength, regex and unique rules apply to published writes (the default); `status=draft` skips them.'
      : '');
  const schema: SchemaObject = {
    type: 'object',
    description:
      mode === 'create'
        ? `Attributes of a new ${ct.displayName}. ${rules}`
        : `Attributes to change on ${ct.displayName} (partial update: keys left out keep their value; null clears). ` +
          `${rules} Required attributes are not listed here because a partial update need not repeat them.`,
    additionalProperties: false,
    properties: { ...writeProperties(ct.attributes, ctx), ...ignoredKeys(ct) },
  };
  const required = requiredNames(ct.attributes);
  if (mode === 'create' && required.length > 0) schema.required = required;
  return schema;
}

function componentInput(c: ComponentSchema, ctx: AttributeContext, zone: boolean): SchemaObject {
  const properties: Properties = {
    id: {
      type: 'integer',
      description: 'Id of a component row of this entry to update in place; without it a new row replaces the old one.',
    },
    ...writeProperties(c.attributes, ctx),
  };
  if (zone) properties.__component = { type: 'string', const: c.uid, description: 'Which component this zone item is.' };
  const required = requiredNames(c.attributes);
  const schema: SchemaObject = {
    type: 'object',
    description:
      `${zone ? 'Dynamic zone item' : 'Component'} ${c.displayName} (${c.uid}) in a write body.` +
      (required.length > 0 ? ` Required on published writes: ${required.join(', ')}.` : ''),
    additionalProperties: false,
    properties,
  };
  if (zone) schema.required = ['__component'];
  return schema;
}

/** Request-side schemas: the `data` of POST and PUT per type, and components as written. */
export function inputSchemas(ctx: AttributeContext): Schemas {
  const schemas: Schemas = {};
  for (const ct of sortedTypes(ctx.model)) {
    if (isAdminType(ct.uid)) continue; // no Content API route writes it
    const names = ctx.names.type(ct.uid);
    if (ct.kind === 'collectionType') schemas[names.createInput] = typeInput(ct, ctx, 'create');
    schemas[names.updateInput] = typeInput(ct, ctx, 'update');
  }
  for (const c of sortedComponents(ctx.model)) {
    const names = ctx.names.component(c.uid);
    schemas[names.input] = componentInput(c, ctx, false);
    if (usedInZone(c.uid, ctx)) schemas[names.zoneItemInput] = componentInput(c, ctx, true);
  }
  return schemas;
}
