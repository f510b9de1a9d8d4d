import { basename, dirname } from 'node:path';
import { routedTypes } from '../../core/model/types.js';
import { where } from '../../project/code/code-error.js';
import type { Runtime } from '../runtime.js';
import type { ProjectApp } from './project-app.js';
import { pristineCore } from './run-route.js';

/** Start-up lines: which routes run the project's code, what could not be loaded, which types have no route. */
export function describeProjectApp(app: ProjectApp, rt: Runtime): string[] {
  const lines: string[] = [];
  const custom = app.routes.filter((r) => !pristineCore(app, rt, r));
  lines.push(
    `project code: ${app.routes.length} routes from ${app.code.routers.length} route files; ${custom.length} run the project's own code` +
      (custom.length > 0 ? ':' : ''),
  );
  for (const r of custom) {
    const cfg = r.spec.config ?? {};
    const extras = [
      (cfg.middlewares?.length ?? 0) > 0
        ? `middlewares ${cfg.middlewares!.map((m) => (typeof m === 'string' ? m : typeof m === 'function' ? '(inline)' : JSON.stringify(m))).join(', ')}`
        : '',
      (cfg.policies?.length ?? 0) > 0 ? `policies ${cfg.policies!.map((p) => (typeof p === 'string' ? p : '(inline)')).join(', ')}` : '',
      r.scope === false ? 'auth: false' : '',
      r.controller && app.fileOf('controller', r.controller) && !r.action?.startsWith('__')
        ? `controller ${where(app.fileOf('controller', r.controller)!)}`
        : '',
    ].filter(Boolean);
    const handler = r.controller ? `${r.controller}.${r.action}` : '(function)';
    // routes are kept under /api; the project's `rest.prefix` is where they are served
    const served = r.path.replace(/^\/api(?=\/|$)/, rt.config.rest.prefix);
    lines.push(`  ${r.method.padEnd(6)} ${served} → ${handler}${extras.length > 0 ? ` · ${extras.join(' · ')}` : ''}`);
  }
  if (app.hooks.middlewares.length > 0)
    lines.push(`  document service middlewares: ${app.hooks.middlewares.length} (strapi.documents.use)`);
  if (app.code.plugins.length > 0)
    lines.push(`  installed plugins (register, bootstrap, services): ${app.code.plugins.map((p) => p.name).join(', ')}`);
  const lifecycles = [...new Set(app.hooks.subscribers.flatMap((s) => s.models ?? ['(all types)']))];
  if (lifecycles.length > 0) lines.push(`  lifecycles: ${lifecycles.join(', ')}`);
  if (app.code.hasRoutes) {
    const routedApis = new Set(app.code.routers.map((r) => r.api));
    const missing = routedTypes(rt.model).filter((t) => t.uid.startsWith('api::') && !routedApis.has(t.uid.slice(5).split('.')[0]));
    if (missing.length > 0) lines.push(`  no routes file (Strapi serves no REST route for them): ${missing.map((t) => t.uid).join(', ')}`);
  }
  // the users & permissions extension runs (its changed and added routes are listed above); other plugins' do not
  const notRun = app.code.files.extensions.filter((f) => basename(dirname(f)) !== 'users-permissions');
  if (notRun.length > 0)
    lines.push(
      `  not run here: plugin extensions (${notRun.map((f) => where(f)).join(', ')}): the plugins' own routes answer as Strapi's defaults`,
    );
  lines.push(...projectMistakes(app, rt));
  for (const p of app.problems) lines.push(`  cannot run here: ${p.message} (Strapi's core behaviour is used instead)`);
  return lines;
}

/**
 * Routes real Strapi cannot serve because of the project's own files: a handler whose API has no controllers file, or
 * whose action its controller lacks, stops Strapi at start-up (its endpoint composer throws at the first one); a core
 * action over a type whose API has no services file answers 500 (`strapi.service(uid)` is undefined). Such routes
 * answer 500 here; one line per route file and cause.
 */
function projectMistakes(app: ProjectApp, rt: Runtime): string[] {
  const groups = new Map<string, { head: string; tail: string; routes: string[]; label: string }>();
  const add = (key: string, head: string, tail: string, route: string, label = 'project mistake') => {
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { head, tail, routes: [], label }));
    g.routes.push(route);
  };
  for (const r of app.routes) {
    if (!r.controller || r.action === undefined) continue;
    const handler = String(r.spec.handler).trim();
    const route = `${r.method} ${r.path}`;
    // Strapi names the route by its path inside the API router, before the content API's prefix
    const endpoint = `${r.method} ${r.path.replace(/^\/api(?=\/)/, '')}`;
    const ctrl = app.controller(r.controller);
    const api = /^api::([^.]+)\.(.+)$/.exec(r.controller);
    const folder = (kind: string) => (api ? ` (no ${kind}/${api[2]}.* in src/api/${api[1]})` : '');
    const stops = (message: string) => `; real Strapi does not start: "Error creating endpoint ${endpoint}: ${message}"`;
    if (!ctrl) {
      add(
        `${r.file}\0c\0${r.controller}`,
        `${where(r.file)}: no controller ${r.controller}${folder('controllers')} for`,
        stops(`Cannot read properties of undefined (reading '${r.action}')`),
        route,
      );
      continue;
    }
    const action = ctrl[r.action];
    if (typeof action !== 'function' && api && controllerNotLoaded(app, api[1], api[2])) {
      // the project's controller has the handler, but its file could not run here (said under "cannot run here")
      add(
        `${r.file}\0u\0${handler}`,
        `${where(r.file)}: handler ${handler} is in a controller that cannot run here (below), for`,
        '',
        route,
        'cannot run here',
      );
      continue;
    }
    if (typeof action !== 'function') {
      add(
        `${r.file}\0a\0${handler}`,
        `${where(r.file)}: handler ${handler} not found in its controller, for`,
        stops(`Handler not found "${handler}"`),
        route,
      );
      continue;
    }
    // a core action (the one the core controller holds, not the project's) calls strapi.service(uid)
    const core = app.core('controller', r.controller);
    const isCore = core !== undefined && (action === core[r.action] || action === Object.getPrototypeOf(ctrl)?.[r.action]);
    if (isCore && rt.model.contentTypes.has(r.controller) && !app.service(r.controller))
      add(
        `${r.file}\0s\0${r.controller}`,
        `${where(r.file)}: Strapi's core actions call strapi.service('${r.controller}'), which the project does not define${folder('services')}, for`,
        '; real Strapi answers them 500 Internal Server Error',
        route,
      );
  }
  return [...groups.values()].map((g) => `  ${g.label}: ${g.head} ${g.routes.join(', ')}${g.tail} (answered 500 here)`);
}

/** Whether the project has a controller file `name` in API `api` that did not load (its problem is said apart). */
function controllerNotLoaded(app: ProjectApp, api: string, name: string): boolean {
  const uid = `api::${api}.${name}`;
  return !app.code.controllers.has(uid) && app.code.files.apis.some((a) => a.api === api && a.controllers.some((f) => f.name === name));
}
