import type { ContentType } from '../../core/model/types.js';
import { fieldOf, scalarTypeOf } from '../../core/query/scope.js';
import type { SortTerm } from '../../core/query/sort.js';
import { compareKeys, sortKey } from '../../core/query/values.js';
import type { Violation } from './violation.js';
import { isPlainObject } from '../../core/is-plain-object.js';

/**
 * Adjacent rows must follow the requested sort, compared as the engine (and SQLite) compares. Only scalar terms
 * on the type itself whose field the rows show can be checked; the first term that cannot ends the comparison,
 * since the order after it is unknown.
 */
export function checkOrder(type: ContentType, terms: readonly SortTerm[], data: readonly unknown[], out: Violation[]): void {
  const scope = { kind: 'type', type } as const;
  const usable: Array<{ name: string; kind: NonNullable<ReturnType<typeof scalarTypeOf>>; direction: 'asc' | 'desc' }> = [];
  for (const term of terms) {
    const field = term.path.length === 1 ? fieldOf(scope, term.path[0]) : undefined;
    const kind = field ? scalarTypeOf(field) : undefined;
    if (!kind || kind === 'json' || kind === 'blocks') break;
    usable.push({ name: term.path[0], kind, direction: term.direction });
  }
  if (usable.length === 0) return;
  for (let i = 1; i < data.length; i++) {
    const a = data[i - 1];
    const b = data[i];
    if (!isPlainObject(a) || !isPlainObject(b)) return;
    for (const term of usable) {
      if (!(term.name in a) || !(term.name in b)) break;
      const c = compareKeys(sortKey(term.kind, a[term.name]), sortKey(term.kind, b[term.name]));
      if (c === 0) continue;
      if (c < 0 !== (term.direction === 'asc')) {
        out.push({
          rule: 'sort',
          path: `$.data[${i}].${term.name}`,
          message: `${JSON.stringify(b[term.name])} comes after ${JSON.stringify(a[term.name])} but sort=${term.name}:${term.direction}`,
        });
      }
      break;
    }
  }
}
