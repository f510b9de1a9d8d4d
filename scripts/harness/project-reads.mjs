// Reads through the project's own GET routes (custom route files: `/feeds/slug/:slug`, `/books/featured`…), for
// run.mjs --code: each route's parameters filled from the content both sides hold (documentIds, and the values of
// the attribute a parameter is named after), half of them with a query a generated read would send.
import { join } from 'node:path';
import { ROOT } from '../paths.mjs';

/** The project's GET routes that are not Strapi's core ones, from its route files (read by content-mock's loader). */
export async function projectGetRoutes(modelDir) {
  const { loadModel, resolveSchemaRoot } = await import(join(ROOT, 'dist/project/load-model.js'));
  const { loadProjectCode } = await import(join(ROOT, 'dist/project/code/project-code.js'));
  const model = await loadModel(modelDir, { locales: [] });
  const code = loadProjectCode(resolveSchemaRoot(modelDir), model);
  const out = [];
  for (const r of code?.routers ?? []) {
    const router = r.value;
    if (!router || typeof router === 'function') continue;
    let routes;
    try {
      routes = router.routes;
    } catch {
      continue;
    }
    for (const route of routes ?? []) {
      const core = typeof route.handler === 'string' && /\.(find|findOne)$/.test(route.handler) && route.handler.includes('::');
      if (String(route.method).toUpperCase() !== 'GET' || core) continue;
      const own = route.config && Object.hasOwn(route.config, 'prefix');
      out.push({ path: `/api${own ? '' : (router.prefix ?? '')}${route.path}`, handler: route.handler });
    }
  }
  return out;
}

/** Every string value per attribute name in the pulled content, and every documentId. */
function valuesByKey(pulled) {
  const byKey = new Map();
  const add = (k, v) => {
    if (!byKey.has(k)) byKey.set(k, new Set());
    byKey.get(k).add(v);
  };
  const walk = (v) => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (!v || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v)) {
      if (typeof x === 'string' && x.length < 80) add(k, x);
      else walk(x);
    }
  };
  walk(pulled.contentTypes);
  return byKey;
}

export function projectReader(routes, pulled, r) {
  const values = valuesByKey(pulled);
  const ids = [...(values.get('documentId') ?? [])];
  const fill = (name) => {
    if (r.next() < 0.15) return r.pick(['nope', '1', 'x'.repeat(24)]);
    const own = [...(values.get(name) ?? [])];
    if (own.length) return r.pick(own);
    return ids.length ? r.pick(ids) : 'nope';
  };
  return (baseRead) => {
    const route = r.pick(routes);
    const path = route.path.replace(/:(\w+)(\([^)]*\))?\??/g, (_, name) => encodeURIComponent(fill(name)));
    const query = baseRead.path.includes('?') && r.next() < 0.5 ? baseRead.path.slice(baseRead.path.indexOf('?')) : '';
    return { ...baseRead, path: path + query, features: [...(baseRead.features ?? []), `project-route:${route.handler}`] };
  };
}
