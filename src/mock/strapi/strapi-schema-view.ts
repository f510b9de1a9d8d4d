import type { Attribute, ComponentSchema, ContentType } from '../../core/model/types.js';

// Content types and components as Strapi's `strapi.contentType(uid)` / `strapi.components` show them to project code
// (what sanitizers, custom services and lifecycles read: `info`, `options`, `attributes` with Strapi's types).

function attributeView(a: Attribute): Record<string, unknown> {
  const base = { required: a.required || undefined, private: a.private || undefined };
  switch (a.kind) {
    case 'scalar':
      return {
        ...base,
        type: a.type,
        unique: a.unique || undefined,
        default: a.default,
        enum: a.enum,
        min: a.min,
        max: a.max,
        // a custom field's plugin reads its uid and options from here (a lifecycle that fills or checks the field)
        ...(a.customField ? { customField: a.customField, options: a.customOptions } : {}),
      };
    case 'media':
      return { ...base, type: 'media', multiple: a.multiple, allowedTypes: a.allowedTypes };
    case 'relation':
      return { ...base, type: 'relation', relation: a.relation, target: a.target };
    case 'component':
      return { ...base, type: 'component', component: a.component, repeatable: a.repeatable };
    default:
      return { ...base, type: 'dynamiczone', components: a.components };
  }
}

const attributesView = (attributes: ReadonlyMap<string, Attribute>) =>
  Object.fromEntries([...attributes.values()].map((a) => [a.name, attributeView(a)]));

export function contentTypeView(type: ContentType): Record<string, unknown> {
  return {
    uid: type.uid,
    kind: type.kind,
    modelType: 'contentType',
    modelName: type.singularName,
    info: { singularName: type.singularName, pluralName: type.pluralName, displayName: type.displayName, description: type.description },
    options: { draftAndPublish: type.draftAndPublish },
    pluginOptions: { i18n: { localized: type.localized } },
    attributes: attributesView(type.attributes),
  };
}

export function componentView(component: ComponentSchema): Record<string, unknown> {
  return { uid: component.uid, modelType: 'component', attributes: attributesView(component.attributes) };
}
