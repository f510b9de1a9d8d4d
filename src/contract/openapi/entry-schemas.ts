import type { OpenAPIV3_1 } from 'openapi-types';
import { shownSystemScalars, showsLocalizations, SYSTEM_SCALARS } from '../../core/model/private-attributes.js';
import type { Attributes, ComponentSchema, ContentType } from '../../core/model/types.js';
import { attributeReadSchema, type AttributeContext } from './attribute-schema.js';
import { sortedComponents, sortedTypes } from './schema-names.js';
import { ref, type Schemas } from './schema-ref.js';

type SchemaObject = OpenAPIV3_1.SchemaObject;
type Properties = Record<string, SchemaObject | OpenAPIV3_1.ReferenceObject>;

const dateTime = (description: string): SchemaObject => ({ type: 'string', format: 'date-time', description });

/** Scalars first, then what populate adds: the order Strapi writes keys in. */
function splitAttributes(attributes: Attributes, ctx: AttributeContext): { scalars: Properties; populated: Properties } {
  const scalars: Properties = {};
  const populated: Properties = {};
  for (const attr of attributes.values()) {
    const schema = attributeReadSchema(attr, ctx);
    if (schema === undefined) continue;
    (attr.kind === 'scalar' ? scalars : populated)[attr.name] = schema;
  }
  return { scalars, populated };
}

function entrySchema(ct: ContentType, ctx: AttributeContext): SchemaObject {
  const { scalars, populated } = splitAttributes(ct.attributes, ctx);
  const self = ctx.names.type(ct.uid).entry;
  const properties: Properties = {
    id: {
      type: 'integer',
      description:
        'Numeric row id. Draft and published versions (and each locale) have different ids, and the published ' +
        'id changes on every publish: address documents by documentId.',
    },
    documentId: {
      type: 'string',
      description: 'Stable id of the document, shared by its versions and locales (a 24-character cuid2, not a UUID).',
      examples: ['hw8dvqai65sh0rf7wo7fzgmw'],
    },
    ...scalars,
    createdAt: dateTime('Creation time of this version.'),
    updatedAt: dateTime('Last update of this version.'),
    publishedAt: {
      type: ['string', 'null'],
      format: 'date-time',
      description: ct.draftAndPublish
        ? 'Publication time; null on a draft (status=draft).'
        : 'Set on every write (this type has no draft & publish).',
    },
  };
  if (ct.localized) properties.locale = { type: 'string', description: 'Locale code of this entry.', examples: ['en'] };
  // the project's privateAttributes may name what Strapi adds itself: never answered
  for (const name of SYSTEM_SCALARS) if (!shownSystemScalars(ct).includes(name)) delete properties[name];
  Object.assign(properties, populated);
  if (showsLocalizations(ct)) {
    properties.localizations = {
      type: 'array',
      description:
        'The other locales of this document (same status). Present only when populated (populate=localizations ' +
        'or populate=*); absent otherwise.',
      items: ref(self),
    };
  }
  return {
    type: 'object',
    description:
      `${ct.displayName} (${ct.uid})${ct.description ? `: ${ct.description}` : ''}. ` +
      'Only id and documentId are always present: `fields` narrows the scalar fields, and relations, media, ' +
      'components and dynamic zones appear only when populated. Unset scalars are null.',
    required: ['id', 'documentId'],
    additionalProperties: false,
    properties,
  };
}

function componentEntry(c: ComponentSchema, ctx: AttributeContext, zone: boolean): SchemaObject {
  const { scalars, populated } = splitAttributes(c.attributes, { ...ctx, nested: true });
  const properties: Properties = {
    id: { type: 'integer', description: 'Row id of the component (unique per component table only).' },
    ...scalars,
    ...populated,
  };
  if (zone) properties.__component = { type: 'string', const: c.uid, description: 'Which component this zone item is.' };
  return {
    type: 'object',
    description:
      `${zone ? 'Dynamic zone item' : 'Component'} ${c.displayName} (${c.uid}). ` +
      'Only id is always present (`fields` in populate may narrow the rest).',
    required: zone ? ['id', '__component'] : ['id'],
    additionalProperties: false,
    properties,
  };
}

/** Response-side schemas: one per content type, one per component, one per component as a zone item. */
export function entrySchemas(ctx: AttributeContext): Schemas {
  const schemas: Schemas = {};
  for (const ct of sortedTypes(ctx.model)) schemas[ctx.names.type(ct.uid).entry] = entrySchema(ct, ctx);
  for (const c of sortedComponents(ctx.model)) {
    const names = ctx.names.component(c.uid);
    schemas[names.entry] = componentEntry(c, ctx, false);
    if (usedInZone(c.uid, ctx)) schemas[names.zoneItem] = componentEntry(c, ctx, true);
  }
  return schemas;
}

/** Zone-item schemas are emitted only for components some dynamic zone declares. */
export function usedInZone(uid: string, ctx: AttributeContext): boolean {
  const owners = [...ctx.model.contentTypes.values(), ...ctx.model.components.values()];
  return owners.some((o) => [...o.attributes.values()].some((a) => a.kind === 'dynamiczone' && a.components.includes(uid)));
}
