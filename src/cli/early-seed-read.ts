import { resolve } from 'node:path';
import { prefetchSeedEarly } from '../store/seed-prefetch.js';
import { journalPath } from '../store/journal.js';
import { prefetchStoreFiles } from '../store/store-prefetch.js';

/**
 * `serve --seed FILE`: starts reading and outlining the seed on another thread before yargs and the commands load
 * (bin/content-mock.js calls this first), so that thread has ~100 ms more to finish before the import needs it. Only
 * a plain `serve … --seed FILE` (or `--seed=FILE`, or CONTENT_MOCK_SEED) is recognised here; the serve command
 * takes the read ahead over if yargs finds the same file, and stops it otherwise. Without `--memory`, the store file
 * (`--data FILE`, CONTENT_MOCK_DATA, else ./.content-mock/db.json) and its journal are read ahead the same way, into
 * the page cache only (see store-prefetch.ts).
 */
export function startEarlySeedRead(argv: readonly string[], env: NodeJS.ProcessEnv): void {
  if (argv[0] !== 'serve' || argv.includes('--help')) return;
  let file = env.CONTENT_MOCK_SEED;
  let data = env.CONTENT_MOCK_DATA;
  let memory = env.CONTENT_MOCK_MEMORY !== undefined && env.CONTENT_MOCK_MEMORY !== 'false';
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
  }
  if (file) prefetchSeedEarly(file);
  if (!memory) {
    // serve's default store file (mock/create-server.ts: DEFAULT_STORE_DIR, not loaded this early)
    const store = resolve(data ?? resolve('.content-mock', 'db.json'));
    prefetchStoreFiles([store, journalPath(store)]);
  }
}
