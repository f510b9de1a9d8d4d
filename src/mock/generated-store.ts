import type { ContentModel } from '../core/model/types.js';
import type { StoreData } from '../core/data/types.js';
import { importDataset } from '../core/data/import-dataset.js';
import { ConfigError, type ContentMockConfig } from '../core/config/content-mock-config.js';

export type StoreGenerator = (model: ContentModel, config: ContentMockConfig) => StoreData;

/**
 * What `--seed-if-empty` serves: the content `content-mock seed` writes with its defaults, for the model's locales.
 * The generator (faker and its word lists) takes longer to load than a 10k-document seed takes to read: only a
 * server that generates loads it.
 */
export async function loadStoreGenerator(): Promise<StoreGenerator> {
  const { generateSeed } = await import('../dataset/seed/generate-seed.js');
  return (model, config) => {
    const locales = model.locales.map((l) => l.code);
    const ordered = [model.defaultLocale, ...locales.filter((c) => c !== model.defaultLocale)];
    try {
      return importDataset(model, generateSeed(model, { count: 10, seed: 'content-mock', locales: ordered, fixtures: config.fixtures }));
    } catch (e) {
      if (e instanceof RangeError) throw new ConfigError(e.message);
      throw e;
    }
  };
}

/** No document of any type (users and media do not count: they are not what a page shows). */
export function isEmptyStore(data: StoreData): boolean {
  return Object.entries(data.types).every(([uid, rows]) => !uid.startsWith('api::') || rows.length === 0);
}

/**
 * What start-up says after generating content: how much, in which locales, where it is kept and how to change the
 * locales, so nobody has to guess why `/fr` is empty or where the documents came from.
 */
export function describeGenerated(model: ContentModel, config: ContentMockConfig, data: StoreData, file: string | undefined): string[] {
  const types = Object.entries(data.types).filter(([uid, rows]) => uid.startsWith('api::') && rows.length > 0);
  const documents = types.reduce((n, [, rows]) => n + new Set(rows.map((r) => r.documentId)).size, 0);
  const codes = model.locales.map((l) => (l.code === model.defaultLocale ? `${l.code} (default)` : l.code));
  const where = file ? `kept in ${file} (delete it, or POST /__content-mock/reset, to start again)` : 'kept in memory';
  const lines = [
    `content: generated ${documents} documents of ${types.length} types, ${data.media.length} media files, ` +
      `locales ${codes.join(', ')}; ${where}`,
  ];
  const localized = [...model.contentTypes.values()].some((t) => t.localized && !t.builtIn);
  if (localized) {
    const origin = config.locales ? 'from the config' : 'none declared: the default plus one';
    lines.push(
      `locales: ${origin}; to choose them, list them in content-mock.config.json ("locales": [{"code": "en"}, {"code": "de"}]) ` +
        'or write a seed with `content-mock seed --locales en de`',
    );
  }
  return lines;
}
