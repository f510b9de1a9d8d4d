import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type MockServer, type ServerOptions } from '../../src/index.js';
import type { ReloadEvent } from '../../src/mock/watch/hot-reload.js';

const KIT = join(import.meta.dirname, '..', 'fixtures', 'kit');
export const KIT_TOKEN = 'kit-read-only-token-5b1d0c2e9f7a4386';

export interface DevServer {
  readonly server: MockServer;
  readonly url: string;
  readonly dir: string;
  readonly schemas: string;
  readonly dataFile: string;
  readonly logs: string[];
  readonly events: ReloadEvent[];
  /** Resolves with the next reload event matching `test`. */
  nextReload(test: (e: ReloadEvent) => boolean, timeoutMs?: number): Promise<ReloadEvent>;
  stop(): Promise<void>;
}

/** The kit's model, seed and config copied to a temp folder, served on a free port. */
export async function startDevServer(options: Partial<ServerOptions> = {}): Promise<DevServer> {
  const dir = mkdtempSync(join(tmpdir(), 'content-mock-dev-'));
  const schemas = join(dir, 'model');
  cpSync(join(KIT, 'model'), schemas, { recursive: true });
  cpSync(join(KIT, 'dataset.json'), join(dir, 'seed.json'));
  cpSync(join(KIT, 'content-mock.config.json'), join(dir, 'content-mock.config.json'));
  const dataFile = join(dir, 'data', 'db.json');
  const logs: string[] = [];
  const events: ReloadEvent[] = [];
  const waiters = new Set<(e: ReloadEvent) => void>();
  const server = await createServer({
    schemas,
    seed: join(dir, 'seed.json'),
    config: join(dir, 'content-mock.config.json'),
    data: dataFile,
    logger: { info: (l) => logs.push(l), error: (l) => logs.push(l) },
    onReload: (e) => {
      events.push(e);
      for (const w of waiters) w(e);
    },
    ...options,
  });
  const { url } = await server.listen(0, '127.0.0.1');
  return {
    server,
    url,
    dir,
    schemas,
    dataFile,
    logs,
    events,
    nextReload(test, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching reload within ${timeoutMs} ms; logs:\n${logs.join('\n')}`));
        }, timeoutMs);
        const check = (e: ReloadEvent) => {
          if (!test(e)) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(e);
        };
        waiters.add(check);
      });
    },
    async stop() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Polls `probe` until it returns true; resolves with the ms it took. */
export async function waitFor(probe: () => Promise<boolean>, timeoutMs = 5000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (await probe()) return performance.now() - started;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`condition not met within ${timeoutMs} ms`);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
