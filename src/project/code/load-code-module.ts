import type { Message } from 'esbuild';
import { builtinModules, createRequire, SourceMap } from 'node:module';
import { statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import { CodeError } from './code-error.js';

// Loads one module of the project as Strapi would run it after its own build: TypeScript or JavaScript, ESM or
// CommonJS, each file compiled on its own (esbuild) and run as a CommonJS module with its own `__dirname`, its
// relative imports (static, or a `require` of a path built at run time) loaded the same way and shared through one
// cache per project (ProjectModules), its package imports left to Node. Strapi runs a TypeScript project from its
// compiled `dist/`, where every file is such a module: a helper that lists its own folder (`fs.readdirSync(__dirname)`)
// and requires what it finds there works only so. The packages Strapi provides (`@strapi/strapi`, `@strapi/utils`)
// resolve to the modules given in `provided`; the global `strapi` that Strapi's own code and project code read is
// the `strapi` given here. An installed plugin's server entry (in node_modules) is bundled whole instead: only its
// registrations are read, and a package it imports may be a stand-in.

export interface LoadedModule {
  /** The module's default export (or its `module.exports` when it has none). */
  readonly value: unknown;
  readonly file: string;
  /**
   * Maps a place in the compiled code back to the project file and line (for errors thrown while it runs): the file
   * is the module's own or one it bundled (a helper under src/ it imports).
   */
  readonly placeOf: (compiledLine: number, compiledColumn: number) => CodePlace | undefined;
  /** The name stack frames of this module carry. */
  readonly frameName: string;
}

const BUILTIN = new Set(builtinModules);
// esbuild is loaded with the first project module: most `serve` runs have no project code.
const requireHere = createRequire(import.meta.url);
const esbuild = () => requireHere('esbuild') as typeof import('esbuild');

function firstError(file: string, errors: readonly Message[]): CodeError {
  const e = errors[0];
  return new CodeError(e?.location?.file ? e.location.file : file, e?.location?.line, e?.text ?? 'cannot be compiled');
}

let counter = 0;

/** A module's code as esbuild bundled it, with its source map. */
export interface CompiledModule {
  readonly code: string;
  readonly map?: string;
  /** The folder the map's `sources` are relative to (where the output would have been written). */
  readonly mapDir?: string;
}

/** A project file and line. */
export interface CodePlace {
  readonly file: string;
  readonly line: number;
}

const BUILD_OPTIONS = {
  // every bare import is a package: Node resolves it from the project's own node_modules, as Strapi does
  packages: 'external',
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  write: false,
  sourcemap: 'external',
  logLevel: 'silent',
} as const;
/** Where a batch's outputs are named (nothing is written): each entry's absolute path below it. */
const BATCH_OUT = '/content-mock-compiled';

/**
 * Bundles many modules in one esbuild run. Its synchronous API starts a process per call (~70 ms each), and a project
 * has a file per route, controller, service, middleware and policy: one run for all of them keeps start-up and hot
 * reload short. Returns the compiled modules by absolute path; when the batch fails (one file does not compile) it
 * returns none, and each file is compiled alone so that its own error names it.
 */
export function compileCodeModules(files: readonly string[], { bundle = true }: { bundle?: boolean } = {}): Map<string, CompiledModule> {
  const compiled = new Map<string, CompiledModule>();
  const entries = [...new Set(files.map((f) => resolve(f)))];
  if (entries.length < 2) return compiled;
  let outputs: readonly { path: string; text: string }[];
  try {
    outputs = esbuild().buildSync({ ...BUILD_OPTIONS, bundle, entryPoints: entries, outdir: BATCH_OUT, outbase: '/' }).outputFiles;
  } catch {
    return compiled;
  }
  const byPath = new Map(outputs.map((o) => [o.path, o.text]));
  for (const entry of entries) {
    const out = join(BATCH_OUT, relative('/', entry)).replace(/\.[cm]?[jt]sx?$/, '') + '.js';
    const code = byPath.get(out);
    // (an entry whose output is not where expected is compiled alone)
    if (code !== undefined) compiled.set(entry, { code, map: byPath.get(`${out}.map`), mapDir: dirname(out) });
  }
  return compiled;
}

function compileOne(file: string, bundle: boolean): CompiledModule {
  try {
    const out = esbuild().buildSync({ ...BUILD_OPTIONS, bundle, entryPoints: [file], outdir: dirname(file) });
    return {
      code: out.outputFiles.find((f) => f.path.endsWith('.js'))?.text ?? '',
      map: out.outputFiles.find((f) => f.path.endsWith('.map'))?.text,
      mapDir: dirname(resolve(file)),
    };
  } catch (e) {
    const errors = (e as { errors?: Message[] }).errors;
    throw errors ? firstError(file, errors) : new CodeError(file, undefined, String(e));
  }
}

/**
 * `missing` answers a package that is not installed (by default the load fails naming it): what only reads a
 * module's registrations can give it a stand-in. `compiled`: the module already bundled (compileCodeModules).
 */
export function loadCodeModule(
  file: string,
  provided: Readonly<Record<string, unknown>>,
  strapi: unknown,
  missing?: (id: string) => unknown,
  compiled?: CompiledModule,
  modules?: ProjectModules,
): LoadedModule {
  if (modules) return modules.load(resolve(file), file);
  return evaluate(file, compiled ?? compileOne(file, true), { provided, strapi, missing }).loaded;
}

/** What every module of one project is run with. */
interface ModuleContext {
  readonly provided: Readonly<Record<string, unknown>>;
  readonly strapi: unknown;
  readonly missing?: (id: string) => unknown;
  /** The project's modules, one instance per file (absent: relative imports were bundled in). */
  readonly modules?: ProjectModules;
}

/**
 * The modules of one project, each file compiled and run once (a second import of it gets the same exports, as
 * Node's module cache gives them): the files given to the constructor were compiled in one esbuild run, the
 * helpers they import are compiled when first required.
 */
export class ProjectModules {
  private readonly cache = new Map<string, { loaded: LoadedModule; module: { exports: unknown } }>();
  /** Every module loaded so far, the helpers the project's files import among them (to name an error's place). */
  readonly loaded: LoadedModule[] = [];

  constructor(
    private readonly compiled: ReadonlyMap<string, CompiledModule>,
    private readonly context: Omit<ModuleContext, 'modules'>,
  ) {}

  /** A module by its absolute path (`shown`: the path its errors name). */
  load(path: string, shown: string = path): LoadedModule {
    return this.entry(path, shown).loaded;
  }

  /** What `require` of a project file gives: its `module.exports`. */
  require(path: string): unknown {
    return this.entry(path, path).module.exports;
  }

  private entry(path: string, shown: string): { loaded: LoadedModule; module: { exports: unknown } } {
    const known = this.cache.get(path);
    if (known) return known;
    const compiled = this.compiled.get(path) ?? compileOne(shown, false);
    try {
      // in the cache before it runs: a cycle of requires gets the exports made so far, as in Node
      return evaluate(shown, compiled, { ...this.context, modules: this }, (entry) => {
        this.cache.set(path, entry);
        this.loaded.push(entry.loaded);
      });
    } catch (e) {
      // a module that failed to load is not kept: the next require runs it again, as in Node
      const failed = this.cache.get(path);
      this.cache.delete(path);
      if (failed) this.loaded.splice(this.loaded.indexOf(failed.loaded), 1);
      throw e;
    }
  }
}

/** Where a relative or absolute `require` of project code lands: a file as Node finds it, a `.ts` for its `.js`. */
const RESOLVED_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.json'];
function resolveProjectFile(id: string, from: string): string | undefined {
  const path = resolve(from, id);
  const candidates = [path, ...RESOLVED_EXTENSIONS.map((e) => path + e)];
  // TypeScript's ESM style names the compiled file (`./helper.js` for helper.ts)
  if (/\.[cm]?js$/.test(path)) candidates.push(...['.ts', '.tsx', '.mts', '.cts'].map((e) => path.replace(/\.[cm]?js$/, e)));
  candidates.push(...RESOLVED_EXTENSIONS.map((e) => join(path, `index${e}`)));
  return candidates.find((c) => isFile(c) && !c.endsWith('.d.ts'));
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

const isPath = (id: string) => id.startsWith('./') || id.startsWith('../') || id === '.' || id === '..' || isAbsolute(id);
const inPackages = (path: string) => path.split(sep).includes('node_modules');

/** Runs a compiled module; `cached` hears it before its code runs (ProjectModules keeps it). */
function evaluate(
  file: string,
  { code, map, mapDir }: CompiledModule,
  context: ModuleContext,
  cached?: (entry: { loaded: LoadedModule; module: { exports: unknown } }) => void,
): { loaded: LoadedModule; module: { exports: unknown } } {
  const { strapi } = context;
  const frameName = `content-mock-project-code-${++counter}:${file}`;
  const sourceMap = map ? new SourceMap(JSON.parse(map) as ConstructorParameters<typeof SourceMap>[0]) : undefined;
  const placeOf = (line: number, column: number): CodePlace | undefined => {
    const entry = sourceMap?.findEntry(line - 1, column - 1) as { originalLine?: number; originalSource?: string } | undefined;
    if (entry?.originalLine === undefined) return undefined;
    // the map names a bundled helper by its path from the output's folder; the module's own file as given
    const source = entry.originalSource && mapDir ? resolve(mapDir, entry.originalSource) : undefined;
    return { file: source && source !== resolve(file) ? source : file, line: entry.originalLine + 1 };
  };
  // absolute: `file` may be relative to the working directory (a project served from its own folder)
  const requireFor = requireFrom(resolve(file), context);
  const module: { exports: unknown } = { exports: {} };
  const loaded: LoadedModule = {
    file,
    placeOf,
    frameName,
    // the module's default export, read once it has run (a cycle may ask for it before)
    get value() {
      const exported = module.exports as { default?: unknown; __esModule?: boolean } | null;
      return exported && typeof exported === 'object' && 'default' in exported ? exported.default : exported;
    },
  };
  cached?.({ loaded, module });
  try {
    const wrapper = new Script(`(function (exports, require, module, __filename, __dirname, strapi) {${code}\n})`, { filename: frameName });
    const fn = wrapper.runInThisContext() as (...args: unknown[]) => void;
    fn(module.exports, requireFor, module, resolve(file), dirname(resolve(file)), strapi);
  } catch (e) {
    if (e instanceof CodeError) throw e;
    const place = placeInStack(e, frameName, placeOf);
    throw new CodeError(place?.file ?? file, place?.line, `fails when loaded: ${e instanceof Error ? e.message : String(e)}`);
  }
  return { loaded, module };
}

/**
 * `require` for a module at `file`: the packages Strapi provides, the project's own files as modules of the project
 * (ProjectModules), `node:module` with a `createRequire` that does the same, the rest from Node.
 */
function requireFrom(file: string, context: ModuleContext): NodeJS.Require {
  const { provided, missing, modules } = context;
  const nodeRequire = createRequire(file);
  const projectFile = (id: string) => {
    if (!modules || !isPath(id)) return undefined;
    const path = resolveProjectFile(id, dirname(file));
    return path && !inPackages(path) && !path.endsWith('.json') ? path : undefined;
  };
  const requireFor = (id: string): unknown => {
    if (Object.hasOwn(provided, id)) return provided[id];
    if (id.startsWith('@strapi/')) {
      const base = id.split('/').slice(0, 2).join('/');
      if (Object.hasOwn(provided, base)) return provided[base];
    }
    if (modules && (id === 'module' || id === 'node:module')) return moduleBuiltin(context);
    if (id.startsWith('node:') || BUILTIN.has(id)) return nodeRequire(id);
    const own = projectFile(id);
    if (own) return modules!.require(own);
    try {
      return nodeRequire(id);
    } catch (e) {
      // a file of the project that is not there fails as in Node (it is not a package to install)
      if (isPath(id)) throw e;
      if (missing) return missing(id);
      throw new CodeError(
        file,
        undefined,
        `imports "${id}", which is not installed next to the project (npm install in the project folder)`,
      );
    }
  };
  const resolveId = (id: string) => projectFile(id) ?? nodeRequire.resolve(id);
  return Object.assign(requireFor, {
    resolve: Object.assign(resolveId, { paths: nodeRequire.resolve.paths }),
    cache: nodeRequire.cache,
    main: nodeRequire.main,
    extensions: nodeRequire.extensions,
  }) as NodeJS.Require;
}

/** `node:module` as project code sees it: its `createRequire` loads the project's own files as its imports do. */
function moduleBuiltin(context: ModuleContext): unknown {
  const real = requireHere('node:module') as typeof import('node:module');
  const createRequire = (from: string | URL) =>
    requireFrom(resolve(from instanceof URL || from.startsWith('file:') ? fileURLToPath(from) : from), context);
  return { ...real, createRequire };
}

/** The project file and line of the first stack frame inside a loaded module (of an error, or of a stack's text). */
export function placeInStack(
  e: unknown,
  frameName: string,
  placeOf: (line: number, column: number) => CodePlace | undefined,
): CodePlace | undefined {
  const stack = typeof e === 'string' ? e : e instanceof Error ? (e.stack ?? '') : '';
  for (const text of stack.split('\n')) {
    const at = text.indexOf(frameName);
    if (at < 0) continue;
    const m = /:(\d+):(\d+)\)?\s*$/.exec(text.slice(at + frameName.length));
    if (m) return placeOf(Number(m[1]), Number(m[2]));
  }
  return undefined;
}

/** The project file and line of the top-most stack frame that lies in one of `modules` (an error, or a stack's text). */
export function placeInModules(e: unknown, modules: readonly LoadedModule[]): CodePlace | undefined {
  const stack = typeof e === 'string' ? e : e instanceof Error ? (e.stack ?? '') : '';
  for (const text of stack.split('\n')) {
    const m = modules.find((x) => text.includes(x.frameName));
    const place = m && placeInStack(text, m.frameName, m.placeOf);
    if (place) return place;
  }
  return undefined;
}
