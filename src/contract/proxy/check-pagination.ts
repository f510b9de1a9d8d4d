import type { PageWindow, Pagination } from '../../core/query/pagination.js';
import type { Violation } from './violation.js';
import { isPlainObject } from '../../core/is-plain-object.js';

const has = (o: Record<string, unknown>, k: string) => Object.hasOwn(o, k) && o[k] !== undefined;
/** A requested number Strapi echoes as is: a positive integer; anything else it rewrites (see the notes). */
const positiveInt = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : typeof v === 'number' ? v : NaN;
  return Number.isInteger(n) && n >= 1 ? n : undefined;
};
const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * `meta.pagination` of a list: the style the request chose (page or offset), the echoed page/start, and numbers
 * consistent with `data` (a full page unless it is the last, pageCount = ceil(total / pageSize)).
 */
export function checkPagination(
  query: Record<string, unknown>,
  body: Record<string, unknown>,
  out: Violation[],
  /** The page the project's REST settings make of the query, when known. */
  expected?: Pagination,
  /** The rows the engine reads for it (where a fractional page really starts), when known. */
  window?: PageWindow,
): void {
  const data = Array.isArray(body.data) ? body.data : undefined;
  const meta = isPlainObject(body.meta) ? body.meta : undefined;
  const p = meta && isPlainObject(meta.pagination) ? meta.pagination : undefined;
  if (!data || !p) {
    if (data) out.push({ rule: 'pagination', path: '$.meta.pagination', message: 'is missing from a list answer' });
    return;
  }
  const asked = isPlainObject(query.pagination) ? query.pagination : {};
  // the meta's style as the engine reads the query (a key given without a value still picks its style)
  const offset = window ? !window.paged : has(asked, 'start') || has(asked, 'limit');
  const [sizeKey, posKey] = offset ? ['limit', 'start'] : ['pageSize', 'page'];
  const wrongStyle = offset ? ['page', 'pageSize', 'pageCount'] : ['start', 'limit'];
  for (const k of wrongStyle) {
    if (k in p)
      out.push({
        rule: 'pagination',
        path: `$.meta.pagination.${k}`,
        message: `belongs to ${offset ? 'page' : 'offset'} pagination, but the request used ${offset ? 'start/limit' : 'page/pageSize'}`,
      });
  }
  const size = p[sizeKey];
  const pos = p[posKey];
  if (!num(size) || !num(pos)) {
    out.push({ rule: 'pagination', path: `$.meta.pagination`, message: `must hold numeric ${posKey} and ${sizeKey}` });
    return;
  }
  // The position Strapi echoes: the parsed one when known (page 0 or -1 is page 1), else what was asked plainly.
  const parsedPos = expected ? (expected.mode === 'offset' ? expected.start : expected.page) : undefined;
  const askedPos =
    parsedPos ??
    (offset
      ? has(asked, 'start')
        ? Math.max(0, Math.trunc(Number(asked.start)))
        : 0
      : (positiveInt(asked.page) ?? (has(asked, 'page') ? undefined : 1)));
  if (askedPos !== undefined && Number.isFinite(askedPos) && pos !== askedPos) {
    out.push({ rule: 'pagination', path: `$.meta.pagination.${posKey}`, message: `is ${pos} but the request asked for ${askedPos}` });
  }
  const askedSize = positiveInt(asked[sizeKey]);
  if (askedSize !== undefined && size > askedSize) {
    out.push({ rule: 'pagination', path: `$.meta.pagination.${sizeKey}`, message: `is ${size}, more than the ${askedSize} asked for` });
  } else if (expected && (askedSize !== undefined || !has(asked, sizeKey))) {
    // A page size asked as a positive integer, or not asked: defaultLimit, capped at maxLimit.
    const want = expected.mode === 'offset' ? expected.limit : expected.pageSize;
    if (size !== want)
      out.push({
        rule: 'pagination',
        path: `$.meta.pagination.${sizeKey}`,
        message: `is ${size} but the REST settings make it ${want} (${askedSize === undefined ? 'defaultLimit' : `${askedSize} asked, maxLimit applies`})`,
      });
  }
  if (expected) {
    const counted = ['total', ...(offset ? [] : ['pageCount'])];
    for (const k of counted) {
      if (!expected.withCount && k in p)
        out.push({ rule: 'pagination', path: `$.meta.pagination.${k}`, message: 'is present but withCount is false' });
      if (expected.withCount && !(k in p))
        out.push({ rule: 'pagination', path: `$.meta.pagination.${k}`, message: 'is missing but withCount is true' });
    }
  }
  if (data.length > size)
    out.push({ rule: 'pagination', path: '$.data', message: `holds ${data.length} entries, more than ${sizeKey} ${size}` });
  const total = p.total;
  if (!num(total)) return;
  const start = window && Number.isFinite(window.start) ? window.start : offset ? pos : (pos - 1) * size;
  const rows = Math.max(0, Math.min(size, total - start));
  if (data.length !== rows && data.length <= size) {
    out.push({
      rule: 'pagination',
      path: '$.data',
      message: `holds ${data.length} entries, but total ${total} from row ${start} means ${rows}`,
    });
  }
  if (!offset && 'pageCount' in p && p.pageCount !== Math.ceil(total / size)) {
    out.push({
      rule: 'pagination',
      path: '$.meta.pagination.pageCount',
      message: `is ${String(p.pageCount)} but ceil(total ${total} / pageSize ${size}) = ${Math.ceil(total / size)}`,
    });
  }
}
