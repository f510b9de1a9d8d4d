#!/usr/bin/env node
// The long fuzz run: `content-mock serve` on the conformance kit in a child process, then N seeded hostile requests
// (scripts/fuzz/requests.mjs; the test suite sends a few thousand of the same kind). It prints the answers per
// status, every 5xx or dropped connection with the request that caused it, whether the server printed an internal
// error, and whether it is still alive. Exit code 1 on any of those.
//
//   node scripts/fuzz.mjs [--requests 100000] [--seed 1] [--concurrency 8]
//
// Run `npm run build` first.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hostileRequests, vocabularyOf } from './fuzz/requests.mjs';
import { runFuzz } from './fuzz/send.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const kit = join(root, 'test', 'fixtures', 'kit');
const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i === -1 ? dflt : Number(argv[i + 1]);
};
const total = opt('requests', 100_000);
const seed = opt('seed', 1);
const concurrency = opt('concurrency', 8);

const dir = mkdtempSync(join(tmpdir(), 'content-mock-fuzz-'));
const kitConfig = JSON.parse(readFileSync(join(kit, 'content-mock.config.json'), 'utf8'));
const config = {
  ...kitConfig,
  permissions: {
    public: { ...kitConfig.permissions.public, 'plugin::upload.content-api.upload': true, 'plugin::users-permissions.user.find': true },
  },
};
writeFileSync(join(dir, 'config.json'), JSON.stringify(config));

const args = ['serve', '--schemas', join(kit, 'model'), '--seed', join(kit, 'dataset.json'), '--config', join(dir, 'config.json')];
// A data file (not --memory): uploads and writes go through the real file store.
const child = spawn(
  process.execPath,
  [join(root, 'bin', 'content-mock.js'), ...args, '--data', join(dir, 'db.json'), '--port', '0', '--no-watch'],
  {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  },
);
let stdout = '';
let stderr = '';
child.stderr.on('data', (d) => (stderr += d));
const base = await new Promise((ok, fail) => {
  child.stdout.on('data', (d) => {
    stdout += d;
    const m = /at (http:\/\/[^\s]+)\/api/.exec(stdout);
    if (m) ok(m[1]);
  });
  child.once('exit', (code) => fail(new Error(`the server exited (${code}):\n${stdout}\n${stderr}`)));
});
// Request lines are not kept (a 100,000-line log); only what the server says about itself.
child.stdout.removeAllListeners('data');
child.stdout.on('data', (d) => {
  for (const line of String(d).split('\n')) if (line.includes('internal error')) stderr += `${line}\n`;
});

const started = performance.now();
const statuses = {};
const failures = [];
let skipped = 0;
const BATCH = 10_000;
for (let done = 0; done < total; done += BATCH) {
  // one generator per batch, each with its own seed: a failure is reproduced from (seed, batch) alone
  const generator = hostileRequests(vocabularyOf(join(kit, 'model'), join(kit, 'dataset.json')), seed * 1000 + done / BATCH);
  const run = await runFuzz(base, generator, { count: Math.min(BATCH, total - done), concurrency });
  for (const [k, v] of Object.entries(run.statuses)) statuses[k] = (statuses[k] ?? 0) + v;
  failures.push(...run.failures);
  skipped += run.skipped;
  if (child.exitCode !== null) break;
  process.stdout.write(`  ${Math.min(done + BATCH, total)} requests, ${failures.length} failures\n`);
}
const seconds = (performance.now() - started) / 1000;
let alive = false;
try {
  alive = (await fetch(`${base}/_health`)).status === 204;
} catch {
  alive = false;
}
const sent = Object.values(statuses).reduce((a, b) => a + b, 0);
console.log(
  `\ncontent-mock fuzz: ${sent} requests (seed ${seed}, ${concurrency} in flight) in ${seconds.toFixed(0)} s (${(sent / seconds).toFixed(0)}/s), ` +
    `${skipped} not sendable`,
);
console.log(
  `answers: ${Object.entries(statuses)
    .sort()
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ')}`,
);
console.log(`5xx or dropped: ${failures.length}`);
for (const f of failures.slice(0, 20))
  console.log(`  ${f.status ?? f.error} ← ${f.request.method} ${f.request.path} ${f.request.body ?? ''}`.slice(0, 400));
const internal = stderr.includes('internal error');
console.log(`server printed an internal error: ${internal ? `yes\n${stderr.slice(0, 3000)}` : 'no'}`);
console.log(`server alive afterwards: ${alive ? 'yes' : `NO (exit ${child.exitCode})`}`);
child.kill('SIGTERM');
process.exitCode = failures.length > 0 || internal || !alive ? 1 : 0;
