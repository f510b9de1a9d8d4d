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
  return handlersFor(async () => (await import('../../dataset/bundle/build-bundle.js')).buildBundle(options), options);
}
