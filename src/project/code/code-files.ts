import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { strapiLoaderName } from '../../core/model/name-words.js';

// Where a Strapi project keeps its server code, as Strapi's loaders look for it (src/api/<api>/<folder>/*,
// src/middlewares, src/policies, src/index, content-types/<name>/lifecycles). Only JavaScript and TypeScript
// modules count; declaration files and tests do not.

const CODE = new Set(['.js', '.cjs', '.mjs', '.ts', '.cts', '.mts']);

/** One module of the project: its name as Strapi keys it (the file name without extension) and its path. */
export interface CodeFile {
  readonly name: string;
  readonly file: string;
}

export interface ApiCodeFiles {
  readonly api: string;
  readonly routes: readonly CodeFile[];
  readonly controllers: readonly CodeFile[];
  readonly services: readonly CodeFile[];
  readonly middlewares: readonly CodeFile[];
  readonly policies: readonly CodeFile[];
  /** `content-types/<name>/lifecycles.*`, keyed by the content type's folder name. */
  readonly lifecycles: readonly CodeFile[];
}

export interface ProjectCodeFiles {
  readonly src: string;
  readonly apis: readonly ApiCodeFiles[];
  readonly middlewares: readonly CodeFile[];
  readonly policies: readonly CodeFile[];
  readonly index: string | undefined;
  /** `extensions/<plugin>/strapi-server.*`: plugin customisations (the users & permissions one runs). */
  // (Strapi loads only these and the types' schema.json from there: lifecycles files beside them do not run)
  readonly extensions: readonly string[];
}

const isCode = (file: string) => CODE.has(extname(file)) && !file.endsWith('.d.ts') && !/\.(test|spec)\.[cm]?[jt]s$/.test(file);

/** Strapi sorts nothing: it reads folders as the file system lists them, which is name order on every common one. */
function listDir(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).sort();
}

function modulesIn(dir: string): CodeFile[] {
  const out: CodeFile[] = [];
  const seen = new Set<string>();
  for (const entry of listDir(dir)) {
    const file = join(dir, entry);
    if (!statSync(file).isFile() || !isCode(file)) continue;
    // keyed as Strapi's loaders key it: the file name kebab-cased (`apiHome.js` is `api-home`)
    const name = strapiLoaderName(basename(entry, extname(entry)));
    // `x.ts` and a stale compiled `x.js` side by side: the first one listed wins, as a require of the name would.
    if (seen.has(name)) continue;
    seen.add(name);
    out.push({ name, file });
  }
  return out;
}

function lifecyclesIn(apiDir: string): CodeFile[] {
  const out: CodeFile[] = [];
  for (const ct of listDir(join(apiDir, 'content-types'))) {
    const found = modulesIn(join(apiDir, 'content-types', ct)).find((m) => m.name === 'lifecycles');
    if (found) out.push({ name: strapiLoaderName(ct), file: found.file });
  }
  return out;
}

/** The project's server code under a schema root (a project's `src/`); empty lists where it has none. */
export function findCodeFiles(src: string): ProjectCodeFiles {
  const apis: ApiCodeFiles[] = [];
  for (const api of listDir(join(src, 'api'))) {
    const dir = join(src, 'api', api);
    if (!statSync(dir).isDirectory()) continue;
    apis.push({
      api: strapiLoaderName(api),
      routes: modulesIn(join(dir, 'routes')),
      controllers: modulesIn(join(dir, 'controllers')),
      services: modulesIn(join(dir, 'services')),
      middlewares: modulesIn(join(dir, 'middlewares')),
      policies: modulesIn(join(dir, 'policies')),
      lifecycles: lifecyclesIn(dir),
    });
  }
  const index = modulesIn(src).find((m) => m.name === 'index')?.file;
  const extensions = listDir(join(src, 'extensions')).flatMap((plugin) =>
    statSync(join(src, 'extensions', plugin)).isDirectory()
      ? modulesIn(join(src, 'extensions', plugin))
          .filter((m) => m.name === 'strapi-server')
          .map((m) => m.file)
      : [],
  );
  return {
    src,
    apis,
    middlewares: modulesIn(join(src, 'middlewares')),
    policies: modulesIn(join(src, 'policies')),
    index,
    extensions,
  };
}

/**
 * The apis (as Strapi keys their folders) whose folder declares no routes, in a project that declares routes: Strapi
 * serves a content type's REST routes only from a routes file, the type's own api's as `strapi generate` writes it,
 * so a type of such an api has none (an `internal` type its code alone reads). Empty for a folder of bare schemas.
 */
export function apisWithoutRoutes(files: ProjectCodeFiles): Set<string> {
  if (!files.apis.some((a) => a.routes.length > 0)) return new Set();
  return new Set(files.apis.filter((a) => a.routes.length === 0).map((a) => a.api));
}

/** Whether a project has any server code at all (a folder of bare schemas has none). */
export function hasCode(files: ProjectCodeFiles): boolean {
  return (
    files.index !== undefined ||
    files.extensions.length > 0 ||
    files.middlewares.length > 0 ||
    files.policies.length > 0 ||
    files.apis.some(
      (a) =>
        a.routes.length + a.controllers.length + a.services.length + a.middlewares.length + a.policies.length + a.lifecycles.length > 0,
    )
  );
}
