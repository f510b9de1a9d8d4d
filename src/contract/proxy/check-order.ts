import type { ContentIndex } from '../../core/data/content-index.js';
import type { ContentType } from '../../core/model/types.js';
import type { PopulateNode } from '../../core/query/populate.js';
import { fieldOf, scalarTypeOf, scopeBehind, type Scope } from '../../core/query/scope.js';
import type { SortTerm } from '../../core/query/sort.js';
import { compareKeys, sortKey } from '../../core/query/values.js';
import type { Violation } from './violation.js';
import { isPlainObject } from '../../core/is-plain-object.js';

type Kind = NonNullable<ReturnType<typeof scalarTypeOf>>;
interface Usable {
  readonly label: string;
  readonly kind: Kind;
  readonly direction: 'asc' | 'desc';
  /** The value the row shows for the term; undefined when it does not show it. */
  readonly read: (row: Record<string, unknown>) => { value: unknown } | undefined;
}

const own = (name: string) => (row: Record<string, unknown>) => (name in row ? { value: row[name] } : undefined);

/** A term on the scope's own scalar, or on a scalar of a to-one relation the request populates and shows. */
function usableTerm(index: ContentIndex, scope: Scope, node: PopulateNode, path: readonly string[]): Omit<Usable, 'direction'> | undefined {
  const field = fieldOf(scope, path[0]);
  if (path.length === 1) {
    const kind = field ? scalarTypeOf(field) : undefined;
    return kind && kind !== 'json' && kind !== 'blocks' ? { label: path[0], kind, read: own(path[0]) } : undefined;
  }
  const attribute = field?.kind === 'attribute' ? field.attribute : undefined;
  if (path.length !== 2 || attribute?.kind !== 'relation' || attribute.toMany) return undefined;
  const sub = node.populate.get(path[0]);
  const inner = scopeBehind(index, attribute);
  // A localized or draft & publish target links several rows per document: the one the sort joined may not be the
  // one populate shows (real Strapi: warehouses sorted by shelf.label through shelves of every locale).
  if (!sub || sub.count || inner?.kind !== 'type' || inner.type.localized || inner.type.draftAndPublish) return undefined;
  const innerField = fieldOf(inner, path[1]);
  const kind = innerField ? scalarTypeOf(innerField) : undefined;
  if (!kind || kind === 'json' || kind === 'blocks') return undefined;
  if (sub.fields !== null && !sub.fields.includes(path[1]) && path[1] !== 'id' && path[1] !== 'documentId') return undefined;
  const read = (row: Record<string, unknown>) => {
    const related = row[path[0]];
    // null (no related entry: where NULL sorts is the database's choice) and hidden relations prove nothing.
    return isPlainObject(related) && path[1] in related ? { value: related[path[1]] } : undefined;
  };
  return { label: path.join('.'), kind, read };
}

/**
 * Adjacent rows must follow the requested sort, compared as the engine (and SQLite) compares. Terms on the scope's
 * own scalars and on scalars of populated to-one relations can be checked; the first term that cannot ends the
 * comparison, since the order after it is unknown.
 */
export function checkListOrder(
  index: ContentIndex,
  scope: Scope,
  node: PopulateNode,
  terms: readonly SortTerm[],
  data: readonly unknown[],
  pathOf: (i: number) => string,
  out: Violation[],
  parameter = 'sort',
): void {
  const usable: Usable[] = [];
  for (const term of terms) {
    // a sort on a type's own `status` attribute orders by the root row's publication rank, not by the value (see
    // SortTerm.rank), which an answer does not show: nothing from it on can be judged
    if (term.rank) break;
    const found = usableTerm(index, scope, node, term.path);
    if (!found) break;
    usable.push({ ...found, direction: term.direction });
  }
  if (usable.length === 0) return;
  for (let i = 1; i < data.length; i++) {
    const a = data[i - 1];
    const b = data[i];
    if (!isPlainObject(a) || !isPlainObject(b)) return;
    for (const term of usable) {
      const va = term.read(a);
      const vb = term.read(b);
      if (!va || !vb) break;
      const c = compareKeys(sortKey(term.kind, va.value), sortKey(term.kind, vb.value));
      if (c === 0) continue;
      if (c < 0 !== (term.direction === 'asc')) {
        out.push({
          rule: 'sort',
          path: `${pathOf(i)}.${term.label}`,
          message: `${JSON.stringify(vb.value)} comes after ${JSON.stringify(va.value)} but ${parameter}=${term.label}:${term.direction}`,
        });
      }
      break;
    }
  }
}

/** The top-level list of a type's answer, in `sort` order. */
export function checkOrder(
  index: ContentIndex,
  type: ContentType,
  node: PopulateNode,
  terms: readonly SortTerm[],
  data: readonly unknown[],
  out: Violation[],
): void {
  checkListOrder(index, { kind: 'type', type }, node, terms, data, (i) => `$.data[${i}]`, out);
}
