import type { ProjectBundle } from '../../dataset/bundle/project-bundle.js';
import { handlersFor, type ContentHandlerOptions, type ContentHandlers } from './create-handlers.js';

// `content-mock/msw` in a browser (the `browser` export condition): a project from `content-mock bundle`, no file
// system. Nothing here (or below) imports a Node built-in; the browser-bundle test proves it.

export type { ContentHandlers, ContentHandlerOptions } from './create-handlers.js';
export type { ProjectBundle } from '../../dataset/bundle/project-bundle.js';

export interface BrowserHandlerOptions extends ContentHandlerOptions {
  /** The bundle `content-mock bundle` wrote (imported JSON, or fetched). */
  readonly project: ProjectBundle | Promise<ProjectBundle>;
}

/** MSW handlers answering the Strapi Content API of a bundled project (`setupWorker(...handlers)`). */
export function createHandlers(options: BrowserHandlerOptions): ContentHandlers {
  return handlersFor(() => Promise.resolve(options.project), options);
}
