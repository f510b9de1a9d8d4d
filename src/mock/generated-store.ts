import type { ContentModel } from '../core/model/types.js';
import type { StoreData } from '../core/data/types.js';
import { importDataset } from '../core/data/import-dataset.js';
import { generateSeed } from '../dataset/seed/generate-seed.js';
import { ConfigError, type ContentMockConfig } from '../core/config/content-mock-config.js';

/** What `--seed-if-empty` serves: the content `content-mock seed` writes with its defaults, for the model's locales. */
export function generatedStore(model: ContentModel, config: ContentMockConfig): StoreData {
  const locales = model.locales.map((l) => l.code);
  const ordered = [model.defaultLocale, ...locales.filter((c) => c !== model.defaultLocale)];
  try {
    return importDataset(model, generateSeed(model, { count: 10, seed: 'content-mock', locales: ordered, fixtures: config.fixtures }));
  } catch (e) {
    if (e instanceof RangeError) throw new ConfigError(e.message);
    throw e;
  }
}

/** No document of any type (users and media do not count: they are not what a page shows). */
export function isEmptyStore(data: StoreData): boolean {
  return Object.entries(data.types).every(([uid, rows]) => !uid.startsWith('api::') || rows.length === 0);
}
