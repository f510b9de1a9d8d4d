// Start-up of `content-mock serve --memory` on a bench seed, several runs: spawn → first 200 (wall), the server's CPU
// at that moment (all threads, and its main thread alone: on a loaded machine the main thread's CPU is what the wall
// time of a quiet machine follows), spawn → the first answer of a populate (`populatedMs`: components, zones, json
// and blocks are built after start-up, see DeferredValues, and a populate waits for them all), and RSS after a short
// warm-up. Linux (/proc) only.
//   node scripts/bench/startup-time.mjs --seed FILE [--runs 3] [--cli PATH] [--no-warm-up] [--node-arg FLAG]…
// The seed: `npm run bench -- --articles N` writes $TMPDIR/content-mock-bench/seed-N.json.
// --no-warm-up stops the server (SIGINT) right after its first answer, so a `--node-arg --cpu-prof` profile holds
// the start-up only.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const argv = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : fallback;
};
const seed = opt('seed');
if (!seed) {
  console.error('startup-time: --seed FILE is required (npm run bench -- --articles N writes one)');
  process.exit(2);
}
const cli = resolve(opt('cli', join(root, 'bin', 'content-mock.js')));
const runs = Number(opt('runs', 3));
const warmUp = !argv.includes('--no-warm-up');
const nodeArgs = argv.flatMap((a, i) => (a === '--node-arg' ? [argv[i + 1]] : []));
const kit = join(root, 'test', 'fixtures', 'kit');

const freePort = () =>
  new Promise((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
/** utime + stime in ms of a process (`pid`) or of one of its threads (`pid/task/tid`). */
const cpuMs = (path) => {
  const fields = readFileSync(`/proc/${path}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const rssMb = (pid) => Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
const sleep = (n) => new Promise((ok) => setTimeout(ok, n));

const results = [];
for (let r = 0; r < runs; r++) {
  const port = await freePort();
  const args = [cli, 'serve', '--schemas', join(kit, 'model'), '--seed', seed, '--config', join(kit, 'content-mock.config.json')];
  args.push('--memory', '--quiet', '--no-watch', '--no-cache', '--port', String(port));
  const t0 = process.hrtime.bigint();
  const child = spawn(process.execPath, [...nodeArgs, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  let run;
  while (!run) {
    if (child.exitCode !== null) throw new Error(`serve exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${url}/api/articles?pagination[pageSize]=1`);
      await res.arrayBuffer();
      if (res.status === 200) {
        const ms = Number(process.hrtime.bigint() - t0) / 1e6;
        run = { ms: Math.round(ms), cpuMs: cpuMs(child.pid), mainThreadCpuMs: cpuMs(`${child.pid}/task/${child.pid}`) };
      }
    } catch {
      // not listening yet
    }
    if (!run) await sleep(5);
  }
  // every value built: a populate waits for the values a lazy import left as text
  const populated = await fetch(`${url}/api/articles?populate=*&pagination[pageSize]=1`);
  await populated.arrayBuffer();
  if (populated.status !== 200) throw new Error(`populate answered ${populated.status}`);
  run.populatedMs = Math.round(Number(process.hrtime.bigint() - t0) / 1e6);
  if (warmUp) {
    const paths = [
      '/api/articles',
      '/api/articles?populate=*&pagination[pageSize]=25',
      '/api/articles?filters[views][$gt]=1000&sort=title:asc',
    ];
    for (let i = 0; i < 20; i++) for (const p of paths) await (await fetch(url + p)).arrayBuffer();
    run.rssMb = Math.round(rssMb(child.pid));
  }
  const exited = new Promise((ok) => child.once('exit', ok));
  child.kill(warmUp ? 'SIGKILL' : 'SIGINT');
  await exited;
  run.load = Number(loadavg()[0].toFixed(1));
  results.push(run);
  console.log(JSON.stringify(run));
}
const median = (key) => {
  const values = results.map((x) => x[key]).filter((v) => v !== undefined);
  return values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
};
const summary = {
  cli,
  seed,
  nodeArgs,
  median: Object.fromEntries(['ms', 'cpuMs', 'mainThreadCpuMs', 'populatedMs', 'rssMb'].map((k) => [k, median(k)])),
  runs: results,
};
console.log(JSON.stringify(summary));
