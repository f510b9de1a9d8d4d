import { resolve } from 'node:path';
import { loadProject, readSeed } from '../../project/load-project.js';
import { datasetLocales } from '../../core/data/import-dataset.js';
import { pushDataset } from './push-dataset.js';

export interface PushArgs {
  to: string;
  token?: string;
  seed: string;
  schemas?: string;
  force?: boolean;
  config?: string;
}

/** `content-mock push`: a seed file's content into a running Strapi, through its REST API. */
export async function runPush(args: PushArgs, progress: (line: string) => void = (l) => console.error(l)): Promise<number> {
  const dataset = readSeed(resolve(args.seed));
  // Read as every command reads a project: the config file found as `serve` finds it, the seed's locales.
  const { model, config } = await loadProject({ schemas: args.schemas, config: args.config, locales: datasetLocales(dataset) });
  const started = Date.now();
  const report = await pushDataset(model, dataset, {
    to: args.to,
    token: args.token,
    force: args.force,
    restPrefix: config.rest.prefix,
    progress,
  });
  for (const w of report.warnings) progress(`push: warning: ${w}`);
  progress(
    `push: wrote ${report.documents} documents (${report.versions} versions) and ${report.media} files into ${args.to} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return 0;
}
