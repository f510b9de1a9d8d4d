import { readFile, stat } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { describeError } from '../../project/describe-error.js';
import type { Runtime } from '../runtime.js';
import type { ProjectApp } from '../strapi/project-app.js';
import type { ContentModel } from '../../core/model/types.js';
import { loadModel, resolveSchemaRoot, type LoadModelOptions } from '../../project/load-model.js';
import { parseStoreBytes } from '../../store/content-store.js';
import { hashBytes } from '../../store/store-file.js';
import type { StoreData } from '../../core/data/types.js';
import { describeDiff, diffModels, type ModelDiff } from './diff-models.js';
import { watchFiles, type FileWatch } from './watch-files.js';

export interface Logger {
  info(line: string): void;
  error(line: string): void;
}

export type ReloadEvent =
  | { readonly kind: 'schemas'; readonly ok: true; readonly ms: number; readonly diff: ModelDiff; readonly files: readonly string[] }
  | { readonly kind: 'data'; readonly ok: true; readonly ms: number }
  | { readonly kind: 'schemas' | 'data'; readonly ok: false; readonly error: string };

export interface HotReloadOptions {
  /** The schema folder as given to the server (resolved like `loadModel` does). */
  readonly schemas: string;
  readonly loadOptions: LoadModelOptions;
  /** The JSON store file; undefined in memory mode (nothing to watch). */
  readonly dataFile?: string;
  /** The seed as a store for a model: what `reset` restores after a schema change. */
  readonly initialFor: (model: ContentModel) => StoreData;
  readonly get: () => Runtime;
  readonly set: (runtime: Runtime) => void;
  readonly log: Logger;
  readonly onReload?: (event: ReloadEvent) => void;
  readonly settleMs?: number;
  /** Rebuilds the project's server code for a model (undefined: the project runs none). */
  readonly appFor?: (model: ContentModel) => Promise<ProjectApp | undefined>;
}

const CODE_FILE = /\.(ts|js|mjs|cjs|mts|cts)$/;

/**
 * Watches the schemas and the data file and swaps what the server serves, keeping the last good state on any error.
 * Schema and data reloads run one at a time, so neither sees the other half done.
 */
export async function startHotReload(o: HotReloadOptions): Promise<FileWatch> {
  const { log } = o;
  let queue: Promise<void> = Promise.resolve();
  const serial = (task: () => Promise<void>) => (queue = queue.then(task, task));
  const emit = (event: ReloadEvent) => o.onReload?.(event);

  const reloadSchemas = async (files: readonly string[]) => {
    const started = performance.now();
    let model: ContentModel;
    try {
      model = await loadModel(o.schemas, o.loadOptions);
    } catch (e) {
      const message = describeError(e);
      log.error(`${message}\ncontent-mock: still serving the last good model; fix the file and save to reload`);
      emit({ kind: 'schemas', ok: false, error: message });
      return;
    }
    const before = o.get();
    // The code reads the model (its core routes, content types): rebuilt with it, problems said like schema ones.
    const app = o.appFor ? await o.appFor(model) : before.app;
    before.store.useModel(model, () => o.initialFor(model));
    o.set({ ...before, model, app });
    for (const p of app?.problems ?? []) log.error(`content-mock: cannot run here: ${p.message} (Strapi's core behaviour is used instead)`);
    const ms = Math.round(performance.now() - started);
    const diff = diffModels(before.model, model);
    const names = files.map((f) => basename(dirname(f)) + '/' + basename(f));
    log.info([`content-mock: schemas changed (${names.join(', ')}), reloaded in ${ms} ms`, ...describeDiff(diff)].join('\n'));
    for (const w of model.warnings) if (!before.model.warnings.includes(w)) log.info(`warning: ${w}`);
    emit({ kind: 'schemas', ok: true, ms, diff, files });
  };

  const reloadData = async (file: string) => {
    const started = performance.now();
    const store = o.get().store;
    // Our own store rewrites land here too: the store knows them by inode, size and time without reading them,
    // else by content hash.
    try {
      if (store.isOwnFileStat(await stat(file))) return;
    } catch {
      // gone: said below
    }
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch {
      log.info(`content-mock: ${file} was removed; the data stays in memory and the next store rewrite recreates the file`);
      return;
    }
    const hash = hashBytes(bytes);
    if (store.isOwnFile(hash)) return;
    let data: StoreData;
    try {
      data = parseStoreBytes(bytes, file);
    } catch (e) {
      const message = describeError(e);
      log.error(`${message}\ncontent-mock: keeping the last good data; fix the file and save to reload`);
      emit({ kind: 'data', ok: false, error: message });
      return;
    }
    const outcome = await store.replace(data, false, hash);
    const ms = Math.round(performance.now() - started);
    const count = Object.values(data.types).reduce((n, rows) => n + new Set(rows.map((r) => r.documentId)).size, 0);
    log.info(`content-mock: ${basename(file)} changed outside the server, reloaded ${count} documents in ${ms} ms`);
    // Writes the server acknowledged that the edited file did not hold yet are never dropped silently.
    if (outcome.reapplied > 0)
      log.info(
        `content-mock: re-applied ${outcome.reapplied} acknowledged change${outcome.reapplied > 1 ? 's' : ''} that ${basename(file)} did not hold yet on top of the edit (where both touched a row, the change wins); they are written into the file shortly`,
      );
    if (outcome.setAside)
      log.error(
        `content-mock: ${basename(file)} was edited while acknowledged changes were not in it yet, and they could not be re-applied on top of the edit (${outcome.reason}); set aside in ${outcome.setAside}`,
      );
    emit({ kind: 'data', ok: true, ms });
  };

  const schemaRoot = resolve(resolveSchemaRoot(o.schemas));
  const dataFile = o.dataFile ? resolve(o.dataFile) : undefined;
  const schemaWatch = watchFiles({
    paths: [schemaRoot],
    depth: 5,
    // A data file kept among the schemas must not turn each of our writes into a model rebuild.
    accept: (f) =>
      (f.endsWith('.json') || (o.appFor !== undefined && CODE_FILE.test(f) && !f.endsWith('.d.ts'))) && resolve(f) !== dataFile,
    settleMs: o.settleMs,
    onChange: (files) => serial(() => reloadSchemas(files)),
    onError: (e) => log.error(`content-mock: schema watcher: ${describeError(e)}`),
  });
  // The folder rather than the file: the store (and many editors) write a temp file and rename it over the old one.
  const dataWatch = dataFile
    ? watchFiles({
        paths: [dirname(dataFile)],
        depth: 0,
        accept: (f) => resolve(f) === dataFile,
        settleMs: o.settleMs,
        onChange: () => serial(() => reloadData(dataFile)),
        onError: (e) => log.error(`content-mock: data watcher: ${describeError(e)}`),
      })
    : undefined;
  await Promise.all([schemaWatch.ready, dataWatch?.ready]);

  return {
    ready: Promise.resolve(),
    async close() {
      await Promise.all([schemaWatch.close(), dataWatch?.close()]);
      await queue;
    },
  };
}
