import { isPlainObject } from '../is-plain-object.js';
import type { Attribute, Attributes } from './types.js';

// Strapi's `isPrivateAttribute` (@strapi/utils content-types): an attribute is private when its schema marks it
// `private`, or when its name is in the project's `api.responses.privateAttributes` or in the schema's own
// `options.privateAttributes`. Private attributes are left out of every Content API answer (populated relations,
// components and media included) and refused in `fields`, `filters`, `sort` and `populate` with `Invalid key`.
// The two name lists apply to every model Strapi sanitizes: content types, components, the upload file and the
// users & permissions types, and to the attributes Strapi adds itself (timestamps, `locale`, `localizations`).

/** A schema with the names its project and its options make private (`undefined`: none). */
export interface PrivacyHolder {
  readonly attributes: Attributes;
  readonly privateAttributes?: readonly string[];
}

/** The one rule: declared private, or named by the config or the schema's options. */
export function isPrivateAttribute(holder: PrivacyHolder, name: string): boolean {
  if (holder.attributes.get(name)?.private === true) return true;
  return holder.privateAttributes !== undefined && holder.privateAttributes.includes(name);
}

/** The config's names then the schema's own (lodash `union` order, as Strapi computes them); undefined when none. */
export function storedPrivateAttributes(project: readonly string[], schemaOptions: unknown): readonly string[] | undefined {
  const own = isPlainObject(schemaOptions) && Array.isArray(schemaOptions.privateAttributes) ? schemaOptions.privateAttributes : [];
  const names = [...new Set([...project, ...own.filter((n): n is string => typeof n === 'string')])];
  return names.length > 0 ? Object.freeze(names) : undefined;
}

/**
 * The attributes with the stored names applied: each one named becomes private (hidden, refused in queries). It
 * keeps `privateByConfig`, because Strapi's search (`_q`) reads the database model, where only the schema's own
 * `private` flag exists: a configured name is still searched.
 */
export function applyPrivateNames(attributes: Map<string, Attribute>, names: readonly string[] | undefined): void {
  if (names === undefined) return;
  for (const name of names) {
    const attribute = attributes.get(name);
    if (attribute && !attribute.private) attributes.set(name, Object.freeze({ ...attribute, private: true, privateByConfig: true }));
  }
}

/** i18n's `localizations` answers and populates: on a localized type, unless the project makes it private. */
export const showsLocalizations = (type: PrivacyHolder & { readonly localized: boolean }): boolean =>
  type.localized && !isPrivateAttribute(type, 'localizations');

/** The scalars Strapi adds to a content type's entries, in answer order (`locale` on localized types only). */
export const SYSTEM_SCALARS = ['createdAt', 'updatedAt', 'publishedAt', 'locale'] as const;
export type SystemScalar = (typeof SYSTEM_SCALARS)[number];

/** Those a type's answers show and its queries may name: the project's private names taken out. */
export function shownSystemScalars(type: PrivacyHolder & { readonly localized: boolean }): SystemScalar[] {
  return SYSTEM_SCALARS.filter((name) => (name !== 'locale' || type.localized) && !isPrivateAttribute(type, name));
}

/** The upload file's own fields a project shows (its ids are no schema attributes: never private). */
export const shownFileField = (model: { readonly privateAttributes?: readonly string[] }, name: string): boolean =>
  name === 'id' || name === 'documentId' || !(model.privateAttributes ?? []).includes(name);
