import { prefetchSeedEarly } from '../store/seed-prefetch.js';

/**
 * `serve --seed FILE`: starts reading and outlining the seed on another thread before yargs and the commands load
 * (bin/content-mock.js calls this first), so that thread has ~100 ms more to finish before the import needs it. Only
 * a plain `serve … --seed FILE` (or `--seed=FILE`, or CONTENT_MOCK_SEED) is recognised here; the serve command
 * takes the read ahead over if yargs finds the same file, and stops it otherwise.
 */
export function startEarlySeedRead(argv: readonly string[], env: NodeJS.ProcessEnv): void {
  if (argv[0] !== 'serve' || argv.includes('--help')) return;
  let file = env.CONTENT_MOCK_SEED;
  for (let i = 1; i < argv.length; i++) {
    if (argv[i] === '--') break;
    if (argv[i] === '--seed' && i + 1 < argv.length) file = argv[i + 1];
    else if (argv[i].startsWith('--seed=')) file = argv[i].slice('--seed='.length);
  }
  if (file) prefetchSeedEarly(file);
}
