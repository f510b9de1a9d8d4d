import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ContentModel, Locale } from '../../src/core/model/types.js';
import { loadModel } from '../../src/project/load-model.js';

export const KIT_DIR = fileURLToPath(new URL('../fixtures/kit/', import.meta.url));
export const EXAMPLE_SCHEMAS = fileURLToPath(new URL('../../data/schemas/', import.meta.url));

export interface GoldenCase {
  readonly name: string;
  readonly group: string;
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string> | null;
  readonly status: number;
  readonly contentType?: string;
  readonly response: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const EXAMPLE_SEED = fileURLToPath(new URL('../../data/seed.json', import.meta.url));
export const EXAMPLE_OPENAPI = fileURLToPath(new URL('../../openapi/openapi.json', import.meta.url));

/** Locales of a dataset file (the kit's dataset.json, the example's seed.json), as `serve` configures them. */
export function datasetLocales(file: string): Locale[] {
  const dataset: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!isRecord(dataset) || !Array.isArray(dataset.locales)) throw new Error(`${file} has no locales`);
  return dataset.locales.filter(isRecord).map((l) => ({
    code: String(l.code),
    name: String(l.name),
    isDefault: l.isDefault === true,
  }));
}

/** The kit model with the oracle's locales (en default, fr, de). */
export function loadKitModel(): Promise<ContentModel> {
  return loadModel(`${KIT_DIR}model`, { locales: datasetLocales(`${KIT_DIR}dataset.json`) });
}

/** The embedded example as `serve` loads it: data/schemas with the locales of data/seed.json. */
export function loadExampleModel(): Promise<ContentModel> {
  return loadModel(EXAMPLE_SCHEMAS, { locales: datasetLocales(EXAMPLE_SEED) });
}

export function goldenCases(): GoldenCase[] {
  const raw: unknown = JSON.parse(readFileSync(`${KIT_DIR}golden.json`, 'utf8'));
  if (!Array.isArray(raw)) throw new Error('golden.json must be an array');
  return raw.filter(isRecord).map((c) => ({
    name: String(c.name),
    group: String(c.group),
    method: String(c.method),
    path: String(c.path),
    headers: isRecord(c.headers) ? (Object.fromEntries(Object.entries(c.headers).map(([k, v]) => [k, String(v)])) as Record<string, string>) : null,
    status: Number(c.status),
    contentType: typeof c.contentType === 'string' ? c.contentType : undefined,
    response: c.response,
  }));
}

/** Placeholders such as {{articles:#3}} or {{last:documentId}} stand for a documentId: any string segment. */
export const resolvePlaceholders = (path: string): string => path.replace(/\{\{[^}]*\}\}/g, 'placeholderdocumentid0000');

export const sentV4 = (c: GoldenCase): boolean =>
  Object.entries(c.headers ?? {}).some(([k, v]) => k.toLowerCase() === 'strapi-response-format' && v.trim() === 'v4');
