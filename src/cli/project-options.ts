import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Argv, Options } from 'yargs';
import { EXAMPLE } from '../project/load-project.js';
import type { Locale } from '../core/model/types.js';

// The options every command that reads a project shares, defined once so `--schemas`, `--config` and `--seed` mean
// the same thing, default the same way and read the same in every command's --help. A command adds its own options
// after these (serve's project-code switch will join them here).
//
// The rule for `--schemas` when it is not given, for every command: the working directory when it holds a Strapi
// project (a `src/api/` or `api/` folder), else the embedded example.

export const SCHEMAS_HELP =
  'Strapi project root, its src/, or a folder with api/ and components/ (default: the working directory when it holds ' +
  'a Strapi project, else the embedded example)';
export const CONFIG_HELP = 'config file (default: content-mock.config.json in the working directory, else next to --schemas)';
export const SEED_HELP = 'seed file in the dataset format (what `seed` and `pull` write)';
export const LOCALES_HELP =
  "locales of generated content, the default first: en fr (default: the config's; an i18n project declaring none " +
  'gets its default locale and one other)';

export const SCHEMAS_OPTION = { type: 'string', describe: SCHEMAS_HELP } as const satisfies Options;
export const CONFIG_OPTION = { type: 'string', describe: CONFIG_HELP } as const satisfies Options;
export const SEED_OPTION = { type: 'string', describe: SEED_HELP } as const satisfies Options;

export interface ProjectArgs {
  schemas?: string;
  config?: string;
}

/** `--schemas` and `--config`, as every command that reads a project takes them. */
export function projectOptions<T>(y: Argv<T>): Argv<T & ProjectArgs> {
  return y.option('schemas', SCHEMAS_OPTION).option('config', CONFIG_OPTION);
}

/** `--seed` as a command that reads a seed takes it; `required` where the command has nothing to do without one. */
export function seedOption<T>(y: Argv<T>, required = false): Argv<T & { seed?: string }> {
  return y.option('seed', required ? { ...SEED_OPTION, demandOption: true } : SEED_OPTION);
}

const isDirectory = (path: string) => existsSync(path) && statSync(path).isDirectory();

/** The working directory (or `dir`) holds a Strapi project: a `src/api/` or `api/` folder. */
export function holdsStrapiProject(dir = '.'): boolean {
  return isDirectory(join(dir, 'src', 'api')) || isDirectory(join(dir, 'api'));
}

/** The schemas a command reads: `--schemas`, else the working directory when it is a project, else the example. */
export function schemasOf(args: { schemas?: string }): string {
  return args.schemas ?? (holdsStrapiProject() ? '.' : EXAMPLE.schemas);
}

/** `--locales` as the commands that generate content take it (`seed`, `serve --seed-if-empty`). */
export function localesOption<T>(y: Argv<T>): Argv<T & { locales?: string[] }> {
  return y.option('locales', { type: 'array', string: true, describe: LOCALES_HELP });
}

/** `--locales en fr` or `--locales en,fr` as locale records, the first the default; undefined when none is given. */
export function localesOf(values: readonly (string | number)[] | undefined): Locale[] | undefined {
  const codes = (values ?? [])
    .flatMap((v) => String(v).split(','))
    .map((c) => c.trim())
    .filter(Boolean);
  return codes.length ? codes.map((code, i) => ({ code, name: code, isDefault: i === 0 })) : undefined;
}
