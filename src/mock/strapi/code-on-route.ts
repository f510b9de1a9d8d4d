import type { CodeOnRoute } from '../../project/code/code-on-route.js';
import type { Runtime } from '../runtime.js';
import type { ProjectApp } from './project-app.js';
import { matchRoute } from './route-table.js';
import { coreActionOf, pristineCore } from './run-route.js';

/**
 * What the project's code does on the way of each request (see project/code/code-on-route.ts), read from the
 * project's route table as the mock runs it: a request no project route takes is Strapi's own (a plugin's route, or a
 * 404); a route whose handler is a core action of its type with the core controller and service is the query's only,
 * when anything of the project's runs on its way (pristineCore says whether anything does); any other is the answer's.
 */
export function codeOnRoute(app: ProjectApp, rt: () => Runtime): CodeOnRoute {
  return (method, path) => {
    const match = matchRoute(app.routes, method, path);
    if (!match || !('route' in match)) return 'none';
    const { route } = match;
    if (pristineCore(app, rt(), route)) return 'none';
    return coreActionOf(app, rt(), route) ? 'query' : 'answer';
  };
}
