import type { Message } from 'esbuild';
import { builtinModules, createRequire, SourceMap } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { Script } from 'node:vm';
import { CodeError } from './code-error.js';

// Loads one module of the project as Strapi would run it after its own build: TypeScript or JavaScript, ESM or
// CommonJS, with its relative imports bundled in (esbuild) and its package imports left to Node. The packages
// Strapi provides (`@strapi/strapi`, `@strapi/utils`) resolve to the modules given in `provided`; the global
// `strapi` that Strapi's own code and project code read is the `strapi` given here.

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
  bundle: true,
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
export function compileCodeModules(files: readonly string[]): Map<string, CompiledModule> {
  const compiled = new Map<string, CompiledModule>();
  const entries = [...new Set(files.map((f) => resolve(f)))];
  if (entries.length < 2) return compiled;
  let outputs: readonly { path: string; text: string }[];
  try {
    outputs = esbuild().buildSync({ ...BUILD_OPTIONS, entryPoints: entries, outdir: BATCH_OUT, outbase: '/' }).outputFiles;
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

function compileOne(file: string): CompiledModule {
  try {
    const out = esbuild().buildSync({ ...BUILD_OPTIONS, entryPoints: [file], outdir: dirname(file) });
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
): LoadedModule {
  const { code, map, mapDir } = compiled ?? compileOne(file);
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
  const nodeRequire = createRequire(resolve(file));
  const requireFor = (id: string): unknown => {
    if (Object.hasOwn(provided, id)) return provided[id];
    if (id.startsWith('@strapi/')) {
      const base = id.split('/').slice(0, 2).join('/');
      if (Object.hasOwn(provided, base)) return provided[base];
    }
    if (id.startsWith('node:') || BUILTIN.has(id)) return nodeRequire(id);
    try {
      return nodeRequire(id);
    } catch (e) {
      if (missing) return missing(id);
      throw new CodeError(
        file,
        undefined,
        `imports "${id}", which is not installed next to the project (npm install in the project folder)`,
      );
    }
  };
  const module: { exports: unknown } = { exports: {} };
  try {
    const wrapper = new Script(`(function (exports, require, module, __filename, __dirname, strapi) {${code}\n})`, { filename: frameName });
    const fn = wrapper.runInThisContext() as (...args: unknown[]) => void;
    fn(module.exports, requireFor, module, resolve(file), dirname(resolve(file)), strapi);
  } catch (e) {
    if (e instanceof CodeError) throw e;
    const place = placeInStack(e, frameName, placeOf);
    throw new CodeError(place?.file ?? file, place?.line, `fails when loaded: ${e instanceof Error ? e.message : String(e)}`);
  }
  const exported = module.exports as { default?: unknown; __esModule?: boolean } | null;
  const value = exported && typeof exported === 'object' && 'default' in exported ? exported.default : exported;
  return { value, file, placeOf, frameName };
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
