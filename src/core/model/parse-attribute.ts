import { RELATION_KINDS, SCALAR_TYPES, type Attribute, type RelationKind, type ScalarType } from './types.js';
import { isPlainObject } from '../is-plain-object.js';

/** What reading one attribute gave: the attribute, a warning (skipped), or an error. */
export type AttributeParse =
  | { kind: 'ok'; attribute: Attribute; warning?: string }
  | { kind: 'skip'; warning: string }
  | { kind: 'error'; path: string; message: string };

/** Custom fields of popular plugins whose underlying type is known without loading their plugin. */
const KNOWN_CUSTOM_FIELDS: Readonly<Record<string, ScalarType>> = {
  'plugin::color-picker.color': 'string',
  'plugin::ckeditor5.CKEditor': 'richtext',
  'plugin::ckeditor.CKEditor': 'richtext',
  'plugin::multi-select.multi-select': 'json',
  'plugin::strapi-advanced-uuid.uuid': 'uid',
};

/**
 * What an unknown custom field is served as. Dropping it would make the contract refuse the key a real Strapi
 * does return (entries are closed objects) and make the mock 400 on `fields`/writes naming it; `json` takes
 * whatever the plugin stores (a string, a number, an object) without guessing.
 */
const UNKNOWN_CUSTOM_FIELD_TYPE: ScalarType = 'json';

const MORPH_RELATIONS = ['morphToOne', 'morphToMany', 'morphOne', 'morphMany'];

export interface AttributeContext {
  readonly name: string;
  /** `<file>#/attributes/<name>` */
  readonly source: string;
  /** The owning type or component is localized (components inherit from their parent at runtime). */
  readonly ownerLocalized: boolean;
  /** Custom fields configured by the user: uid → underlying scalar type. */
  readonly customFields: Readonly<Record<string, string>>;
}

const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v)
    ? v
    : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))
      ? Number(v)
      : undefined;
const isScalarType = (t: string): t is ScalarType => (SCALAR_TYPES as readonly string[]).includes(t);
const isRelationKind = (t: string): t is RelationKind => (RELATION_KINDS as readonly string[]).includes(t);

export function parseAttribute(raw: unknown, ctx: AttributeContext): AttributeParse {
  const at = (key: string) => `#/attributes/${ctx.name}${key ? '/' + key : ''}`;
  if (!isPlainObject(raw)) return { kind: 'error', path: at(''), message: 'an attribute must be an object' };
  if (typeof raw.type !== 'string') return { kind: 'error', path: at('type'), message: 'missing attribute "type"' };

  let type: string = raw.type;
  let customField: string | undefined;
  let warning: string | undefined;
  if (type === 'customField' || typeof raw.customField === 'string') {
    customField = String(raw.customField ?? '');
    if (customField === '')
      return { kind: 'error', path: at('customField'), message: 'a custom field needs a "customField" uid (plugin::<plugin>.<field>)' };
    const configured = ctx.customFields[customField];
    if (configured !== undefined && !isScalarType(configured)) {
      return {
        kind: 'error',
        path: at('customField'),
        message: `"customFields" in the config maps "${customField}" to "${configured}", which is not a scalar type (${SCALAR_TYPES.join(', ')})`,
      };
    }
    // The config wins; then a concrete scalar `type` next to `customField` (some exports keep it); then plugins we know.
    const underlying = configured ?? (isScalarType(type) ? type : KNOWN_CUSTOM_FIELDS[customField]);
    if (underlying === undefined) {
      warning = `${ctx.source}: unknown custom field "${customField}" served as any JSON value (map it to a type with "customFields" in the config)`;
    }
    type = underlying ?? UNKNOWN_CUSTOM_FIELD_TYPE;
  }

  const i18n = isPlainObject(raw.pluginOptions) && isPlainObject(raw.pluginOptions.i18n) ? raw.pluginOptions.i18n : undefined;
  const flaggedLocalized = i18n?.localized === true;
  const base = {
    name: ctx.name,
    private: raw.private === true || type === 'password',
    required: raw.required === true,
    // Strapi's i18n: relations and uids are always per-locale; other attributes only when flagged.
    localized: ctx.ownerLocalized && (flaggedLocalized || type === 'relation' || type === 'uid'),
    source: ctx.source,
    ...(isPlainObject(raw.conditions) && raw.conditions.visible !== undefined ? { visibleWhen: raw.conditions.visible } : {}),
  };

  if (isScalarType(type)) {
    let enumValues: string[] | undefined;
    if (type === 'enumeration') {
      if (!Array.isArray(raw.enum) || raw.enum.some((v) => typeof v !== 'string')) {
        return { kind: 'error', path: at('enum'), message: 'an enumeration needs an "enum" array of strings' };
      }
      enumValues = raw.enum as string[];
    }
    return {
      kind: 'ok',
      warning,
      attribute: {
        ...base,
        kind: 'scalar',
        type,
        unique: raw.unique === true,
        min: num(raw.min),
        max: num(raw.max),
        minLength: num(raw.minLength),
        maxLength: num(raw.maxLength),
        enum: enumValues,
        default: raw.default,
        regex: typeof raw.regex === 'string' ? raw.regex : undefined,
        targetField: typeof raw.targetField === 'string' ? raw.targetField : undefined,
        customField,
        ...(customField && raw.options !== undefined ? { customOptions: raw.options } : {}),
        ...(type === 'password' && raw.private !== true ? { privateByType: true as const } : {}),
      },
    };
  }

  switch (type) {
    case 'media':
      return {
        kind: 'ok',
        attribute: {
          ...base,
          kind: 'media',
          multiple: raw.multiple === true,
          allowedTypes: Array.isArray(raw.allowedTypes) ? raw.allowedTypes.filter((t): t is string => typeof t === 'string') : [],
        },
      };
    case 'relation': {
      const relation = raw.relation;
      if (typeof relation !== 'string') return { kind: 'error', path: at('relation'), message: 'a relation needs a "relation" kind' };
      if (MORPH_RELATIONS.includes(relation)) {
        return {
          kind: 'skip',
          warning: `${ctx.source}: polymorphic relation "${relation}" is not part of the REST Content API mock; skipped`,
        };
      }
      if (!isRelationKind(relation)) {
        return {
          kind: 'error',
          path: at('relation'),
          message: `unknown relation kind "${relation}" (expected one of ${RELATION_KINDS.join(', ')})`,
        };
      }
      if (typeof raw.target !== 'string' || raw.target === '') {
        return { kind: 'error', path: at('target'), message: 'a relation needs a "target" content type uid' };
      }
      const inversedBy = typeof raw.inversedBy === 'string' ? raw.inversedBy : undefined;
      const mappedBy = typeof raw.mappedBy === 'string' ? raw.mappedBy : undefined;
      return {
        kind: 'ok',
        attribute: {
          ...base,
          kind: 'relation',
          relation,
          target: raw.target,
          toMany: relation === 'oneToMany' || relation === 'manyToMany' || relation === 'manyWay',
          owner: mappedBy === undefined,
          inversedBy,
          mappedBy,
        },
      };
    }
    case 'component':
      if (typeof raw.component !== 'string')
        return { kind: 'error', path: at('component'), message: 'a component attribute needs a "component" uid' };
      return {
        kind: 'ok',
        attribute: {
          ...base,
          kind: 'component',
          component: raw.component,
          repeatable: raw.repeatable === true,
          min: num(raw.min),
          max: num(raw.max),
        },
      };
    case 'dynamiczone':
      if (!Array.isArray(raw.components) || raw.components.some((c) => typeof c !== 'string')) {
        return { kind: 'error', path: at('components'), message: 'a dynamic zone needs a "components" array of component uids' };
      }
      return {
        kind: 'ok',
        attribute: { ...base, kind: 'dynamiczone', components: raw.components as string[], min: num(raw.min), max: num(raw.max) },
      };
    default:
      return {
        kind: 'error',
        path: at('type'),
        message: `unknown attribute type "${type}" (expected one of ${[...SCALAR_TYPES, 'media', 'relation', 'component', 'dynamiczone', 'customField'].join(', ')})`,
      };
  }
}
