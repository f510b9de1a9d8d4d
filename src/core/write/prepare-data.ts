import { fieldErrors, invalidKey, ValidationError, type FieldError } from '../errors/strapi-errors.js';
import { checkUnrecognizedKeys } from './unrecognized-keys.js';
import { keptComponent, mergedComponent, unrelatedComponents } from './kept-components.js';
import { objectTicks, orderFieldErrors, orderItemErrors, zoneItemTicks, type FieldErrors, type ItemErrors } from './completion-order.js';
import { listBoundError, storedList, zoneAttributes } from './list-bounds.js';
import type { Attributes, ContentType, ScalarAttribute } from '../model/types.js';
import type { ContentIndex } from '../data/content-index.js';
import type { ComponentValue } from '../data/types.js';
import { coerceScalar, DatabaseCastError, jsonReadBack, pathLabel, printValue, requiredError, yupType } from './coerce-scalar.js';
import {
  associatedIds,
  numberOf,
  contentTarget,
  mediaTarget,
  relationOp,
  rewriteRelation,
  type RelationOp,
  type RelationSource,
} from './relation-input.js';
import { relationsCheck } from './relation-store.js';
import { isPlainObject } from '../is-plain-object.js';
import { setLinkLocale } from '../data/link-locale.js';
import { setLinkVersion } from '../data/link-version.js';
import { requiredLinkFails } from './required-links.js';
import { isVisible, storedByDatabase, unchecked } from './visible.js';
import { isDraftRow } from '../data/content-index.js';

/** The body's `data`, checked and turned into stored form: attribute values, and relation operations to apply. */
export interface PreparedData {
  readonly values: Record<string, unknown>;
  readonly relations: Map<string, RelationOp>;
  /** Components updated in place, keeping their stored ids (see kept-components.ts): no new id to deal. */
  readonly kept: ReadonlySet<object>;
}

export interface PrepareOptions {
  readonly index: ContentIndex;
  /** Drafts skip required, min, minLength, regex and format checks, as Strapi's validator does. */
  readonly draft: boolean;
  /** A create validates every required attribute; an update only the ones it sends. */
  readonly creating: boolean;
  /** Locale of the version being written, for relation lookups and their messages. */
  readonly locale: string | null;
  /** Hands out component ids. */
  readonly nextId: (table: string) => number;
  /**
   * The stored values of the entry updated in place (the draft row a PUT updates): its components named by id are
   * updated in place, other ids refused (kept-components.ts). Undefined on a create or a new version.
   */
  readonly stored?: Record<string, unknown>;
  /** Root keys the route's body schema declares (checkBodyKeys): let through, and read by nothing here. */
  readonly routeBodyKeys?: readonly string[];
  /** Whether another version holds this value of a unique (or uid) attribute of the entry; checked on non-drafts. */
  readonly taken?: (attribute: string, value: unknown) => boolean;
  /**
   * Only what Strapi checks before it looks the document up (unknown keys, the documentIds relations name): no
   * attribute error is raised.
   */
  readonly resolveOnly?: boolean;
  /** Strapi's `documents.strictRelations`: required media and relations must hold something on non-drafts. */
  readonly strictRelations?: boolean;
  /**
   * The data is a stored version (publishing validates the draft): relation and media values are what the row holds,
   * checked for presence only, never looked up again.
   */
  readonly storedLinks?: boolean;
  /**
   * A new locale of an existing document: Strapi's update creates it with the documentId in its data (after the
   * version keys), which the relations check's value shows.
   */
  readonly documentId?: string;
}

/** Keys Strapi refuses in a body because the server owns them. */
const NOT_WRITABLE = new Set(['createdAt', 'updatedAt', 'createdBy', 'updatedBy', 'localizations']);
/** Keys Strapi silently drops: the version comes from the query (`?locale=`, `?status=`), never the body. */
const IGNORED = new Set(['publishedAt', 'locale', 'status']);

/**
 * Strapi resolves the documentIds relations name walking the body's keys in their order, into components and zone
 * entries where they come (its data-ids transform traverses the entity): the first unknown one in that order is the
 * one its error names (harness graphql-run links-mini seed 503: a component's relation before a later attribute's;
 * write grammar events and blogcms seed 1601: a media's before a later relation's).
 */
function resolveRelationIds(index: ContentIndex, source: RelationSource, attributes: Attributes, data: Record<string, unknown>): void {
  for (const key of Object.keys(data)) {
    const attribute = attributes.get(key);
    const value = data[key];
    if (attribute === undefined || value === undefined) continue;
    if (attribute.kind === 'relation') {
      const target = index.model.contentTypes.get(attribute.target);
      if (target) rewriteRelation(contentTarget(index, source, target), value, !attribute.toMany);
    } else if (attribute.kind === 'media') {
      // media are walked too (`includeMedia`): a file named by an unknown documentId is found missing in body order
      rewriteRelation(mediaTarget(index), value, false);
    } else if (attribute.kind === 'component' || attribute.kind === 'dynamiczone') {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (!isPlainObject(item)) continue;
        const uid = attribute.kind === 'component' ? attribute.component : item.__component;
        const component = typeof uid === 'string' ? index.model.components.get(uid) : undefined;
        if (component) resolveRelationIds(index, source, component.attributes, item);
      }
    }
  }
}

export function prepareData(type: ContentType, data: Record<string, unknown>, opts: PrepareOptions): PreparedData {
  const source: RelationSource = { type, locale: opts.locale };
  checkBodyKeys(opts.index, type, data, opts.routeBodyKeys);
  if (!opts.storedLinks) resolveRelationIds(opts.index, source, type.attributes, data);
  const errors: FieldError[] = [];
  const relations = new Map<string, RelationOp>();
  const echo: Record<string, unknown> = {};
  const cast: Error[] = [];
  const rootCast: ValidationError[] = [];
  const kept = new Set<object>();
  const values = prepareAttributes(
    type.attributes,
    data,
    [],
    { ...opts, source, cast, rootCast, kept, listDefaults: opts.creating },
    errors,
    echo,
    (name, op) => relations.set(name, op),
  );
  if (opts.resolveOnly) return { values, relations, kept };
  // The relations check sees the data as Strapi's validator does: cast, relations rewritten, version keys added.
  const version = {
    publishedAt: type.draftAndPublish ? null : new Date().toISOString(),
    ...(type.localized ? { locale: opts.locale } : {}),
  };
  const given = { ...data, ...version, ...(opts.documentId === undefined ? {} : { documentId: opts.documentId }) };
  const rewritten = yupCast(type.attributes, given, echo, Object.keys(version));
  const failed = opts.storedLinks ? undefined : relationsCheck(opts.index, type.attributes, rewritten);
  if (failed !== undefined) errors.push({ path: [], message: failed, value: rewritten });
  // yup names list items by their index as a string (`['blocks', '0', '__component']`)
  if (errors.length > 0) throw fieldErrors(errors.map((e) => ({ ...e, path: e.path.map(String) })));
  // then what the writes meet, in their order: the components first, attribute by attribute (their ids, as
  // updateComponents checks them before it writes any of an attribute; each component row's casts as it is written;
  // a hidden value the component code cannot take), then the entry's own row and its casts
  if (cast.length > 0) throw cast[0];
  if (rootCast.length > 0) throw rootCast[0];
  return { values, relations, kept };
}

/** What yup's cast leaves of a value that failed validation (the relations check sees it). */
function failedEcho(attribute: ScalarAttribute, value: unknown): unknown {
  const type = yupType(attribute);
  // an enumeration is yup's plain string (the text types give the original value back): a number or boolean is cast
  // to its text, an object or list stays as it is
  if (attribute.type === 'enumeration' && (typeof value === 'number' || typeof value === 'boolean')) return String(value);
  if (type === 'string' || type === 'boolean' || type === 'mixed' || type === 'array') return value;
  if (type !== 'number') return null;
  // yup's number cast: a number stays, a string is read without its spaces; NaN (null in JSON) otherwise
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value.replace(/\s/g, '')) : NaN;
  return Number.isNaN(n) ? null : n;
}

/** Values the echo shows in another form than yup's cast gives them (dates are checked, not cast). */
const FORMATTED = new Set(['date', 'datetime', 'time', 'timestamp']);

/**
 * An object as yup's cast leaves it for the relations check: the given keys with `echo`'s values over them. When the
 * cast changed something (a default added, a value cast, a nested object changed), yup builds a new object in its
 * shape's field order, which is the attributes' (then `tail`'s) reversed, unknown keys after (harness graphql-run
 * kit seed 503: an optional zone's `[]` default); else it keeps the given object.
 */
function yupCast(
  attributes: Attributes,
  given: Record<string, unknown>,
  echo: Record<string, unknown>,
  tail: readonly string[] = [],
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...given, ...echo };
  const changed = Object.keys(echo).some((key) => {
    if (!Object.hasOwn(given, key)) return true;
    const attribute = attributes.get(key);
    if (attribute?.kind === 'scalar') return !FORMATTED.has(attribute.type) && echo[key] !== given[key];
    // a component's value is a new object only where its own cast changed something (its given value else)
    if (attribute?.kind === 'component') return changedList(given[key], echo[key]);
    if (attribute?.kind === 'dynamiczone') return changedList(given[key], echo[key], true);
    return false;
  });
  if (!changed) return merged;
  const out: Record<string, unknown> = {};
  for (const key of [...attributes.keys(), ...tail].reverse()) if (Object.hasOwn(merged, key)) out[key] = merged[key];
  for (const key of Object.keys(merged)) if (!Object.hasOwn(out, key)) out[key] = merged[key];
  return out;
}

/** Whether a component value (or list of them) was re-made by yupCast: its keys in another order or other ones. */
function changedList(given: unknown, cast: unknown, zone = false): boolean {
  const items = (v: unknown) => (Array.isArray(v) ? v : [v]);
  const a = items(given);
  const b = items(cast);
  return a.some((item, i) => {
    const other = b[i];
    if (!isPlainObject(item) || !isPlainObject(other)) return false;
    const keys = (o: Record<string, unknown>) => Object.keys(o).filter((k) => !zone || k !== '__component');
    return keys(item).join('\u0000') !== keys(other).join('\u0000');
  });
}

/**
 * Strapi's input validation, which runs on the whole body before anything else: first the keys the server owns
 * (`throwRestrictedFields`), then keys that are not attributes, depth first (`throwUnrecognizedFields`,
 * unrecognized-keys.ts). `routeBodyKeys`: the root keys of the route's declared body schema, which Strapi lets
 * through at the payload's root too (a core route declares `{ data }`: `data.data` passes, and is written nowhere).
 */
export function checkBodyKeys(
  index: ContentIndex,
  type: ContentType,
  data: Record<string, unknown>,
  routeBodyKeys: readonly string[] = [],
): void {
  for (const key of Object.keys(data)) {
    if (key === 'id' || key === 'documentId') throw invalidKey(key, { source: 'body' });
    if (NOT_WRITABLE.has(key)) throw invalidKey(key, { path: key, source: 'body' });
  }
  checkUnrecognizedKeys(index, type, data, routeBodyKeys.length === 0 ? IGNORED : new Set([...IGNORED, ...routeBodyKeys]));
}

/** The root keys of the body schema Strapi's core routes declare for create and update (`z.object({ data })`). */
export const CORE_ROUTE_BODY_KEYS: readonly string[] = ['data'];

/**
 * The payload without the route's body keys that are no attribute of the type: the input validation let them through
 * (checkBodyKeys), the input sanitizer then removes them as it removes every unrecognized field.
 */
export function withoutRouteBodyKeys(
  type: ContentType,
  data: Record<string, unknown>,
  routeBodyKeys: readonly string[],
): Record<string, unknown> {
  const extra = routeBodyKeys.filter((key) => key in data && !type.attributes.has(key));
  if (extra.length === 0) return data;
  const out = { ...data };
  for (const key of extra) delete out[key];
  return out;
}

type OnRelation = (name: string, op: RelationOp) => void;

/** A stored link as Strapi's publish validates it: a to-one's target or null, a to-many's list as `{ set }`. */
/** The row a stored link inside a component points to once published: the target's published version in the locale. */
const publishedLinkId =
  (opts: PrepareOptions) =>
  (target: string, documentId: string): number | undefined => {
    const localized = opts.index.model.contentTypes.get(target)?.localized === true;
    return opts.index
      .documentRows(target, documentId)
      .find((r) => !isDraftRow(r) && (!localized || r.locale === (opts.locale ?? opts.index.model.defaultLocale)))?.id;
  };

const storedLink = (value: unknown, toOne: boolean): unknown => (toOne ? (value ?? null) : { set: Array.isArray(value) ? value : [] });

/**
 * Whether a create that leaves a required component or dynamic zone out fails. Strapi's validator gives a list (a
 * repeatable component, a dynamic zone) `[]` as default only when it is optional, and never lets it be nil: a
 * required list left out fails even on a draft. A required single component is checked outside drafts.
 */
const listOrSingleRequired = (list: boolean, required: boolean | undefined, opts: PrepareOptions) =>
  Boolean(opts.creating && required && (list || !opts.draft));
const nullComponentError = (path: (string | number)[]): FieldError => ({
  path,
  message: `${pathLabel(path)} must be a \`object\` type, but the final value was: \`null\`.`,
  value: null,
});
/** yup's `notNil` on a key left out: "must be defined.", and the details carry no value. */
const undefinedError = (path: (string | number)[]): FieldError => ({
  path,
  message: `${pathLabel(path)} must be defined.`,
  value: undefined,
});

const mustHoldLink = (opts: PrepareOptions, required: boolean | undefined) => Boolean(opts.strictRelations && required && !opts.draft);
/** Strapi names the attribute alone, wherever it sits (its test's message), and reports the value sent. */
const linkRequired = (path: (string | number)[], name: string, value: unknown): FieldError => ({
  path,
  message: `${name} must be defined.`,
  value,
});
type Options = PrepareOptions & {
  readonly source: RelationSource;
  /**
   * What fails once validation passed, as the component writes meet it, in their order: a component named by an id
   * its entry does not hold (updateComponents), a component row's database cast, a hidden value the component code
   * cannot take. Thrown before `rootCast`, the entry's own row's casts (written after its components).
   */
  readonly cast: Error[];
  readonly rootCast: ValidationError[];
  /**
   * The values become a new database row (a component created by an update): the database fills the attributes'
   * defaults (processData withDefaults), whatever the validation (yup adds them on a create only). Else: `creating`.
   */
  readonly inserting?: boolean;
  readonly kept: Set<object>;
  /** yup's `[]` default of optional lists: on a create only, components inside included (their values are checked
   * like a create's otherwise) (harness graphql-run school seed 503). */
  readonly listDefaults: boolean;
  /**
   * Below a conditional field its rule hides: Strapi's validator skips the field whole (`yup.mixed()`), so nothing
   * under it is checked, defaulted or cast by yup; the database takes what it is given (visible.ts).
   */
  readonly hidden?: boolean;
};

/**
 * Checks `data` against `attributes` and returns the stored form; `echo` receives the form Strapi's relations check
 * reports (scalars cast, relations and media rewritten to row ids). `onRelation` takes the entry's own relations.
 */
function prepareAttributes(
  attributes: Attributes,
  data: Record<string, unknown>,
  path: (string | number)[],
  checked: Options,
  errors: FieldError[],
  echo: Record<string, unknown>,
  onRelation: OnRelation | undefined,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  // a conditional field hidden by `data` is checked as loosely as a draft's, and without bounds (visible.ts)
  const relaxed: Options = { ...checked, draft: true, strictRelations: false, taken: undefined, hidden: true, listDefaults: false };
  // each field's errors, for yup's order of them (completion-order.ts)
  const fields: FieldErrors[] = [];
  for (const declared of attributes.values()) {
    fields.push({ attribute: declared, start: errors.length, end: errors.length, value: data[declared.name] });
    const visible = !checked.hidden && isVisible(declared, data);
    const opts = visible ? checked : relaxed;
    const attribute = visible || declared.kind !== 'scalar' ? declared : unchecked(declared);
    const here = [...path, attribute.name];
    const present = Object.hasOwn(data, attribute.name) && data[attribute.name] !== undefined;
    let value = data[attribute.name];
    if (!visible && attribute.kind === 'scalar') value = storedByDatabase(attribute, value);
    if (!present && (opts.inserting ?? opts.creating) && attribute.kind === 'scalar' && attribute.default !== undefined)
      value = attribute.default;
    const given = present || value !== undefined;
    const mustCheckRequired = attribute.required && !opts.draft && (opts.creating || present);

    switch (attribute.kind) {
      case 'scalar': {
        if (!given) {
          if (mustCheckRequired) errors.push(requiredError(here, attribute, undefined, opts.creating));
          continue;
        }
        let r;
        try {
          r = coerceScalar(attribute, value, here, opts.draft);
        } catch (error) {
          if (!(error instanceof DatabaseCastError)) throw error;
          // validation lets the value through; the database refuses it later (see prepareData)
          (path.length === 0 ? opts.rootCast : opts.cast).push(error);
          if (present) echo[attribute.name] = visible ? value : data[attribute.name];
          continue;
        }
        // what yup's cast leaves for the relations check: a failed number or date cast is NaN / Invalid Date (null
        // in JSON); a string or boolean schema keeps a value it cannot cast as it was; a create's default is there too
        // (the validator's `default(attr.default)`); a mixed schema (blocks) casts nothing
        // (a number that casts but breaks a rule, min or max, stays the number: harness graphql-run events seed 503)
        // dates are checked, not cast: the value as given (harness graphql-run events seed 503)
        // (an attribute's default is yup's on a create only: an update's component gets it when stored, not in the echo;
        // harness graphql-run shop 552)
        if (present || opts.listDefaults)
          echo[attribute.name] = r.ok ? (FORMATTED.has(attribute.type) ? value : r.value) : failedEcho(attribute, value);
        // a hidden field is yup's mixed schema: it casts nothing, the relations check sees the value as sent
        if (present && !visible) echo[attribute.name] = data[attribute.name];
        if (!r.ok && !visible) {
          // a hidden field is not validated: what its type cannot take fails where the database writes its row
          // (harness hidden-parts write grammar 1710: after a component's unrelated id)
          const failed = [r.error, ...(r.more ?? [])].map((e) => ({ ...e, path: e.path.map(String) }));
          (path.length === 0 ? opts.rootCast : opts.cast).push(fieldErrors(failed));
        } else if (!r.ok) errors.push(r.error, ...(r.more ?? []));
        else if (r.value === null && mustCheckRequired) errors.push(requiredError(here, attribute, null, opts.creating, value));
        else {
          out[attribute.name] = attribute.type === 'json' ? jsonReadBack(r.value) : r.value;
          const unique = attribute.unique || attribute.type === 'uid';
          if (unique && path.length === 0 && !opts.draft && r.value !== null && r.value !== '' && opts.taken?.(attribute.name, r.value))
            errors.push({ path: here, message: 'This attribute must be unique', value: r.value });
        }
        break;
      }
      case 'relation': {
        const target = opts.index.model.contentTypes.get(attribute.target);
        // (a stored version holds its inverse-side links on the other rows: those are not checked)
        const checked = mustHoldLink(opts, attribute.required) && !(opts.storedLinks && !attribute.owner);
        if (opts.storedLinks || !present || !target) {
          const held = opts.storedLinks ? storedLink(value, !attribute.toMany) : undefined;
          if (checked && requiredLinkFails(opts.creating, held, !attribute.toMany)) errors.push(linkRequired(here, attribute.name, held));
          break;
        }
        const relation = contentTarget(opts.index, opts.source, target);
        const rewritten = rewriteRelation(relation, value, !attribute.toMany);
        echo[attribute.name] = rewritten;
        // checked on the value as rewritten (`[]` is `{ set: [] }`), which is what the error shows
        if (checked && requiredLinkFails(opts.creating, rewritten, !attribute.toMany))
          errors.push(linkRequired(here, attribute.name, rewritten));
        const op = relationOp(relation, rewritten, attribute.name);
        if (onRelation) onRelation(attribute.name, op);
        else {
          // Inside a component the whole value is written anew: what it sets or connects is what it holds.
          const docs = op.set ?? (op.connect ?? []).map((c) => c.documentId);
          out[attribute.name] = attribute.toMany ? docs : (docs.at(-1) ?? null);
          for (const [documentId, locale] of op.locales ?? []) {
            if (docs.includes(documentId) && locale !== opts.index.model.defaultLocale)
              setLinkLocale(out, attribute.name, documentId, locale);
          }
          for (const [documentId, version] of op.versions ?? [])
            if (docs.includes(documentId)) setLinkVersion(out, attribute.name, documentId, version);
        }
        break;
      }
      case 'media': {
        const checked = mustHoldLink(opts, attribute.required);
        if (opts.storedLinks || !present) {
          const held = opts.storedLinks ? storedLink(value, !attribute.multiple) : undefined;
          if (checked && requiredLinkFails(opts.creating, held, !attribute.multiple)) errors.push(linkRequired(here, attribute.name, held));
          break;
        }
        const rewritten = rewriteRelation(mediaTarget(opts.index), value, false);
        echo[attribute.name] = rewritten;
        if (checked && requiredLinkFails(opts.creating, rewritten, !attribute.multiple))
          errors.push(linkRequired(here, attribute.name, rewritten));
        out[attribute.name] = mediaIds(opts.index, rewritten, attribute.multiple);
        break;
      }
      case 'component': {
        // yup's default for an optional list on a create: `[]` (the relations check shows it)
        if (!given && attribute.repeatable && !attribute.required && opts.listDefaults) echo[attribute.name] = [];
        if (!given) {
          // a stored draft checked at publish holds no single component as `null` (Strapi reads the row back)
          if (opts.storedLinks && !attribute.repeatable && attribute.required && !opts.draft) errors.push(nullComponentError(here));
          else if (listOrSingleRequired(attribute.repeatable, attribute.required, opts)) errors.push(undefinedError(here));
          continue;
        }
        const component = opts.index.model.components.get(attribute.component);
        if (!component) continue;
        const one = (given: unknown, p: (string | number)[]): ComponentValue | null => {
          const v = opts.hidden ? hiddenComponentValue(given, p, opts.inserting ?? opts.creating, opts.cast) : given;
          if (v === null) return null;
          if (!isPlainObject(v)) {
            errors.push({
              path: p,
              message: `${pathLabel(p)} must be a \`object\` type, but the final value was: \`${printValue(v)}\`.`,
              value: v,
            });
            return null;
          }
          // Its attributes are validated as the entry's are (Strapi's component validator takes the entry's creation or
          // update: on an update a required one may be left out, not null). One named by its id is updated in place:
          // its own components are its stored ones.
          const held = keptComponent(opts.stored, attribute.name, v, false);
          const innerEcho: Record<string, unknown> = {};
          const inner = prepareAttributes(
            component.attributes,
            v,
            p,
            { ...opts, stored: held, inserting: !held },
            errors,
            innerEcho,
            undefined,
          );
          echoed.push(yupCast(component.attributes, v, innerEcho));
          const made = held
            ? { id: held.id, ...mergedComponent(held, v, inner) }
            : { id: opts.nextId(`component:${component.uid}`), ...inner };
          if (held) opts.kept.add(made);
          return made;
        };
        const unrelated = opts.stored && unrelatedComponents(opts.stored, attribute.name, value, false);
        if (unrelated) opts.cast.push(unrelated);
        const echoed: unknown[] = [];
        echo[attribute.name] = attribute.repeatable && Array.isArray(value) ? echoed : value;
        if (attribute.repeatable) {
          // a hidden list's `null` on a create is skipped as an absent one (createComponents); on an update it fails
          // later in Strapi (a 500: not an array), here below
          if (value === null && opts.hidden && opts.creating) continue;
          // (a hidden one is not validated: the component code fails on anything else than a list, once validation
          // passed: a 500 there)
          if (!Array.isArray(value) && opts.hidden) {
            opts.cast.push(hiddenValueError(here, value, 'a list'));
            continue;
          }
          // Lists are never nullable in Strapi's validator: `null` is a type error, `[]` clears.
          if (!Array.isArray(value)) {
            // an object shows its relations and media rewritten, as a single component given a list does (Strapi's
            // data-ids transform walks it before yup refuses it: harness notum-lite --code write grammar 1709)
            const shown = isPlainObject(value) ? linksRewritten(opts, component.attributes, value) : value;
            echo[attribute.name] = shown;
            errors.push({
              path: here,
              message: `${pathLabel(here)} must be a \`array\` type, but the final value was: \`${printValue(shown)}\`.`,
              value: shown,
            });
          } else {
            const items: ItemErrors[] = [];
            out[attribute.name] = value
              .map((v, i) => {
                const start = errors.length;
                const p = [...here, i];
                const item = opts.hidden ? v : listItemCast(v, p, errors);
                if (item === null && !opts.hidden) echoed.push(null);
                const made = item === null && !opts.hidden ? null : one(item, p);
                items.push({ start, end: errors.length, value: v });
                return made;
              })
              .filter((v) => v !== null);
            orderItemErrors(errors, items, (v) => objectTicks(opts.index.model, component.attributes, v));
            const bound = listBoundError(attribute, value.length, here, opts.draft, () =>
              opts.storedLinks
                ? storedList(opts.index.model, value, () => component.attributes, publishedLinkId(opts))
                : echo[attribute.name],
            );
            if (bound) errors.push(bound);
          }
        } else {
          if (Array.isArray(value) && !opts.hidden) {
            // Strapi rewrites the relations and media inside before yup refuses the list (its data-ids transform walks
            // arrays whatever the attribute): the error shows them rewritten (harness graphql-run geometre-811)
            const shown = value.map((v) => (isPlainObject(v) ? linksRewritten(opts, component.attributes, v) : v));
            echo[attribute.name] = shown;
            errors.push({
              path: here,
              message: `${pathLabel(here)} must be a \`object\` type, but the final value was: \`${printValue(shown)}\`.`,
              value: shown,
            });
          } else if (value === null && attribute.required && !opts.draft) {
            // a required component's object schema is not nullable (only optional ones get `.nullable()`)
            errors.push(nullComponentError(here));
          } else {
            out[attribute.name] = one(value, here);
            if (isPlainObject(value)) echo[attribute.name] = echoed[0];
          }
        }
        break;
      }
      case 'dynamiczone': {
        if (!given && !attribute.required && opts.listDefaults) echo[attribute.name] = [];
        if (!given) {
          if (listOrSingleRequired(true, attribute.required, opts)) errors.push(undefinedError(here));
          continue;
        }
        echo[attribute.name] = value;
        // As for repeatable components: `null` is refused, `[]` empties the zone. (A hidden zone is not validated:
        // anything but a list fails its relations check when no entry names a component, relation-store.ts, else
        // the component code once validation passed, a 500 there.)
        if (!Array.isArray(value)) {
          if (opts.hidden) {
            opts.cast.push(hiddenValueError(here, value, 'a list'));
            continue;
          }
          errors.push({
            path: here,
            message: `${pathLabel(here)} must be a \`array\` type, but the final value was: \`${printValue(value)}\`.`,
            value,
          });
          continue;
        }
        const entries: ComponentValue[] = [];
        const echoed: unknown[] = [];
        echo[attribute.name] = echoed;
        const zoneEntry = (given: unknown, i: number): void => {
          const p = [...here, i];
          const entry = opts.hidden ? given : listItemCast(given, p, errors);
          if (entry === null && !opts.hidden) {
            echoed.push(null);
            return;
          }
          const uid = isPlainObject(entry) ? entry.__component : undefined;
          echoed.push(entry);
          if (typeof uid !== 'string') {
            // yup reports a missing required value without one; the relations check then fails too (relation-store.ts)
            if (!opts.hidden)
              errors.push({ path: [...p, '__component'], message: `${pathLabel(p)}.__component is a required field`, value: undefined });
            return;
          }
          const component = opts.index.model.components.get(uid);
          if (!component) {
            // Strapi lists `Object.keys(strapi.components)`, in the order its glob of `components/*/*.json` returns
            // the files: reverse path order.
            // (the files' paths: `link.json` sorts after `link-decorations.json`, as `.` after `-`; notum-lite
            // --code write grammar 1719)
            const file = (uid: string) => `${uid.replace('.', '/')}.json`;
            const all = [...opts.index.model.components.keys()].sort((a, b) => (file(a) < file(b) ? 1 : file(a) > file(b) ? -1 : 0));
            // (a hidden zone's entry is not validated: its relations check fails alone, relation-store.ts)
            if (!opts.hidden)
              errors.push({
                path: [...p, '__component'],
                message: `${pathLabel(p)}.__component must be one of the following values: ${all.join(', ')}`,
                value: uid,
              });
            return;
          }
          // Any existing component is accepted, declared in the zone or not: Strapi stores it in the draft and shows it
          // there, but leaves it out of the published copy (see cloneAttribute).
          const body = { ...(entry as Record<string, unknown>) };
          delete body.__component;
          const held = keptComponent(opts.stored, attribute.name, entry as Record<string, unknown>, true);
          const innerEcho: Record<string, unknown> = {};
          const inner = prepareAttributes(
            component.attributes,
            body,
            p,
            { ...opts, stored: held, inserting: !held },
            errors,
            innerEcho,
            undefined,
          );
          echoed[echoed.length - 1] = { __component: uid, ...yupCast(component.attributes, body, innerEcho) };
          const made = held
            ? { id: held.id, __component: uid, ...mergedComponent(held, body, inner) }
            : { id: opts.nextId(`component:${uid}`), __component: uid, ...inner };
          if (held) opts.kept.add(made);
          entries.push(made);
        };
        const unrelated = opts.stored && unrelatedComponents(opts.stored, attribute.name, value, true);
        if (unrelated) opts.cast.push(unrelated);
        const items: ItemErrors[] = [];
        value.forEach((entry, i) => {
          const start = errors.length;
          zoneEntry(entry, i);
          items.push({ start, end: errors.length, value: entry });
        });
        orderItemErrors(errors, items, (entry) => zoneItemTicks(opts.index.model, entry));
        const bound = listBoundError(attribute, value.length, here, opts.draft, () =>
          opts.storedLinks ? storedList(opts.index.model, value, zoneAttributes(opts.index.model), publishedLinkId(opts)) : echoed,
        );
        if (bound) errors.push(bound);
        out[attribute.name] = entries;
        break;
      }
    }
  }
  fields.forEach((f, i) => (fields[i] = { ...f, end: fields[i + 1]?.start ?? errors.length }));
  orderFieldErrors(checked.index.model, errors, path, [...attributes.keys()], fields);
  return out;
}

/**
 * yup's object cast of a component list's or zone's item (the list itself is not cast, its items are): a text is
 * read as JSON, and anything that is then no object is `null`, a type error naming what it was cast from
 * (`boxes[0] must be a \`object\` type, but the final value was: \`null\` (cast from the value \`"y"\`).`; the
 * relations check then sees `null`; probed on Strapi 5.54).
 */
function listItemCast(value: unknown, path: (string | number)[], errors: FieldError[]): unknown {
  if (isPlainObject(value)) return value;
  let cast: unknown = null;
  if (typeof value === 'string') {
    try {
      cast = JSON.parse(value);
    } catch {
      cast = null;
    }
  }
  if (isPlainObject(cast)) return cast;
  const from = value === null ? '' : ` (cast from the value \`${printValue(value)}\`)`;
  errors.push({ path, message: `${pathLabel(path)} must be a \`object\` type, but the final value was: \`null\`${from}.`, value: null });
  return null;
}

/**
 * What Strapi's document service makes of a hidden component's value, which no validation checked
 * (components.ts; probed on Strapi 5.54). Where its holder is a new row (createComponent), anything but an object is
 * a component with its defaults only, the database reading no attribute off a list, a text or a list's `null`. Where
 * its holder is updated (updateOrCreateComponent), a `null` is none and a list is a new component with defaults, but
 * a text, number or boolean fails (`'id' in value` throws: a 500 there).
 */
function hiddenComponentValue(value: unknown, path: (string | number)[], inserting: boolean, failures: Error[]): unknown {
  if (isPlainObject(value)) return value;
  if (value === null) return inserting && path.length > 0 && typeof path.at(-1) === 'number' ? {} : null;
  if (inserting || Array.isArray(value)) return {};
  failures.push(hiddenValueError(path, value, 'an object, a list or null'));
  return null;
}

/** A hidden component's value Strapi's component code fails on once validation passed (a 500 there). */
function hiddenValueError(path: (string | number)[], value: unknown, takes: string): ValidationError {
  return new ValidationError(
    `${pathLabel(path)} cannot be written with ${printValue(value)}: a hidden component field takes ${takes} (real Strapi answers 500)`,
    {},
  );
}

/** A component value with its relations and media in the rewritten form (nested components and zones too). */
function linksRewritten(opts: Options, attributes: Attributes, value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...value };
  for (const [key, v] of Object.entries(value)) {
    const attribute = attributes.get(key);
    if (attribute === undefined || v === undefined) continue;
    if (attribute.kind === 'media') out[key] = rewriteRelation(mediaTarget(opts.index), v, false);
    else if (attribute.kind === 'relation') {
      const target = opts.index.model.contentTypes.get(attribute.target);
      if (target) out[key] = rewriteRelation(contentTarget(opts.index, opts.source, target), v, !attribute.toMany);
    } else if (attribute.kind === 'component' || attribute.kind === 'dynamiczone') {
      const one = (item: unknown): unknown => {
        if (!isPlainObject(item)) return item;
        const uid = attribute.kind === 'component' ? attribute.component : item.__component;
        const component = typeof uid === 'string' ? opts.index.model.components.get(uid) : undefined;
        return component ? linksRewritten(opts, component.attributes, item) : item;
      };
      out[key] = Array.isArray(v) ? v.map(one) : one(v);
    }
  }
  return out;
}

/** Stored media ids of a rewritten value (all exist once the relations check passed); a single media keeps the first. */
function mediaIds(index: ContentIndex, rewritten: unknown, multiple: boolean): number | number[] | null {
  // a boolean passes the relations check as SQLite's 1 or 0 but is no id the database links (`cover: true`: none)
  const given = associatedIds(rewritten).filter((id) => typeof id !== 'boolean');
  const ids = [...new Set(given.map(numberOf))].filter((id) => index.media(id) !== undefined);
  return multiple ? ids : (ids[0] ?? null);
}
