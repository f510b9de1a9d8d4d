#!/usr/bin/env node
// Replays the conformance kit (recorded from a real Strapi 5) against content-mock serving the kit's model and
// data in memory. Arguments go to run.mjs: `npm run conformance -- --group filters`, `-- --golden OTHER.json`.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer as netServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const kit = resolve(root, '..', 'shared', 'conformance');
const fixtures = join(root, 'test', 'fixtures', 'kit');
const runner = join(kit, 'run.mjs');
if (!existsSync(runner)) {
  console.error(`conformance: ${runner} not found (this script needs the workplace's shared/ folder beside the repo)`);
  process.exit(2);
}
const config = join(fixtures, 'content-mock.config.json');
const token = JSON.parse(readFileSync(config, 'utf8')).tokens[0].key;
const args = process.argv.slice(2);
const has = (flag) => args.includes(flag);

const port = await new Promise((ok) => {
  const s = netServer().listen(0, '127.0.0.1', () => {
    const p = s.address().port;
    s.close(() => ok(p));
  });
});
const server = spawn(
  process.execPath,
  [
    join(root, 'bin', 'content-mock.js'),
    'serve',
    '--schemas',
    join(kit, 'model'),
    '--seed',
    join(kit, 'dataset.json'),
    '--config',
    config,
    '--memory',
    '--port',
    String(port),
  ],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
let banner = '';
await new Promise((ok, fail) => {
  server.stdout.on('data', (d) => {
    banner += d;
    if (banner.includes('serving')) ok();
  });
  server.once('exit', (code) => fail(new Error(`server exited with ${code}`)));
}).catch((e) => {
  console.error(`conformance: could not start content-mock: ${e.message}`);
  process.exit(2);
});

const runArgs = ['check', '--base', `http://127.0.0.1:${port}`, '--token', token];
if (!has('--golden')) runArgs.push('--golden', join(kit, 'golden.json'));
if (!has('--dataset')) runArgs.push('--dataset', join(kit, 'dataset.json'));
const child = spawn(process.execPath, [runner, ...runArgs, ...args], { stdio: 'inherit' });
const code = await new Promise((ok) => child.once('exit', ok));
server.kill('SIGTERM');
process.exit(code ?? 1);
