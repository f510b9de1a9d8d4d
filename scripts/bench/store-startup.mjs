// Start-up of `serve` over a store file (its default mode, without --memory), beside the bench's seed-in-memory
// start-up: the first start imports the seed and writes the store file (reads are answered before the file is
// written: the first answer, then the file on disk), a restart loads the store file (the seed, still named, gives
// only its locales then).
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

/**
 * @param {object} o
 * @param {string} o.cli @param {string} o.fixtures @param {string} o.seedFile @param {string} o.work
 * @param {Function} o.startServer @param {Function} o.stopServer @param {Function} o.rssMb
 * @returns {Promise<{ firstAnswerMs: number, storeWrittenMs: number, storeMB: number, fromStoreMs: number, fromStoreRssMb: number }>}
 */
export async function benchStoreStartup(o) {
  const { cli, fixtures, seedFile, work, startServer, stopServer, rssMb } = o;
  const dir = join(work, 'store-startup');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const data = join(dir, 'db.json');
  const args = (port) => [
    cli,
    'serve',
    '--schemas',
    join(fixtures, 'model'),
    '--config',
    join(fixtures, 'content-mock.config.json'),
    '--seed',
    seedFile,
    '--data',
    data,
    '--quiet',
    '--no-watch',
    '--port',
    String(port),
  ];
  const probe = '/api/articles?pagination[pageSize]=1';

  const first = await startServer('serve --seed --data (first start)', args, { probe, timeoutMs: 600_000 });
  // the file appears whole (written beside, then renamed)
  while (!existsSync(data)) await sleep(10);
  const storeWrittenMs = Number(process.hrtime.bigint() - first.spawnedAt) / 1e6;
  await stopServer(first);
  const storeMB = statSync(data).size / 1e6;

  const again = await startServer('serve --seed --data (from its store file)', args, { probe, timeoutMs: 600_000 });
  const fromStoreRssMb = rssMb(again.child.pid).rss;
  await stopServer(again);
  rmSync(dir, { recursive: true, force: true });
  return { firstAnswerMs: first.startupMs, storeWrittenMs, storeMB, fromStoreMs: again.startupMs, fromStoreRssMb };
}
