import { resolve } from 'node:path';
import { loadProject } from '../../project/load-project.js';
import { datasetLocales, importDataset } from '../../core/data/import-dataset.js';
import { writeDatasetFile } from '../format/write-dataset-file.js';
import { pullDataset } from './pull-dataset.js';
import { apisWithoutRoutes, findCodeFiles } from '../../project/code/code-files.js';
import { resolveSchemaRoot } from '../../project/load-model.js';

export interface PullArgs {
  from: string;
  token?: string;
  schemas?: string;
  out?: string;
  types?: string[];
  locales?: string[];
  config?: string;
}

/** Splits `--types a,b --types c` into [a, b, c]. */
export const listOption = (v: readonly string[] | undefined): string[] | undefined =>
  v
    ?.flatMap((s) => String(s).split(','))
    .map((s) => s.trim())
    .filter(Boolean);

/** `content-mock pull`: the server's content into a seed file that `serve --seed` imports. */
export async function runPull(args: PullArgs, progress: (line: string) => void = (l) => console.error(l)): Promise<number> {
  const { schemas } = args;
  const project = await loadProject({ schemas, config: args.config });
  const { model, config } = project;
  // an api without routes of a project that has some: Strapi serves none of its types (see apisWithoutRoutes)
  const bare = apisWithoutRoutes(findCodeFiles(resolveSchemaRoot(project.schemas)));
  const unrouted = new Set([...model.contentTypes.keys()].filter((uid) => bare.has(/^api::([^.]+)\./.exec(uid)?.[1] ?? '')));
  const dataset = await pullDataset(model, {
    unrouted,
    from: args.from,
    token: args.token,
    types: listOption(args.types),
    locales: listOption(args.locales),
    restPrefix: config.rest.prefix,
    progress,
  });
  // Prove the file will import (as `serve --seed` does) before replacing anything on disk.
  const withLocales = (await loadProject({ schemas, config: args.config, locales: datasetLocales(dataset) })).model;
  const store = importDataset(withLocales, dataset);
  const out = resolve(args.out ?? 'seed.json');
  await writeDatasetFile(out, dataset);
  const rows = Object.values(store.types).reduce((n, r) => n + r.length, 0);
  progress(`pull: wrote ${out} (${Object.keys(dataset.contentTypes).length} types, ${rows} rows, ${store.media.length} files)`);
  return 0;
}
