import type { ProjectBundle } from '../../dataset/bundle/project-bundle.js';
import type { ProjectOptions } from '../../project/load-project.js';
import { handlersFor, type ContentHandlerOptions, type ContentHandlers } from './create-handlers.js';

// `content-mock/msw` in Node: the project from schema files (as `serve` reads them) or from a bundle.

export type { ContentHandlers, ContentHandlerOptions } from './create-handlers.js';
export type { ProjectBundle } from '../../dataset/bundle/project-bundle.js';

export interface HandlerOptions extends ContentHandlerOptions, ProjectOptions {
  /** A bundle from `content-mock bundle`, instead of `schemas`/`seed`/`config`. */
  readonly project?: ProjectBundle | Promise<ProjectBundle>;
}

/**
 * MSW handlers answering the Strapi Content API with content-mock's engine (`setupServer(...handlers)`): content
 * routes, users & auth, upload metadata and i18n locales, writes included; `handlers.reset()` restores the seed.
 */
export function createHandlers(options: HandlerOptions = {}): ContentHandlers {
  const { project } = options;
  if (project) return handlersFor(() => Promise.resolve(project), options);
  // Loaded on use: the schema reader is Node-only and the browser entry must not reach it.
  const load = async () => (await import('../../dataset/bundle/build-bundle.js')).buildBundle(options);
  // The project's own routes, controllers and services run here too (Node only), unless turned off.
  if (options.schemas === undefined || options.projectCode === false) return handlersFor(load, options);
  const schemas = options.schemas;
  return handlersFor(load, options, {
    appFor: async (current) => (await import('./project-routes.js')).projectAppFor(schemas, current),
    answer: async (...args) => (await import('./project-routes.js')).answerProjectRequest(...args),
  });
}
