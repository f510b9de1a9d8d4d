import { resolve } from 'node:path';
import { ConfigError } from '../../core/config/content-mock-config.js';
import { loadProject } from '../../project/load-project.js';
import { importDataset } from '../../core/data/import-dataset.js';
import { generateSeed } from './generate-seed.js';
import { writeDatasetFile } from '../format/write-dataset-file.js';
import { parseCounts } from './parse-counts.js';

export { parseCounts } from './parse-counts.js';

export interface SeedArgs {
  schemas?: string;
  count?: (string | number)[];
  'seed-value'?: string;
  locales?: string[];
  media?: number;
  out?: string;
  config?: string;
}

/** `content-mock seed`: generated content into a seed file that `serve --seed` imports. */
export async function runSeed(
  args: SeedArgs,
  log: (line: string) => void = (l) => console.error(l),
  progress?: (line: string) => void,
): Promise<number> {
  const started = Date.now();
  const codes = (args.locales ?? [])
    .flatMap((s) => String(s).split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  // --locales wins; else the config's locales (the project loader applies them), else English.
  const explicit = codes.length ? codes.map((code, i) => ({ code, name: code, isDefault: i === 0 })) : undefined;
  const { model, config } = await loadProject({ schemas: args.schemas, config: args.config, locales: explicit, generating: true });
  const locales = codes.length ? codes : (config.locales?.map((l) => l.code) ?? model.locales.map((l) => l.code));
  for (const type of Object.keys(parseCounts(args.count).counts)) {
    if (![...model.contentTypes.values()].some((t) => t.uid === type || t.pluralName === type || t.singularName === type)) {
      throw new ConfigError(`--count ${type}=…: the schemas define no such content type`);
    }
  }
  const { count, counts } = parseCounts(args.count);
  let dataset;
  try {
    dataset = generateSeed(model, {
      count,
      counts,
      seed: args['seed-value'] ?? 'content-mock',
      locales,
      mediaCount: args.media,
      fixtures: config.fixtures,
      onType: progress && ((type, i, total) => progress(`seed: ${type.pluralName} (${i + 1}/${total})`)),
    });
  } catch (e) {
    // A constraint no amount of data can meet (more unique integers than the range holds) or a fixture naming what
    // the schemas lack: the user's to fix.
    if (e instanceof RangeError) throw new ConfigError(e.message);
    throw e;
  }
  // Prove the file imports (as `serve --seed` will) before it replaces anything.
  const store = importDataset(model, dataset);
  const out = resolve(args.out ?? 'seed.json');
  await writeDatasetFile(out, dataset);
  const documents = Object.values(store.types).reduce((n, rows) => n + new Set(rows.map((r) => r.documentId)).size, 0);
  const rows = Object.values(store.types).reduce((n, r) => n + r.length, 0);
  log(
    `seed: wrote ${out}: ${documents} documents (${rows} rows), ${store.media.length} files, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return 0;
}
