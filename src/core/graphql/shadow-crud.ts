import type { GqlAttribute, GqlType } from './graphql-model.js';

// What a project turns off with `strapi.plugin('graphql').service('extension').shadowCRUD(uid)`: a whole type, its
// queries or mutations, single actions (`find` also takes the connection and a single type's query, `findOne` the
// one-document query), and per field its output, input or filters. The plugin's builders read these as they register
// each type, so a disabled type is never registered and relations to it leave the schema with it.

export interface ShadowCrudField {
  readonly output: boolean;
  readonly input: boolean;
  readonly filters: boolean;
}

export interface ShadowCrudType {
  readonly enabled: boolean;
  readonly queries: boolean;
  readonly mutations: boolean;
  /** Action names, or `*` for all. */
  readonly disabledActions: readonly string[];
  readonly fields: ReadonlyMap<string, ShadowCrudField>;
}

export type ShadowCrudSettings = ReadonlyMap<string, ShadowCrudType>;

/** Whether the project left `action` (find, findOne, create, update, delete) on for a type. */
export function actionEnabled(type: GqlType, action: string): boolean {
  return !type.disabledActions?.some((a) => a === action || a === '*');
}

function withField(a: GqlAttribute, field: ShadowCrudField | undefined): GqlAttribute {
  if (!field || (field.output && field.input && field.filters)) return a;
  return { ...a, common: { ...a.common, output: field.output, filters: field.filters, writable: a.common.writable && field.input } };
}

/** The plugin's types as the project's shadow CRUD settings leave them. */
export function applyShadowCrud(types: readonly GqlType[], settings: ShadowCrudSettings | undefined): GqlType[] {
  if (!settings || settings.size === 0) return [...types];
  return types
    .filter((t) => settings.get(t.uid)?.enabled !== false)
    .map((t) => {
      const s = settings.get(t.uid);
      if (!s) return t;
      return {
        ...t,
        queries: t.queries && s.queries,
        mutations: t.mutations && s.mutations,
        disabledActions: s.disabledActions,
        attributes: t.attributes.map((a) => withField(a, s.fields.get(a.name))),
      };
    });
}
