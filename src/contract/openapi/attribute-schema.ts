import type { OpenAPIV3_1 } from 'openapi-types';
import type { Attribute, ComponentAttribute, ContentModel, DynamicZoneAttribute } from '../../core/model/types.js';
import { mediaReadSchema, mediaWriteSchema } from './media-schemas.js';
import { relationReadSchema, relationWriteSchema } from './relation-schemas.js';
import { isVisibleScalar, scalarReadSchema, scalarWriteSchema } from './scalar-schema.js';
import type { SchemaNames } from './schema-names.js';
import { OpenApiGenerationError, populatedNote, ref } from './schema-ref.js';

type SchemaObject = OpenAPIV3_1.SchemaObject;

export interface AttributeContext {
  readonly model: ContentModel;
  readonly names: SchemaNames;
  /** The attributes belong to a component: populate reaches them through the field holding it. */
  readonly nested?: boolean;
}

function componentOf(uid: string, owner: string, ctx: AttributeContext) {
  const component = ctx.model.components.get(uid);
  if (!component) throw new OpenApiGenerationError(`${owner}: unknown component "${uid}"`);
  return component;
}

const withCount = (schema: SchemaObject, min: number | undefined, max: number | undefined): SchemaObject => {
  if (min !== undefined) schema.minItems = min;
  if (max !== undefined) schema.maxItems = max;
  return schema;
};

/** Items of a dynamic zone: one schema per declared component, told apart by `__component`. */
function zoneItems(attr: DynamicZoneAttribute, ctx: AttributeContext, mode: 'read' | 'write'): SchemaObject {
  const names = attr.components.map((uid) => {
    const component = componentOf(uid, attr.source, ctx);
    const n = ctx.names.component(component.uid);
    return [component.uid, mode === 'read' ? n.zoneItem : n.zoneItemInput] as const;
  });
  if (names.length === 0) {
    return { type: 'object', required: ['__component'], properties: { __component: { type: 'string' } } };
  }
  const declared: SchemaObject = {
    type: 'object',
    required: ['__component'],
    oneOf: names.map(([, name]) => ref(name)),
    discriminator: {
      propertyName: '__component',
      mapping: Object.fromEntries(names.map(([uid, name]) => [uid, `#/components/schemas/${name}`])),
    },
  };
  // Each component is its own item schema, told apart by `__component`: openapi-typescript and other generators
  // give a union of each component's fields. Entries of components a zone does not declare (Strapi's reads return
  // what a draft stored) are accepted by the contract validator only (ajv-schemas.ts tolerateUndeclaredComponents).
  return declared;
}

function componentRead(attr: ComponentAttribute, ctx: AttributeContext): SchemaObject {
  const component = componentOf(attr.component, attr.source, ctx);
  const name = ctx.names.component(component.uid).entry;
  const note =
    `Component ${component.displayName} (${component.uid}${attr.repeatable ? ', repeatable' : ''}). ` +
    `${populatedNote(attr.name, ctx.nested === true)} Its own relations, media and components appear only with ` +
    `\`populate[${attr.name}][populate]\`.`;
  if (attr.repeatable) return { type: 'array', description: note, items: ref(name) };
  return { description: `${note} null when empty.`, oneOf: [ref(name), { type: 'null' }] };
}

function componentWrite(attr: ComponentAttribute, ctx: AttributeContext): SchemaObject {
  const component = componentOf(attr.component, attr.source, ctx);
  const name = ctx.names.component(component.uid).input;
  const note = `Component ${component.displayName} (${component.uid}): the value given replaces the stored one.`;
  if (attr.repeatable) {
    return withCount({ type: ['array', 'null'], description: note, items: ref(name) }, attr.min, attr.max);
  }
  return { description: `${note} null removes it.`, oneOf: [ref(name), { type: 'null' }] };
}

/** How an attribute appears in a response entry; undefined when Strapi never returns it (private, password). */
export function attributeReadSchema(attr: Attribute, ctx: AttributeContext): SchemaObject | undefined {
  if (attr.private) return undefined;
  switch (attr.kind) {
    case 'scalar':
      return isVisibleScalar(attr) ? scalarReadSchema(attr) : undefined;
    case 'media':
      return mediaReadSchema(attr, ctx.nested === true);
    case 'relation':
      return relationReadSchema(attr, ctx.model, ctx.names, ctx.nested === true);
    case 'component':
      return componentRead(attr, ctx);
    case 'dynamiczone':
      return {
        type: 'array',
        description:
          `Dynamic zone (${attr.components.join(', ')}). ${populatedNote(attr.name, ctx.nested === true)} ` +
          `\`populate[${attr.name}][on][<component>]\` keeps only the listed components.`,
        items: zoneItems(attr, ctx, 'read'),
      };
  }
}

/** How an attribute is written in a POST/PUT body. */
export function attributeWriteSchema(attr: Attribute, ctx: AttributeContext): SchemaObject {
  switch (attr.kind) {
    case 'scalar':
      return scalarWriteSchema(attr);
    case 'media':
      return mediaWriteSchema(attr);
    case 'relation':
      return relationWriteSchema(attr, ctx.model);
    case 'component':
      return componentWrite(attr, ctx);
    case 'dynamiczone':
      return withCount(
        {
          type: ['array', 'null'],
          description:
            `Dynamic zone (${attr.components.join(', ')}): each item names its component in \`__component\`; the ` +
            'list replaces the stored one.',
          items: zoneItems(attr, ctx, 'write'),
        },
        attr.min,
        attr.max,
      );
  }
}
