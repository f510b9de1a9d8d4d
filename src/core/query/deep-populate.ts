import { tableName } from '../model/table-name.js';
import type { Attributes, ContentModel, ContentType } from '../model/types.js';
import { showsLocalizations } from '../model/private-attributes.js';
import { ValidationError } from '../errors/strapi-errors.js';

// The community plugin strapi-v5-plugin-populate-deep (npm, 4.x): a project that installs it gets `pLevel` (and
// `pIgnore`) on every Content API route. Its database hook (beforeFindMany / beforeFindOne of an `api::` type during
// an `/api/` request) replaces the query's populate with one built from the model, `pLevel` levels deep. The rule
// below is the plugin's, measured against real Strapi 5.54 with the plugin installed (scripts/harness/probes/
// populate-deep.json): the plugin's own code is not used.

/** The plugin's settings (config/plugins `'strapi-v5-plugin-populate-deep': { config: {...} }`). */
export interface DeepPopulateSettings {
  /** Depth of a `pLevel` without a number (the plugin's default 5; a falsy value means 5). */
  readonly defaultDepth: number;
}

export const DEEP_POPULATE_PLUGIN = 'strapi-v5-plugin-populate-deep';
export const DEFAULT_DEEP_POPULATE: DeepPopulateSettings = { defaultDepth: 5 };
/** The query parameters the plugin registers (contentAPI.addQueryParams), in its order. */
export const DEEP_POPULATE_PARAMS = ['pLevel', 'pIgnore'] as const;

/** A populate in the REST grammar: `true`, `{ populate: {...} }`, or a zone's `{ on: { uid: ... } }`. */
export type DeepPopulate = true | { readonly populate: Record<string, DeepPopulate> } | { readonly on: Record<string, DeepPopulate> };

const received = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** Zod's message (its issues as JSON, 2 spaces) for the plugin's schemas: `pLevel` a string of ≤ 3 characters, `pIgnore` a string. */
function zodIssue(key: string, value: unknown): Record<string, unknown> | undefined {
  if (typeof value !== 'string')
    return { expected: 'string', code: 'invalid_type', path: [], message: `Invalid input: expected string, received ${received(value)}` };
  if (key === 'pLevel' && value.length > 3)
    return {
      origin: 'string',
      code: 'too_big',
      maximum: 3,
      inclusive: true,
      path: [],
      message: 'Too big: expected string to have <=3 characters',
    };
  return undefined;
}

/**
 * Strict params (api.rest.strictParams): Strapi checks the plugin's parameters with their Zod schemas after the
 * unknown keys, the first failing one refused. (`?pLevel` without a value is null to Strapi's query parser: refused.)
 */
export function checkDeepPopulateParams(query: Readonly<Record<string, unknown>>): void {
  for (const key of DEEP_POPULATE_PARAMS) {
    if (!(key in query) || query[key] === undefined) continue;
    const issue = zodIssue(key, query[key]);
    if (issue) throw new ValidationError(JSON.stringify([issue], null, 2), { key, path: null, source: 'query', param: key });
  }
}

/** The plugin's depth: `pLevel`'s number, or defaultDepth for an empty one (parseInt: `abc` is NaN, no limit). */
function depthOf(pLevel: unknown, settings: DeepPopulateSettings): number {
  const given = Array.isArray(pLevel) ? pLevel.join(',') : pLevel;
  if (!given) return settings.defaultDepth || DEFAULT_DEEP_POPULATE.defaultDepth;
  return parseInt(typeof given === 'string' ? given : String(given), 10);
}

/** `pIgnore`: a comma-separated list (trimmed) or a list of attribute names and collection names. */
function ignoreOf(pIgnore: unknown): string[] {
  if (pIgnore === undefined || pIgnore === null) return [];
  if (typeof pIgnore === 'string') return pIgnore.split(',').map((s) => s.trim());
  return Array.isArray(pIgnore) ? pIgnore.map(String) : [String(pIgnore)];
}

interface Walk {
  readonly model: ContentModel;
  /** Components on the current path: a component nesting itself stops there (the plugin would recurse forever). */
  readonly components: readonly string[];
}

/** Attributes the plugin populates (everything but private ones), the i18n `localizations` relation included. */
function build(walk: Walk, attributes: Attributes, localized: boolean, depth: number, ignore: string[]): DeepPopulate {
  if (depth <= 1) return true;
  const populate: Record<string, DeepPopulate> = {};
  for (const [key, attr] of attributes) {
    if (ignore.includes(key) || attr.private) continue;
    if (attr.kind === 'media') populate[key] = true;
    else if (attr.kind === 'component') populate[key] = component(walk, attr.component, depth - 1, ignore);
    else if (attr.kind === 'dynamiczone') {
      const on: Record<string, DeepPopulate> = {};
      for (const uid of attr.components) on[uid] = component(walk, uid, depth - 1, ignore);
      populate[key] = Object.keys(on).length === 0 ? true : { on };
    } else if (attr.kind === 'relation') {
      const target = walk.model.contentTypes.get(attr.target);
      // a type already on the path (by collection name) is populated flat: the plugin's guard against cycles
      populate[key] = !target || ignore.includes(tableName(target)) ? true : contentType(walk, target, depth - 1, [...ignore]);
    }
  }
  if (localized && !ignore.includes('localizations')) populate.localizations = true;
  return Object.keys(populate).length === 0 ? true : { populate };
}

function contentType(walk: Walk, type: ContentType, depth: number, ignore: string[]): DeepPopulate {
  if (depth <= 1) return true;
  if (!ignore.includes(tableName(type))) ignore.push(tableName(type));
  return build(walk, type.attributes, showsLocalizations(type), depth, ignore);
}

function component(walk: Walk, uid: string, depth: number, ignore: readonly string[]): DeepPopulate {
  const schema = walk.model.components.get(uid);
  if (!schema || walk.components.includes(uid)) return true;
  return build({ ...walk, components: [...walk.components, uid] }, schema.attributes, false, depth, [...ignore]);
}

/**
 * The query the plugin's hook makes of a read: without `pLevel` (or a depth of 1 or less) the query as it is;
 * otherwise its populate replaced by the model's, `pLevel` levels deep (the request's own populate is dropped).
 */
export function withDeepPopulate(
  model: ContentModel,
  type: ContentType,
  query: Readonly<Record<string, unknown>>,
  settings: DeepPopulateSettings,
): Readonly<Record<string, unknown>> {
  if (query.pLevel === undefined) return query;
  const depth = depthOf(query.pLevel, settings);
  const built = contentType({ model, components: [] }, type, depth, ignoreOf(query.pIgnore));
  if (built === true || !('populate' in built)) return query;
  return { ...query, populate: built.populate };
}
