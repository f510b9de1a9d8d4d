import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { prefetchSeedEarly } from '../store/seed-prefetch.js';
import { journalPath } from '../store/journal.js';
import { prefetchStoreFiles } from '../store/store-prefetch.js';
import { growHeapForLoad } from './load-heap.js';

/**
 * `serve --seed FILE`: starts reading and outlining the seed on another thread before yargs and the commands load
 * (bin/content-mock.js calls this first), so that thread has ~100 ms more to finish before the import needs it. Only
 * a plain `serve … --seed FILE` (or `--seed=FILE`, or CONTENT_MOCK_SEED) is recognised here; the serve command
 * takes the read ahead over if yargs finds the same file, and stops it otherwise. Without `--memory`, the store file
 * (`--data FILE`, CONTENT_MOCK_DATA, else ./.content-mock/db.json) and its journal are read ahead the same way, into
 * the page cache only (see store-prefetch.ts); when that file is already there, the seed is not read ahead at all
 * (see servesStoreFile). Any `serve` lets the heap grow in large steps from here until its data is loaded (see
 * load-heap.ts).
 */
export function startEarlySeedRead(argv: readonly string[], env: NodeJS.ProcessEnv): void {
  if (argv[0] !== 'serve' || argv.includes('--help')) return;
  // the modules, then the data, load from here on; runServe sets the heap's growth back once they have
  growHeapForLoad();
  const on = (value: string | undefined) => value !== undefined && value !== 'false';
  let file = env.CONTENT_MOCK_SEED;
  let data = env.CONTENT_MOCK_DATA;
  let memory = on(env.CONTENT_MOCK_MEMORY);
  let resetOnStart = on(env.CONTENT_MOCK_RESET_ON_START);
  for (let i = 1; i < argv.length; i++) {
    if (argv[i] === '--') break;
    const value = (name: string) =>
      argv[i] === `--${name}` && i + 1 < argv.length
        ? argv[i + 1]
        : argv[i].startsWith(`--${name}=`)
          ? argv[i].slice(name.length + 3)
          : undefined;
    file = value('seed') ?? file;
    data = value('data') ?? data;
    if (argv[i] === '--memory' || argv[i] === '--memory=true') memory = true;
    if (argv[i] === '--no-memory' || argv[i] === '--memory=false') memory = false;
    if (argv[i] === '--reset-on-start' || argv[i] === '--reset-on-start=true') resetOnStart = true;
    if (argv[i] === '--no-reset-on-start' || argv[i] === '--reset-on-start=false') resetOnStart = false;
  }
  const store = storeFileOf(memory, data);
  if (file && !servesStoreFile(store, resetOnStart)) prefetchSeedEarly(file);
  if (store) prefetchStoreFiles([store, journalPath(store)]);
}

/** The store file `serve` keeps (mock/create-server.ts: DEFAULT_STORE_DIR, not loaded this early), or none in memory. */
export const storeFileOf = (memory: boolean | undefined, data: string | undefined): string | undefined =>
  memory ? undefined : resolve(data ?? resolve('.content-mock', 'db.json'));

/**
 * Whether `serve` starts from a store file already there: the seed's documents are then not read at start (only
 * its locales, from its first bytes), nor read ahead on another thread, which would compete with the store's load
 * for the cores (100k articles: 1.8 s of CPU for nothing). A reset reads the seed when asked.
 */
export const servesStoreFile = (store: string | undefined, resetOnStart: boolean | undefined): boolean =>
  store !== undefined && !resetOnStart && existsSync(store);
