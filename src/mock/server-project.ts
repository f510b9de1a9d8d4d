import { loadProject, type Project } from '../project/load-project.js';
import type { ServerOptions } from './create-server.js';

/** The project a server starts from (see loadServerProject). */
export interface ServerProject extends Project {
  /**
   * Whether the seed's components, zones, json and blocks are built after start-up (see DeferredValues): in memory,
   * and for a store file made from the seed (it is written once they are all built, see ContentStore.compactNow); not
   * for a project whose code runs (its bootstrap may read anything).
   */
  readonly lazy: boolean;
}

/**
 * Reads the project `createServer` serves (config, seed, model) in a module that loads none of the server's own
 * (express and the rest load in ~0.2 s): `serve` calls it first, so a seed read ahead learns how it will be imported
 * (SeedSource.prepare) while those modules load, instead of once the import starts.
 */
export async function loadServerProject(options: ServerOptions): Promise<ServerProject> {
  const project = await loadProject({
    ...options,
    generating: options.seedIfEmpty,
    ...(options.cache === undefined ? {} : { configObject: { ...options.configObject, cache: options.cache } }),
  });
  const codeRuns = options.schemas !== undefined && options.projectCode !== false && project.code !== undefined;
  const lazy = !codeRuns;
  // (a store file already there is loaded instead: its seed was not read ahead, see servesStoreFile, nothing to tell)
  project.seed?.prepare(project.model, lazy);
  return { ...project, lazy };
}
