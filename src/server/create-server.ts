import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type express from 'express';
import { resolveConfig, resolveConfigObject } from '../config/resolve-config.js';
import { createApp, type Runtime } from '../http/create-app.js';
import type { ContentModel, Locale } from '../model/types.js';
import { loadModel } from '../schema/load-model.js';
import { parseJsonText } from '../schema/read-json-file.js';
import { formatProblem } from '../schema/schema-errors.js';
import { ContentStore } from '../store/content-store.js';
import { assertDataset, datasetLocales, DatasetError, emptyStore, importDataset, type Dataset } from '../store/import-dataset.js';

/** The package's own folder: the embedded example lives in its `data/`. */
export const PACKAGE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const EXAMPLE = {
  schemas: join(PACKAGE_ROOT, 'data', 'schemas'),
  seed: join(PACKAGE_ROOT, 'data', 'seed.json'),
  config: join(PACKAGE_ROOT, 'data', 'content-mock.config.json'),
};

export interface ServerOptions {
  /** A Strapi project root, its `src/`, or a folder laid out like `src/`. Default: the embedded example. */
  readonly schemas?: string;
  /** Seed content in the dataset format. Default: the example's seed when serving the example. */
  readonly seed?: string;
  /** The lowdb JSON file; ignored with `memory`. */
  readonly data?: string;
  readonly memory?: boolean;
  /** Config file; `content-mock.config.json` in the working directory when present. */
  readonly config?: string;
  /** Or a config object given in code (tests, library use); merged over the file. */
  readonly configObject?: Record<string, unknown>;
  readonly port?: number;
  readonly host?: string;
}

export interface MockServer {
  readonly app: express.Express;
  readonly runtime: () => Runtime;
  listen(port?: number, host?: string): Promise<{ url: string; port: number }>;
  close(): Promise<void>;
}

export function readSeed(file: string): Dataset {
  if (!existsSync(file)) throw new DatasetError(`${file}: seed file not found`);
  const parsed = parseJsonText(readFileSync(file, 'utf8'), file);
  if (!parsed.ok) throw new DatasetError(formatProblem(parsed.problem));
  assertDataset(parsed.value, file);
  return parsed.value;
}

/** Builds everything `serve` runs: config, model, store and the app. Throws clear errors for bad input. */
export async function createServer(options: ServerOptions = {}): Promise<MockServer> {
  const usingExample = options.schemas === undefined;
  const schemas = options.schemas ?? EXAMPLE.schemas;
  const configFile = options.config ?? (existsSync('content-mock.config.json') ? 'content-mock.config.json' : usingExample ? EXAMPLE.config : undefined);
  const projectRoot = existsSync(join(schemas, 'config')) ? schemas : undefined;
  let config = resolveConfig({ configFile, projectRoot, required: options.config !== undefined });
  if (options.configObject) config = resolveConfigObject({ ...config.raw, ...options.configObject }, projectRoot);
  const seedFile = options.seed ?? (usingExample ? EXAMPLE.seed : undefined);
  const seed = seedFile ? readSeed(seedFile) : undefined;
  const locales: Locale[] = seed ? datasetLocales(seed) : [];
  if (locales.length === 0 && config.locales) {
    locales.push(...config.locales.map((l, i) => ({ code: l.code, name: l.name ?? l.code, isDefault: l.isDefault ?? i === 0 })));
  }
  const model: ContentModel = await loadModel(schemas, { locales, customFields: config.customFields });
  const initial = () => (seed ? importDataset(model, seed) : emptyStore(model));
  const store = await ContentStore.open(model, { file: options.memory ? undefined : options.data ?? resolve('data', 'db.json'), initial });

  let runtime: Runtime = { model, store, config };
  const app = createApp(() => runtime);
  let server: Server | undefined;
  return {
    app,
    runtime: () => runtime,
    listen(port = options.port ?? 1337, host = options.host ?? '127.0.0.1') {
      return new Promise((ok, fail) => {
        const s = app.listen(port, host, () => {
          const address = s.address() as AddressInfo;
          ok({ url: `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`, port: address.port });
        });
        s.once('error', fail);
        server = s;
      });
    },
    async close() {
      await store.flush();
      await new Promise<void>((ok) => (server ? server.close(() => ok()) : ok()));
      server?.closeAllConnections?.();
      runtime = { ...runtime };
    },
  };
}
