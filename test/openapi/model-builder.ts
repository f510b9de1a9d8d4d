import type {
  Attribute,
  ComponentSchema,
  ContentModel,
  ContentType,
  DynamicZoneAttribute,
  MediaAttribute,
  RelationAttribute,
  ScalarAttribute,
  ScalarType,
} from '../../src/core/model/types.js';

// Hand-built models for cases the fixture schemas do not have (every scalar type, name clashes, ...).

const base = (name: string) => ({ name, private: false, required: false, localized: false, source: `test#/attributes/${name}` });

export const scalar = (name: string, type: ScalarType, extra: Partial<ScalarAttribute> = {}): ScalarAttribute => ({
  ...base(name),
  kind: 'scalar',
  type,
  unique: false,
  ...extra,
});

export const media = (name: string, multiple: boolean): MediaAttribute => ({ ...base(name), kind: 'media', multiple, allowedTypes: ['images'] });

export const relation = (name: string, target: string, toMany: boolean): RelationAttribute => ({
  ...base(name),
  kind: 'relation',
  relation: toMany ? 'manyToMany' : 'manyToOne',
  target,
  toMany,
  owner: true,
});

export const zone = (name: string, components: string[]): DynamicZoneAttribute => ({ ...base(name), kind: 'dynamiczone', components });

export function contentType(singularName: string, attributes: Attribute[], extra: Partial<ContentType> = {}): ContentType {
  return {
    uid: `api::${singularName}.${singularName}`,
    kind: 'collectionType',
    singularName,
    pluralName: `${singularName}s`,
    displayName: singularName,
    description: '',
    draftAndPublish: false,
    localized: false,
    attributes: new Map(attributes.map((a) => [a.name, a])),
    file: `test/${singularName}.json`,
    ...extra,
  };
}

export function component(uid: string, attributes: Attribute[]): ComponentSchema {
  const [category, name] = uid.split('.');
  return { uid, category, name, displayName: name, attributes: new Map(attributes.map((a) => [a.name, a])), file: `test/${uid}.json` };
}

export function makeModel(types: ContentType[], components: ComponentSchema[] = []): ContentModel {
  return {
    contentTypes: new Map(types.map((t) => [t.uid, t])),
    components: new Map(components.map((c) => [c.uid, c])),
    byRoute: new Map(types.map((t) => [t.kind === 'collectionType' ? t.pluralName : t.singularName, t])),
    locales: [{ code: 'en', name: 'English', isDefault: true }],
    defaultLocale: 'en',
    warnings: [],
  };
}
