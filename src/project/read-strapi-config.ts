import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { isPlainObject } from '../core/is-plain-object.js';
import { createStrapiEnv, projectEnvVars } from './strapi-env.js';

// A Strapi project's `config/<name>.(ts|js|json)` read as Strapi reads it: the module is run (TypeScript or
// JavaScript, ESM or CommonJS, transpiled by esbuild), its default export taken, and a function export called with
// `{ env }` over the project's environment, and `config/env/<NODE_ENV>/<name>` merged over it.

export type StrapiConfigRead =
  | { readonly ok: true; readonly file: string; readonly value: Record<string, unknown> }
  | { readonly ok: false; readonly file: string; readonly error: string };

interface EsbuildLike {
  transformSync(code: string, options: Record<string, unknown>): { code: string };
}

const requireHere = createRequire(import.meta.url);
let esbuild: EsbuildLike | undefined;
function transpile(text: string, file: string): string {
  esbuild ??= requireHere('esbuild') as EsbuildLike;
  const loader = file.endsWith('.ts') ? 'ts' : 'js';
  return esbuild.transformSync(text, { loader, format: 'cjs', platform: 'node', target: 'node20', sourcefile: file }).code;
}

/** The config file Strapi would load for `name` from a folder (`.ts` first, as a TypeScript project builds it). */
function findStrapiConfigFile(dir: string, name: string): string | undefined {
  return ['ts', 'js', 'json'].map((ext) => join(dir, `${name}.${ext}`)).find((f) => existsSync(f));
}

/** lodash `merge`, as Strapi merges `config/env/<NODE_ENV>/` over `config/`: objects and arrays key by key. */
function merge(base: unknown, over: unknown): unknown {
  if (over === undefined) return base;
  const bothArrays = Array.isArray(base) && Array.isArray(over);
  const bothObjects = isPlainObject(base) && isPlainObject(over);
  if (!bothArrays && !bothObjects) return over;
  const out: Record<string, unknown> | unknown[] = bothArrays ? [...(base as unknown[])] : { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(over as object))
    (out as Record<string, unknown>)[key] = merge((out as Record<string, unknown>)[key], value);
  return out;
}

/**
 * Reads `config/<name>` with `config/env/<NODE_ENV>/<name>` merged over it (NODE_ENV defaults to development, as in
 * Strapi): undefined when the project has neither; a failure names the file and what went wrong.
 */
export function readStrapiConfig(projectRoot: string, name: string): StrapiConfigRead | undefined {
  const vars = projectEnvVars(projectRoot);
  const envName = vars.NODE_ENV || 'development';
  const files = [join(projectRoot, 'config'), join(projectRoot, 'config', 'env', envName)]
    .map((dir) => findStrapiConfigFile(dir, name))
    .filter((f): f is string => f !== undefined);
  if (files.length === 0) return undefined;
  let value: unknown = {};
  for (const file of files) {
    const read = readOne(file, vars);
    if (!read.ok) return read;
    value = merge(value, read.value);
  }
  return { ok: true, file: files[0], value: value as Record<string, unknown> };
}

/**
 * `require` for a config file: `@strapi/utils` (configs take `env` from it too) is the env helper over the
 * project's variables, and `@strapi/strapi` an empty module (configs import only its types); the rest resolves
 * from the file, as in the project.
 */
function configRequire(
  file: string,
  vars: Readonly<Record<string, string | undefined>>,
  cache: Map<string, unknown>,
): (id: string) => unknown {
  // absolute: `file` may be relative to the working directory (a project served from its own folder)
  const real = createRequire(resolve(file));
  return (id) => {
    if (id === '@strapi/utils') return { env: createStrapiEnv(vars) };
    if (id === '@strapi/strapi') return {};
    // a file of the project's own (`./plugins/email` beside config/plugins.ts): TypeScript, run as Strapi's build runs it
    const own = id.startsWith('.') ? ownFile(resolve(dirname(file), id)) : undefined;
    if (own) return runConfigModule(own, vars, cache);
    return real(id) as unknown;
  };
}

/** A relative import's file as Node would find it after Strapi's build (`x` → x.ts, x.js, x/index.ts, …). */
function ownFile(path: string): string | undefined {
  const exts = ['.ts', '.js', '.cjs', '.mjs'];
  const candidates = [path, ...exts.map((e) => path + e), ...exts.map((e) => join(path, `index${e}`))];
  if (/\.[cm]?js$/.test(path)) candidates.push(path.replace(/\.[cm]?js$/, '.ts'));
  return candidates.find((c) => existsSync(c) && !c.endsWith('.json') && !c.endsWith('.d.ts') && statSync(c).isFile());
}

/** Runs a config module (or a file it imports) once per read: its `module.exports`. */
function runConfigModule(file: string, vars: Readonly<Record<string, string | undefined>>, cache: Map<string, unknown>): unknown {
  if (cache.has(file)) return cache.get(file);
  const module = { exports: {} as unknown };
  cache.set(file, module.exports);
  const run = new Function('module', 'exports', 'require', '__filename', '__dirname', transpile(readFileSync(file, 'utf8'), file)) as (
    ...args: unknown[]
  ) => void;
  run(module, module.exports, configRequire(file, vars, cache), file, dirname(file));
  cache.set(file, module.exports);
  return module.exports;
}

function readOne(file: string, vars: Readonly<Record<string, string | undefined>>): StrapiConfigRead {
  try {
    let exported: unknown;
    if (file.endsWith('.json')) exported = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    else {
      exported = runConfigModule(file, vars, new Map());
      if (isPlainObject(exported) && 'default' in exported && (exported.__esModule === true || Object.keys(exported).length === 1))
        exported = exported.default;
    }
    const value = typeof exported === 'function' ? (exported as (a: unknown) => unknown)({ env: createStrapiEnv(vars) }) : exported;
    if (value instanceof Promise)
      return { ok: false, file, error: 'the config function returns a promise (Strapi reads config synchronously)' };
    if (value === undefined || value === null) return { ok: true, file, value: {} };
    // config/middlewares is a list; every other config file an object
    if (Array.isArray(value)) return { ok: true, file, value: value as unknown as Record<string, unknown> };
    if (!isPlainObject(value)) return { ok: false, file, error: 'the config must export an object or a function returning one' };
    return { ok: true, file, value };
  } catch (e) {
    return { ok: false, file, error: e instanceof Error ? e.message : String(e) };
  }
}
