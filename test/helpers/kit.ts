import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type MockServer } from '../../src/mock/create-server.js';

export const KIT = join(import.meta.dirname, '..', 'fixtures', 'kit');
export const KIT_MODEL = join(KIT, 'model');
export const KIT_DATASET = join(KIT, 'dataset.json');
export const KIT_CONFIG = join(KIT, 'content-mock.config.json');
export const KIT_TOKEN: string = (JSON.parse(readFileSync(KIT_CONFIG, 'utf8')) as { tokens: { key: string }[] }).tokens[0].key;

export interface KitCase {
  name: string;
  group: string;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
  mutates?: boolean;
  status: number;
  response: unknown;
}

export const kitCases = (): KitCase[] => JSON.parse(readFileSync(join(KIT, 'golden.json'), 'utf8')) as KitCase[];

/** content-mock serving the kit's model and data in memory, on a free port. */
export async function startKitServer(extra: Record<string, unknown> = {}): Promise<{ server: MockServer; url: string }> {
  const server = await createServer({ schemas: KIT_MODEL, seed: KIT_DATASET, config: KIT_CONFIG, memory: true, configObject: extra });
  const { url } = await server.listen(0, '127.0.0.1');
  return { server, url };
}

/** A copy of the kit's model whose articles have extra attributes (a relation the kit lacks, say); returns its folder. */
export function kitModelWith(articleAttributes: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'cm-kit-model-'));
  cpSync(KIT_MODEL, dir, { recursive: true });
  const file = join(dir, 'api', 'article', 'content-types', 'article', 'schema.json');
  const schema = JSON.parse(readFileSync(file, 'utf8')) as { attributes: Record<string, unknown> };
  Object.assign(schema.attributes, articleAttributes);
  writeFileSync(file, JSON.stringify(schema));
  return dir;
}

/** The kit's config with one more API token of full access. */
export function kitConfigWithFullToken(key: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const config = JSON.parse(readFileSync(KIT_CONFIG, 'utf8')) as { tokens: unknown[] };
  return { tokens: [...config.tokens, { name: 'full', type: 'full-access', key }], ...extra };
}
