import { isPlainObject } from '../is-plain-object.js';
import { FILE_UID, type GqlType } from './graphql-model.js';
import { DatabaseLayerError } from './strapi-timing.js';

// @strapi/database's where builder refuses some relation filters the GraphQL schema lets through: a relation's
// filter object mixing `and`/`or`/`not` with field keys, holding two of them, or holding `not` alone (which it
// then reads as an attribute-level operator named after the first aliased column). The resolver then fails with a
// plain Error, which Apollo answers as INTERNAL_SERVER_ERROR with that message. Join aliases are numbered as the
// builder numbers them: the queried table is t0, each relation or component joins its link table then its target
// (a relation field's own query has joined the parent's link table already; i18n's `localizations` joins none).

const GROUP = new Set(['$and', '$or']);
const snake = (s: string) =>
  s
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toLowerCase();

/** Throws the database's error for a REST `filters` object of `type` the where builder refuses. */
export function checkRelationWheres(filters: unknown, type: GqlType, byUid: ReadonlyMap<string, GqlType>, linkJoined = false): void {
  // a relation field's query joins its parent's link table first (t1)
  let next = linkJoined ? 2 : 1;
  const alias = () => `t${next++}`;
  const where = (value: unknown, t: GqlType, at: string): void => {
    if (Array.isArray(value)) return value.forEach((v) => where(v, t, at));
    if (!isPlainObject(value)) return;
    for (const [key, v] of Object.entries(value)) {
      if (GROUP.has(key)) {
        if (Array.isArray(v)) v.forEach((sub) => where(sub, t, at));
        continue;
      }
      if (key === '$not') {
        where(v, t, at);
        continue;
      }
      const a = t.attributes.find((x) => x.name === key);
      const target =
        a?.kind === 'relation'
          ? byUid.get(a.target)
          : a?.kind === 'component'
            ? byUid.get(a.component)
            : a?.kind === 'media'
              ? byUid.get(FILE_UID)
              : undefined;
      if (!target) continue;
      // i18n's localizations join on the document id column itself: one alias, no link table
      if (key !== 'localizations') alias();
      relationWhere(v, target, alias());
    }
  };
  const relationWhere = (value: unknown, target: GqlType, at: string): void => {
    if (!isPlainObject(value)) return;
    const keys = Object.keys(value);
    const operators = keys.filter((k) => k.startsWith('$'));
    if (operators.length > 0 && operators.length !== keys.length)
      throw new DatabaseLayerError('Operator and non-operator keys cannot be mixed in a relation where clause');
    if (operators.length > 1)
      throw new DatabaseLayerError(`Only one operator key is allowed in a relation where clause, but found: ${operators.join(',')}`);
    if (operators.length === 1 && !GROUP.has(operators[0])) {
      const inner = value[operators[0]];
      const first = isPlainObject(inner) ? Object.keys(inner)[0] : undefined;
      if (first !== undefined && !first.startsWith('$'))
        throw new DatabaseLayerError(`Undefined attribute level operator ${at}.${snake(first)}`);
    }
    where(value, target, at);
  };
  where(filters, type, 't0');
}
