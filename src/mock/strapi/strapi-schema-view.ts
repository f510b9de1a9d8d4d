import type { Attribute, ComponentSchema, ContentType } from '../../core/model/types.js';
import { tableName } from '../../core/model/table-name.js';

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

/** A creator field, as Strapi's content-type loader adds it (private unless `options.populateCreatorFields`). */
const creator = {
  type: 'relation',
  relation: 'oneToOne',
  target: 'admin::user',
  configurable: false,
  writable: false,
  visible: false,
  useJoinTable: false,
  private: true,
};

/**
 * The attributes Strapi adds to every content type after its own (what code that walks `attributes`, a deep populate
 * helper, meets): the timestamps, `publishedAt` (with or without draft & publish), the creator fields, then i18n's
 * `locale` and `localizations` (private where the type is not localized).
 */
function systemAttributes(type: ContentType): Record<string, unknown> {
  const i18n = { configurable: false, visible: false, private: !type.localized };
  return {
    createdAt: { type: 'datetime' },
    updatedAt: { type: 'datetime' },
    publishedAt: { type: 'datetime', configurable: false, writable: true, visible: true },
    createdBy: creator,
    updatedBy: creator,
    locale: { writable: true, ...i18n, type: 'string' },
    localizations: { type: 'relation', relation: 'oneToMany', target: type.uid, writable: false, ...i18n, unstable_virtual: true },
  };
}

export function contentTypeView(type: ContentType): Record<string, unknown> {
  return {
    uid: type.uid,
    kind: type.kind,
    modelType: 'contentType',
    modelName: type.singularName,
    collectionName: tableName(type),
    info: { singularName: type.singularName, pluralName: type.pluralName, displayName: type.displayName, description: type.description },
    options: { draftAndPublish: type.draftAndPublish },
    pluginOptions: { i18n: { localized: type.localized } },
    attributes: { ...attributesView(type.attributes), ...systemAttributes(type) },
  };
}

export function componentView(component: ComponentSchema): Record<string, unknown> {
  return { uid: component.uid, modelType: 'component', attributes: attributesView(component.attributes) };
}
