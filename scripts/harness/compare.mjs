// Comparison with the conformance kit's rules (scripts/differential/compare.mjs: fresh ids, documentIds and
// timestamps become tokens; key order ignored; array order kept), returning the first difference as a path.
export { knownValues, normaliser } from '../differential/compare.mjs';

// a bcrypt hash has a random salt: its shape is what both sides must agree on
const BCRYPT = /^\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}$/;

/** A GraphQL answer without what differs by nature: bcrypt salts, and Apollo's development-only `stacktrace`. */
export function stripGraphqlVolatile(v) {
  if (typeof v === 'string' && BCRYPT.test(v)) return '<bcrypt hash>';
  if (Array.isArray(v)) return v.map(stripGraphqlVolatile);
  if (v && typeof v === 'object') {
    const o = {};
    for (const [k, x] of Object.entries(v)) if (k !== 'stacktrace') o[k] = stripGraphqlVolatile(x);
    return o;
  }
  return v;
}

/** Paths where both values are objects with the same keys in another order (each with both orders). */
export function keyOrderDiffs(a, b, path = '', out = []) {
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object' || Array.isArray(a) !== Array.isArray(b)) return out;
  if (!Array.isArray(a)) {
    const ka = Object.keys(a).filter((k) => k in b),
      kb = Object.keys(b).filter((k) => k in a);
    if (ka.join() !== kb.join()) out.push(`${path || '.'}: strapi ${ka.join(',')} | mock ${kb.join(',')}`);
  }
  for (const k of Object.keys(a)) if (k in b) keyOrderDiffs(a[k], b[k], `${path}.${k}`, out);
  return out;
}
export function firstDiff(a, b, path = '') {
  if (a === b) return null;
  if (typeof a !== typeof b || a === null || b === null || Array.isArray(a) !== Array.isArray(b))
    return { path: path || '(root)', a, b, kind: 'value' };
  if (Array.isArray(a)) {
    if (a.length !== b.length) return { path: path || '(root)', a: `${a.length} items`, b: `${b.length} items`, kind: 'length' };
    for (let i = 0; i < a.length; i++) {
      const d = firstDiff(a[i], b[i], `${path}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  if (typeof a === 'object') {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (!(k in b)) return { path: `${path}.${k}`, a: a[k], b: undefined, kind: 'missing-in-mock' };
      if (!(k in a)) return { path: `${path}.${k}`, a: undefined, b: b[k], kind: 'extra-in-mock' };
      const d = firstDiff(a[k], b[k], `${path}.${k}`);
      if (d) return d;
    }
    return null;
  }
  return { path: path || '(root)', a, b, kind: 'value' };
}

export const short = (v, n = 160) => {
  const s = JSON.stringify(v);
  return s === undefined ? 'undefined' : s.length > n ? s.slice(0, n - 3) + '...' : s;
};

/** A class signature: status pair + the first difference's path with indexes erased + its kind + the request's main feature. */
export function signature(req, a, b, d) {
  const what =
    req.method === 'GET'
      ? req.features.includes('after-write')
        ? 'read-after-write'
        : 'read'
      : req.features.find((f) => f.startsWith('write:'));
  if (a.status !== b.status) {
    const msgA = (a.body?.error?.message ?? '')
      .replace(/[0-9a-z]{24}/g, '<id>')
      .replace(/\d+/g, 'N')
      .slice(0, 60);
    return `${what} status ${a.status}->${b.status} | strapi: ${msgA}`;
  }
  const p = d.path.replace(/\[\d+\]/g, '[]');
  if (p.startsWith('.error'))
    return `${what} ${a.status} error ${p} | strapi: ${(a.body?.error?.message ?? '').replace(/[0-9a-z]{24}/g, '<id>').slice(0, 60)}`;
  return `${what} ${a.status} ${p} (${d.kind})`;
}

/**
 * Whether a GraphQL step filters documents by the order or the text of their documentIds (`lt`, `between`,
 * `startsWith`, `contains`…). After writes, each side's new documents have their own random documentIds (Strapi's
 * are cuid2 ids, so its own answer to such a step changes from one run to another): which new documents such a filter
 * keeps is chance on both sides, and the answers cannot be compared (harness events 811 #434/#435, shared-inverse 811
 * #278 differed on one replay in two). The generator draws no such filter after writes; replays of older traces set
 * these steps apart.
 */
export function filtersByRandomIds(step) {
  const ops = 'lt|lte|gt|gte|between|startsWith|startsWithi|endsWith|endsWithi|contains|notContains|containsi|notContainsi';
  const inQuery = new RegExp(`documentId\\s*:\\s*\\{[^}]*?\\b(${ops})\\s*:`);
  const inVariables = new RegExp(`"documentId":\\{[^}]*?"\\$?(${ops})"`);
  return inQuery.test(step.query ?? '') || inVariables.test(JSON.stringify(step.variables ?? null));
}

/**
 * A GraphQL answer whose only differences are resolver errors where Strapi fails with a 500 on a client mistake
 * (INTERNAL_SERVER_ERROR at a path) and the mock, by the house rule, answers BAD_USER_INPUT naming what Strapi fails on
 * ("real Strapi fails with a 500 here"): counted as deliberate, like a REST 500 answered 400. (The plugin formats such
 * an error without its path.)
 */
export function graphqlDeliberate(a, b) {
  if (a.status !== 200 || b.status !== 200) return false;
  const ea = a.body?.errors,
    eb = b.body?.errors;
  if (!Array.isArray(ea) || !Array.isArray(eb) || ea.length !== eb.length) return false;
  let any = false;
  const patched = eb.map((e, i) => {
    const s = ea[i];
    if (
      s?.extensions?.code === 'INTERNAL_SERVER_ERROR' &&
      e?.extensions?.code === 'BAD_USER_INPUT' &&
      String(e.message).includes('real Strapi fails with a 500 here') &&
      (s.path === undefined || JSON.stringify(s.path) === JSON.stringify(e.path))
    ) {
      any = true;
      return s;
    }
    return e;
  });
  return any ? { ...b.body, errors: patched } : false;
}
