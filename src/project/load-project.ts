import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ContentMockConfig } from '../core/config/content-mock-config.js';
import { checkConfigAgainstModel } from './check-config-against-model.js';
import { resolveConfig } from './resolve-config.js';
import type { ContentModel, Locale } from '../core/model/types.js';
import { loadModel, resolveSchemaRoot } from './load-model.js';
import { readPluginCustomFields } from './code/plugin-custom-fields.js';
import { loadProjectCode, routeActions, type ProjectCode } from './code/project-code.js';
import { parseJsonText } from '../core/model/parse-json-text.js';
import { formatProblem } from '../core/model/schema-errors.js';
import { assertDataset, DatasetError, type Dataset } from '../core/data/import-dataset.js';
import { openSeedFile, type ReadSeed, type SeedSource } from '../store/read-seed-file.js';

/** The package's own folder: the embedded example lives in its `data/`. */
export const PACKAGE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const EXAMPLE = {
  schemas: join(PACKAGE_ROOT, 'data', 'schemas'),
  seed: join(PACKAGE_ROOT, 'data', 'seed.json'),
  config: join(PACKAGE_ROOT, 'data', 'content-mock.config.json'),
};

export interface ProjectOptions {
  /** A Strapi project root, its `src/`, or a folder laid out like `src/`. Default: the embedded example. */
  readonly schemas?: string;
  /** Seed content in the dataset format. Default: the example's seed when serving the example. */
  readonly seed?: string;
  /** Config file; `content-mock.config.json` in the working directory when present. */
  readonly config?: string;
  /** Or a config object given in code (tests, library use); merged over the file. */
  readonly configObject?: Record<string, unknown>;
  /** Grant the public role find and findOne on every content type (`serve --public`). */
  readonly public?: boolean;
  /** Schema warnings that hide a mistake (a dangling inverse relation) become errors. */
  readonly strictSchemas?: boolean;
  /** Locales known from elsewhere (a running target, a seed being written); they win over the seed's and the config's. */
  readonly locales?: readonly Locale[];
  /** Run the project's server code (routes, controllers, services, middlewares, policies, lifecycles). Default true. */
  readonly projectCode?: boolean;
  /**
   * Content is about to be generated (`serve --seed-if-empty`, `seed`): an i18n project that declares no locale
   * gets its default plus one other, so translations show (see `generatedLocales`).
   */
  readonly generating?: boolean;
  /** The seed file read ahead on another thread (`serve` starts it before loading its modules); used if it is `seed`'s. */
  readonly seedRead?: { take(): Promise<ReadSeed | undefined> };
}

export interface Project {
  readonly schemas: string;
  /** The project's name (its package.json), for titles; undefined for a bare folder of schemas. */
  readonly name?: string;
  readonly config: ContentMockConfig;
  /** The seed, read lazily: its documents are parsed only when the store imports them. */
  readonly seed: SeedSource | undefined;
  readonly model: ContentModel;
  /** The project's server code (loaded even with `projectCode: false`, which only keeps it from running). */
  readonly code?: ProjectCode;
}

export const CONFIG_FILE_NAME = 'content-mock.config.json';

/**
 * The config file used when none is named: in the working directory, else next to the schemas (the project root,
 * or the folder above a given `src/`), where a project keeps it.
 */
export function findConfigFile(schemas: string | undefined): string | undefined {
  const candidates = [CONFIG_FILE_NAME];
  if (schemas !== undefined) {
    candidates.push(join(schemas, CONFIG_FILE_NAME));
    if (basename(resolve(schemas)) === 'src') candidates.push(join(schemas, '..', CONFIG_FILE_NAME));
  }
  return candidates.find((f) => existsSync(f));
}

/** The `name` in the package.json of the project the schemas belong to (given as the root or as its src/). */
export function projectName(schemas: string): string | undefined {
  const root = basename(resolve(schemas)) === 'src' ? join(schemas, '..') : schemas;
  const file = join(root, 'package.json');
  if (!existsSync(file)) return undefined;
  try {
    const name = (JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown }).name;
    return typeof name === 'string' && name !== '' ? name : undefined;
  } catch {
    return undefined;
  }
}

/** A whole seed file as one object (for tools and tests; serving streams it instead, see openSeedFile). */
export function readSeed(file: string): Dataset {
  if (!existsSync(file)) throw new DatasetError(`${file}: seed file not found`);
  const parsed = parseJsonText(readFileSync(file, 'utf8'), file);
  if (!parsed.ok) throw new DatasetError(formatProblem(parsed.problem));
  assertDataset(parsed.value, file);
  return parsed.value;
}

/** Languages offered as the second locale of generated content, the first that is not the default. */
const SECOND_LOCALES = ['fr', 'en', 'de', 'es'];

/**
 * The locales generated content gets when the project declares none: undefined for a project without localized
 * types; else its default locale and one other, as a Strapi project with one translation added.
 */
export function generatedLocales(model: ContentModel): Locale[] | undefined {
  const i18n = [...model.contentTypes.values()].some((t) => t.localized && !t.builtIn);
  if (!i18n) return undefined;
  const second = SECOND_LOCALES.find((c) => c !== model.defaultLocale) ?? 'fr';
  const names = new Intl.DisplayNames(['en'], { type: 'language' });
  return [model.defaultLocale, second].map((code, i) => ({ code, name: `${names.of(code) ?? code} (${code})`, isDefault: i === 0 }));
}

/**
 * Reads what every command starts from, the same way for all: the config (and a Strapi project's config/api),
 * the seed, the locales (the seed's, else the config's) and the content model.
 */
export async function loadProject(options: ProjectOptions): Promise<Project> {
  // The example named by its path (the CLI resolves a missing --schemas to it) is the example still: its seed and config.
  const usingExample = options.schemas === undefined || resolve(options.schemas) === EXAMPLE.schemas;
  const schemas = options.schemas ?? EXAMPLE.schemas;
  const configFile = options.config ?? findConfigFile(schemas) ?? (usingExample ? EXAMPLE.config : undefined);
  const projectRoot = existsSync(join(schemas, 'config')) ? schemas : undefined;
  // Every setting (plugins, dev comforts included) is checked now, so a bad one stops start-up instead of a request.
  const config = resolveConfig({
    configFile,
    projectRoot,
    required: options.config !== undefined,
    overrides: options.configObject,
    publicRead: options.public,
  });
  const seedFile = options.seed ?? (usingExample ? EXAMPLE.seed : undefined);
  const seed = seedFile ? openSeedFile(seedFile, await options.seedRead?.take()) : undefined;
  const locales: Locale[] = options.locales ? [...options.locales] : seed ? [...seed.locales] : [];
  if (locales.length === 0 && config.locales) {
    locales.push(...config.locales.map((l, i) => ({ code: l.code, name: l.name ?? l.code, isDefault: l.isDefault ?? i === 0 })));
  }
  let modelOptions: Parameters<typeof loadModel>[1] = {
    customFields: config.customFields,
    strict: options.strictSchemas,
    privateAttributes: config.responses.privateAttributes,
  };
  let model = await loadModel(schemas, { ...modelOptions, locales });
  // custom fields the config does not map: their types are what the project's plugins register (run only then)
  if (projectRoot && unmappedCustomFields(model, config.customFields)) {
    const plugins = await readPluginCustomFields(projectRoot);
    modelOptions = {
      ...modelOptions,
      customFields: { ...plugins.fields, ...config.customFields },
      notes: plugins.problems.map((p) => `${p.message} (the custom fields this plugin registers are unknown)`),
    };
    model = await loadModel(schemas, { ...modelOptions, locales });
  }
  if (options.generating && locales.length === 0 && !seed) {
    const two = generatedLocales(model);
    if (two) model = await loadModel(schemas, { ...modelOptions, locales: two });
  }
  // Read even when it will not run (projectCode: false): the actions its routes name are grants a config may hold.
  const code = usingExample ? undefined : loadProjectCode(resolveSchemaRoot(schemas), model);
  checkConfigAgainstModel(config, model, configFile ?? 'config', routeActions(code));
  return { schemas, name: projectName(schemas), config: options.public ? withPublicReads(config, code) : config, seed, model, code };
}

/** Whether a schema names a custom field the config does not map. */
function unmappedCustomFields(model: ContentModel, mapped: Readonly<Record<string, string>>): boolean {
  return [...model.contentTypes.values(), ...model.components.values()].some((t) =>
    [...t.attributes.values()].some((a) => a.kind === 'scalar' && a.customField !== undefined && !(a.customField in mapped)),
  );
}

/**
 * `--public`: the public role also reads through the project's own GET routes (`findBySlug`…), as a frontend
 * developer who asked for an open mock expects; its other actions stay as the config grants them.
 */
function withPublicReads(config: ContentMockConfig, code: ProjectCode | undefined): ContentMockConfig {
  const reads = new Set([...routeActions(code, 'GET').values()].flatMap((s) => [...s]));
  if (reads.size === 0) return config;
  const star = new Set([...(config.publicPermissions['*'] ?? []), ...reads]);
  return Object.freeze({ ...config, publicPermissions: { ...config.publicPermissions, '*': [...star] } });
}
