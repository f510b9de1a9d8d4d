// What graphql-replay.mjs and graphql-write-replay.mjs share: the run's trace lines of one phase, and the current
// build of content-mock serving the run's pulled dataset with the run's config (graphql-run keeps both in its scratch
// folder per model and slot), in memory on a free port (with the project's code under --code).
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { modelOf } from './graphql-strapi.mjs';
import { knownValues } from './compare.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export async function replaySetup(opts, phase) {
  const { modelDir, name, settings } = modelOf(opts.model ?? 'kit');
  const work = join(tmpdir(), `gql-harness-${name}-${Number(opts.slot ?? 25)}`);
  const pulledFile = join(work, 'pulled.json');
  const lines = readFileSync(opts.trace, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l))
    .filter((l) => l.phase === phase);
  const { createServer } = await import(join(root, 'dist/mock/create-server.js'));
  const server = await createServer({
    schemas: modelDir,
    seed: pulledFile,
    config: join(work, 'content-mock.config.json'),
    memory: true,
    // --code: the project's own server code, as graphql-run --code ran it
    projectCode: opts.code === true,
    watch: false,
  });
  const { url } = await server.listen(0, '127.0.0.1');
  const known = knownValues(JSON.parse(readFileSync(pulledFile, 'utf8')));
  return { name, settings, lines, server, url, known };
}
