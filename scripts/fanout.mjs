#!/usr/bin/env node
// The populate fan-out measured (issue: "one public GET stalls the server"): over a generated dataset, it starts
// `content-mock serve --memory`, then sends populate requests that multiply their lists while a cheap GET runs every
// 5 ms on other connections, and prints for each: status, time to answer, answer size, and the cheap GET's
// latencies (p50/p99/max) meanwhile, with the server's peak RSS.
//
//   node scripts/fanout.mjs [--articles 10000] [--budget N|null] [--cold]
//
// `--budget` is the server's `populateBudget` (default: the built-in one). Each request is sent once first, unmeasured,
// to warm the server as a dev server is (JIT, the index's lazy lookups); `--cold` measures first requests. Run
// `npm run build` first.

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer as netServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, get } from 'node:http';
import { generateDataset } from './bench/generate-dataset.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const fixtures = join(root, 'test', 'fixtures', 'kit');
const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i === -1 ? dflt : argv[i + 1];
};
const articles = Number(opt('articles', 10_000));
const budget = opt('budget', undefined);

const work = join(tmpdir(), 'content-mock-bench');
mkdirSync(work, { recursive: true });
const seedFile = join(work, `seed-${articles}.json`);
if (!existsSync(seedFile)) writeFileSync(seedFile, JSON.stringify(generateDataset({ articles })));
const configFile = join(work, `fanout-config-${process.pid}.json`);
const kitConfig = JSON.parse(readFileSync(join(fixtures, 'content-mock.config.json'), 'utf8'));
writeFileSync(configFile, JSON.stringify({ ...kitConfig, ...(budget === undefined ? {} : { populateBudget: JSON.parse(budget) }) }));

const port = await new Promise((ok) => {
  const s = netServer().listen(0, '127.0.0.1', () => {
    const { port: p } = s.address();
    s.close(() => ok(p));
  });
});
const cli = join(root, 'bin', 'content-mock.js');
const args = [
  'serve',
  '--schemas',
  join(fixtures, 'model'),
  '--seed',
  seedFile,
  '--config',
  configFile,
  '--memory',
  '--quiet',
  '--no-watch',
];
const child = spawn(process.execPath, ['--max-old-space-size=4096', cli, ...args, '--port', String(port)], {
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
child.stdout.on('data', (d) => (output += d));
child.stderr.on('data', (d) => (output += d));
const base = `http://127.0.0.1:${port}`;
const sleep = (n) => new Promise((ok) => setTimeout(ok, n));
for (;;) {
  if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
  try {
    if ((await fetch(`${base}/api/tags?pagination[pageSize]=1`)).status === 200) break;
  } catch {
    await sleep(20);
  }
}
const peakRss = () => Number(/^VmHWM:\s+(\d+)/m.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;

// Separate connection pools: the cheap GETs must not queue behind the heavy request on its socket.
const heavyAgent = new Agent({ keepAlive: true, maxSockets: 1 });
const cheapAgent = new Agent({ keepAlive: true, maxSockets: 4 });
/** GET with node:http (its own agent): resolves with the status and the body's size. */
const request = (path, agent) =>
  new Promise((ok, fail) => {
    get(base + path, { agent }, (res) => {
      let bytes = 0;
      res.on('data', (d) => (bytes += d.length));
      res.on('end', () => ok({ status: res.statusCode, bytes }));
      res.on('error', fail);
    }).on('error', fail);
  });
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

const cold = argv.includes('--cold');

async function measure(name, path) {
  if (!cold) await request(path, heavyAgent).catch(() => undefined);
  const latencies = [];
  let done = false;
  const probe = (async () => {
    while (!done) {
      const t = performance.now();
      await request(`/api/articles/${'x'.repeat(24)}?fields[0]=title`, cheapAgent).catch(() => undefined);
      latencies.push(performance.now() - t);
      await sleep(5);
    }
  })();
  const t = performance.now();
  let status = 'error';
  let bytes = 0;
  try {
    ({ status, bytes } = await request(path, heavyAgent));
  } catch (e) {
    status = `error: ${e.code ?? e.message}`;
  }
  const took = performance.now() - t;
  done = true;
  await probe;
  const sorted = latencies.sort((a, b) => a - b);
  console.log(
    `${name}\n  ${status} in ${took.toFixed(0)} ms, ${(bytes / 1e6).toFixed(1)} MB; cheap GET meanwhile: n=${sorted.length} ` +
      `p50 ${pct(sorted, 50).toFixed(1)} ms, p99 ${pct(sorted, 99).toFixed(1)} ms, max ${(sorted.at(-1) ?? NaN).toFixed(1)} ms; ` +
      `server peak RSS ${peakRss().toFixed(0)} MB${child.exitCode !== null ? ` — SERVER EXITED (${child.exitCode})` : ''}`,
  );
}

console.log(`content-mock fan-out — ${articles} articles, populateBudget ${budget ?? '(default)'}, node ${process.version}`);
{
  // the cheap GET alone, for 1 s: what its latency is on this machine right now, with nothing heavy running
  const alone = [];
  const until = performance.now() + 1000;
  while (performance.now() < until) {
    const t = performance.now();
    await request(`/api/articles/${'x'.repeat(24)}?fields[0]=title`, cheapAgent);
    alone.push(performance.now() - t);
    await sleep(5);
  }
  alone.sort((a, b) => a - b);
  console.log(
    `cheap GET alone: n=${alone.length} p50 ${pct(alone, 50).toFixed(1)} ms, p99 ${pct(alone, 99).toFixed(1)} ms (load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores)`,
  );
}
await measure('fan-out: tags → articles → tags → articles', '/api/tags?populate[articles][populate][tags][populate][articles]=true');
await measure('fan-out, one tag', '/api/tags?pagination[pageSize]=1&populate[articles][populate][tags][populate][articles]=true');
await measure('heavy but legitimate: every category with its articles', '/api/categories?populate[articles]=true');
await measure('heavy but legitimate: 100 articles, populate=*', '/api/articles?populate=*&pagination[pageSize]=100');
heavyAgent.destroy();
cheapAgent.destroy();
child.kill('SIGTERM');
