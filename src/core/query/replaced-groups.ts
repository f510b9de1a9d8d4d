import type { ContentIndex } from '../data/content-index.js';
import { isPlainObject } from '../is-plain-object.js';
import { isOperator } from './operators.js';
import { fieldOf, scalarTypeOf, scopeBehind, type Scope } from './scope.js';

// @strapi/database builds one WHERE level (the filters' root, an `$and`/`$or` item, a `$not`) as one object.
// A relation (component, media) under it is processed into that same object: its where's keys are columns of
// the joined table, except `$and`/`$or`, which keep their names, and the builder copies them all into the level
// (`Object.assign`, with its own "TODO: push to $and when collisions"). So an `$and`/`$or` of the level, of a
// relation, or of a relation under a relation (each level hoists into the one above) takes the place of an
// earlier one of the same name, and the earlier condition is gone:
// - `{ partner: { name: …, partner: { or: [A] } }, or: [B] }` keeps `partner.name` and `or: [B]`, not A;
// - GraphQL's filters come in the input type's field order, so `next: { or: [A] }, partner: { …: { or: [B] } }`
//   keeps B (harness self-nest-701; archpad-content-501 for a lone `or` under `localizations`).

type Group = '$and' | '$or';
type Path = readonly string[];

/** The `$and`/`$or` one level ends with, each at the path that holds it; earlier ones of a name go into `drop`. */
function levelGroups(index: ContentIndex, scope: Scope, where: Record<string, unknown>, at: Path, drop: Path[]): Map<Group, Path> {
  const groups = new Map<Group, Path>();
  const place = (group: Group, path: Path) => {
    const earlier = groups.get(group);
    if (earlier) drop.push(earlier);
    groups.set(group, path);
  };
  for (const [key, value] of Object.entries(where)) {
    if (key === '$and' || key === '$or') {
      place(key, [...at, key]);
      continue;
    }
    if (isOperator(key) || !isPlainObject(value)) continue;
    const field = fieldOf(scope, key);
    if (!field || field.kind !== 'attribute' || scalarTypeOf(field)) continue;
    const inner = scopeBehind(index, field.attribute);
    if (!inner) continue;
    const keys = Object.keys(value);
    const operators = keys.filter(isOperator);
    // a relation's where of fields, or of one `$and`/`$or`, is processed as a level; one other operator compares the
    // joined id (a column: nothing hoisted), and a mix is refused where it is built
    const asLevel = operators.length === 0 || (keys.length === 1 && (operators[0] === '$and' || operators[0] === '$or'));
    if (!asLevel) continue;
    for (const [group, path] of levelGroups(index, inner, value, [...at, key], drop)) place(group, path);
  }
  return groups;
}

/** `where` without the key at `path`; a relation's where left empty goes too (its join then adds no condition). */
function without(where: Record<string, unknown>, path: Path): Record<string, unknown> {
  const [key, ...rest] = path;
  const out = { ...where };
  if (rest.length === 0) delete out[key];
  else {
    const inner = out[key];
    if (!isPlainObject(inner)) return where;
    const left = without(inner, rest);
    if (Object.keys(left).length === 0) delete out[key];
    else out[key] = left;
  }
  return out;
}

/**
 * One WHERE level (the object of a filters' root, an `$and`/`$or` item or a `$not`) without the `$and`/`$or`
 * conditions the database builder overwrites; the same object when none is.
 */
export function withoutReplacedGroups(index: ContentIndex, scope: Scope, where: Record<string, unknown>): Record<string, unknown> {
  return withoutReplacedIn(index, scope, where, where);
}

/**
 * `where` without the `$and`/`$or` the builder overwrites in `database`, the same filters as the database gets them
 * (GraphQL: Strapi's sanitizer empties nested groups one level per pass, so `or: [{ and: [{}] }]` reaches the builder
 * as `$or: []`: no condition, yet it takes the place of an earlier `$or`, harness self-nest-721).
 */
export function withoutReplacedIn(
  index: ContentIndex,
  scope: Scope,
  where: Record<string, unknown>,
  database: unknown,
): Record<string, unknown> {
  if (!isPlainObject(database)) return where;
  const drop: Path[] = [];
  levelGroups(index, scope, database, [], drop);
  return drop.reduce(without, where);
}
