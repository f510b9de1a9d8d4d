#!/usr/bin/env node
// `npm run bench`: content-mock under load, on a generated 10,000-article dataset of the conformance kit's model.
//
//  1. generates the seed (scripts/bench/generate-dataset.mjs) into the OS temp folder;
//  2. starts `content-mock serve --memory` on it, timing spawn → first successful GET, and reads its RSS; before it,
//     the same over a store file (serve's default mode): the first start (seed → store file: its first answer, and
//     when the file is on disk), then a restart from the file (scripts/bench/store-startup.mjs);
//  3. runs autocannon on five queries against it, cold (`Cache-Control: no-cache`: the read cache is skipped, every
//     request runs the query engine) and warm (answered from the read cache; skipped with --no-cache); cold twice:
//     the same URL each time, then a new URL of the same shape per request (nothing kept by URL can answer);
//  4. runs the same against a "ceiling": a bare Express app answering the bytes content-mock gave for each request;
//  4b. "loop held": a cheap GET timed one at a time while 8 clients ask a populate chain of tens of MB again and
//     again (scripts/bench/loop-held.mjs);
//  5. prints a table (with targets; misses are marked but the exit code stays 0) and writes bench/results/bench-*.json;
//  6. when `content-mock proxy` is built, measures list and findOne through it too;
//  7. `writes`: the same dataset as a file-backed store (`--data`), watcher off and on: one POST at a time, the
//     first read after a write, a storm of concurrent writers with a reader beside them (scripts/bench/writes.mjs).
//
// Options: --articles N (10000)  --duration S (5)  --warmup S (1)  --connections N (10)
//          --cpu-prof (writes the server's CPU profile to bench/results/prof/, summarized at the end; the writes
//                      section's servers to prof/writes-<mode>/, summarized after each mode)
//          --only NAME[,NAME] (queries to run: list, filter, deep, populate, findOne)  --no-ceiling  --no-proxy
//          --no-cache (serve without the read cache: every request runs the query engine; no warm figures)
//          --no-loop-held (skip the loop-held section)  --loop-seconds S (its length; default 8)
//          --heavy N (heavy clients in it; default 8)
//          --proxy-sequential S (seconds of one-at-a-time proxied vs direct requests, for the added latency; default 2)
//          --no-writes (skip the writes section)  --writes-only (only the writes section)
//          --no-store-startup (skip the start-up over a store file)  --startup-only (start-up figures only, then stop)
//          --writes-duration S (seconds per write phase; default 5)  --writers N (concurrent writers; default 10)
//          --cli PATH (the content-mock to measure; default this checkout's bin/content-mock.js)
//          --urls same|new|both (cold requests: the same URL again and again, a new URL of the same shape per request
//                      (scripts/bench/new-urls.mjs: issue 26's "cold"), or both, each against the ceiling; default both)
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { createServer as netServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateDataset, pickQueryTargets } from './bench/generate-dataset.mjs';
import { firstVisitPaths, measureFirstVisits } from './bench/first-visits.mjs';
import { newUrlMakers } from './bench/new-urls.mjs';
import { benchWrites, describeWrites } from './bench/writes.mjs';
import { benchStoreStartup } from './bench/store-startup.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const fixtures = join(root, 'test', 'fixtures', 'kit');
// --cli PATH measures another build (e.g. an export of main, to compare before and after)
const cliArg = process.argv.indexOf('--cli');
const cli = cliArg > 0 ? resolve(process.argv[cliArg + 1]) : join(root, 'bin', 'content-mock.js');

// ---------------------------------------------------------------------------------------------------- options
const argv = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : fallback;
};
const flag = (name) => argv.includes(`--${name}`);
const settings = {
  articles: Number(opt('articles', 10_000)),
  duration: Number(opt('duration', 5)),
  warmup: Number(opt('warmup', 1)),
  connections: Number(opt('connections', 10)),
};
const only = opt('only', '').split(',').filter(Boolean);
const urlModes = { same: ['same'], new: ['new'], both: ['same', 'new'] }[opt('urls', 'both')];
if (!urlModes) {
  console.error('bench: --urls takes same, new or both');
  process.exit(2);
}
const cpuProf = flag('cpu-prof');

let autocannon;
try {
  autocannon = (await import('autocannon')).default;
} catch {
  console.error('bench: autocannon is not installed; run `npm install` (it is a devDependency).');
  process.exit(2);
}

const children = new Set();
const cleanup = () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
};
process.on('exit', cleanup);
process.on('SIGINT', () => process.exit(130));

const ms = (t0) => Number(process.hrtime.bigint() - t0) / 1e6;
const sleep = (n) => new Promise((ok) => setTimeout(ok, n));
const freePort = () =>
  new Promise((ok, fail) => {
    const s = netServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
    s.once('error', fail);
  });
const rssMb = (pid) => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return { rss: NaN, peak: NaN };
  }
};

/** Spawns a node child; resolves once GET `probe` answers 200, with the time from spawn to that answer. */
async function startServer(label, args, { probe, nodeArgs = [], timeoutMs = 30_000 } = {}) {
  const port = await freePort();
  const t0 = process.hrtime.bigint();
  const child = spawn(process.execPath, [...nodeArgs, ...args(port)], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${label} exited with ${child.exitCode}:\n${output.slice(-2000)}`);
    if (ms(t0) > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`${label} did not answer within ${timeoutMs} ms:\n${output.slice(-2000)}`);
    }
    try {
      const res = await fetch(url + probe);
      await res.arrayBuffer();
      if (res.status === 200) return { child, url, port, startupMs: ms(t0), spawnedAt: t0, output: () => output };
    } catch {
      // not listening yet
    }
    await sleep(5);
  }
}

async function stopServer(server) {
  if (!server || server.child.exitCode !== null) return;
  const exited = new Promise((ok) => server.child.once('exit', ok));
  server.child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000)]);
  if (server.child.exitCode === null) server.child.kill('SIGKILL');
  children.delete(server.child);
}

/** `url`: one URL, or { base, next } where next() gives each request's path (a new URL per request). */
function cannon(url, { duration, connections, headers }) {
  const options =
    typeof url === 'string' ? { url } : { url: url.base, requests: [{ setupRequest: (req) => ({ ...req, path: url.next() }) }] };
  return new Promise((ok, fail) => {
    autocannon({ ...options, connections, duration, pipelining: 1, headers }, (err, r) => (err ? fail(err) : ok(r)));
  });
}

/** What a cold request sends: the server skips its read cache for it and runs the query engine. */
const COLD = { 'cache-control': 'no-cache' };

/** CPU seconds (user + system) a process has used so far, from /proc (NaN elsewhere). */
/** Waits until process `pid` uses under a tenth of a core for half a second (20 s at most). */
async function quiet(pid) {
  for (let waited = 0; waited < 20_000; waited += 500) {
    const c0 = cpuSeconds(pid);
    await sleep(500);
    if (cpuSeconds(pid) - c0 < 0.05) return;
  }
}

const cpuSeconds = (pid) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return NaN;
  }
};

/**
 * 1 s warm-up (discarded), then the measured run. With the server's pid, also its CPU time per request: on a
 * loaded machine req/s say how much CPU the server got, CPU per request says what a request costs.
 */
async function measure(url, headers, pid) {
  if (settings.warmup > 0) await cannon(url, { duration: settings.warmup, connections: settings.connections, headers });
  const cpu0 = pid ? cpuSeconds(pid) : NaN;
  const r = await cannon(url, { ...settings, headers });
  const cpuUsPerReq = ((cpuSeconds(pid) - cpu0) * 1e6) / r.requests.total;
  return {
    cpuUsPerReq,
    reqPerSec: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    meanMs: r.latency.average,
    requests: r.requests.total,
    throughputMBs: r.throughput.average / 1e6,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

// ---------------------------------------------------------------------------------------------------- 1. dataset
const work = join(tmpdir(), 'content-mock-bench');
mkdirSync(work, { recursive: true });
const seedFile = join(work, `seed-${settings.articles}.json`);
const loadBefore = loadavg();
const t = process.hrtime.bigint();
const generation = {};
const targets = (() => {
  // in a function, so the dataset can be collected before the server starts
  const dataset = generateDataset({ articles: settings.articles });
  const bytes = writeJsonInPieces(seedFile, dataset);
  Object.assign(generation, { ms: ms(t), seedMB: bytes / 1e6, rows: countRows(dataset) });
  return pickQueryTargets(dataset);
})();
globalThis.gc?.();
console.log(
  `dataset: ${settings.articles} articles (${generation.rows.articles} rows: en ${generation.rows.en}, fr ${generation.rows.fr}), ` +
    `${generation.seedMB.toFixed(1)} MB, generated in ${generation.ms.toFixed(0)} ms → ${seedFile}`,
);

/** JSON.stringify(value) written a piece at a time: a 100k-article seed is larger than V8's largest string. */
function writeJsonInPieces(file, value) {
  const fd = openSync(file, 'w');
  let bytes = 0;
  let buffer = '';
  const put = (text) => {
    buffer += text;
    if (buffer.length > 1 << 20) flush();
  };
  const flush = () => {
    bytes += writeSync(fd, buffer);
    buffer = '';
  };
  const walk = (v, depth) => {
    if (depth > 5 || v === null || typeof v !== 'object') return put(JSON.stringify(v) ?? 'null');
    if (Array.isArray(v)) {
      put('[');
      v.forEach((item, i) => {
        if (i > 0) put(',');
        walk(item, depth + 1);
      });
      return put(']');
    }
    put('{');
    let first = true;
    for (const [k, item] of Object.entries(v)) {
      if (item === undefined || typeof item === 'function') continue;
      put((first ? '' : ',') + JSON.stringify(k) + ':');
      first = false;
      walk(item, depth + 1);
    }
    put('}');
  };
  walk(value, 0);
  flush();
  // on disk now, not written back while a server starts on it (hundreds of MB at 100k)
  fsyncSync(fd);
  closeSync(fd);
  return bytes;
}

function countRows(d) {
  const docs = d.contentTypes['api::article.article'].documents;
  const n = (l) => docs[l].draft.length + docs[l].published.length;
  return { articles: n('en') + n('fr'), en: n('en'), fr: n('fr') };
}

const QUERIES = [
  { name: 'list', key: 'list', path: '/api/articles', target: 0.5 },
  {
    name: 'filter+sort+page',
    key: 'filter',
    path: '/api/articles?filters[views][$gt]=1000&filters[kind][$in][0]=news&filters[kind][$in][1]=review&sort=title:asc&pagination[page]=3&pagination[pageSize]=25',
    target: 0.5,
  },
  {
    name: 'deep filter',
    key: 'deep',
    path: `/api/articles?filters[category][name][$eq]=${encodeURIComponent(targets.categoryName)}&filters[tags][name][$in][0]=${encodeURIComponent(targets.tagName)}`,
    target: 0.5,
  },
  { name: 'populate=* (25)', key: 'populate', path: '/api/articles?populate=*&pagination[pageSize]=25', target: 0.5 },
  {
    name: 'findOne+populate',
    key: 'findOne',
    path: `/api/articles/${targets.documentId}?populate[category]=true&populate[tags]=true&populate[seo][populate]=*`,
    target: 0.5,
  },
].filter((q) => only.length === 0 || only.includes(q.key));
// a new URL of the same shape per request: its maker, and the next request's number (never reused in a run, so no
// request of the measured runs asks what an earlier one asked; 0 is the representative the ceiling answers)
const makers = newUrlMakers(targets);
for (const q of QUERIES) {
  let n = 1;
  q.newUrl = { make: makers[q.key], next: () => makers[q.key](n++), representative: makers[q.key](0) };
}

// Start-up < 1 s at 10k articles, < 3 s at 100k; RSS after load ≤ 300 MB at 10k (other sizes: reported only).
const TARGETS = {
  rssMB: settings.articles <= 10_000 ? 300 : undefined,
  startupMs: settings.articles <= 10_000 ? 1000 : settings.articles <= 100_000 ? 3000 : undefined,
  loopHeldP99Ms: 50,
};
const cached = !flag('no-cache');
const num = (x, d = 0) => (Number.isFinite(x) ? x.toFixed(d) : '–');
const mark = (met) => (met === undefined ? '' : met ? 'ok' : 'MISS');

const profDir = join(root, 'bench', 'results', 'prof');
if (cpuProf) {
  rmSync(profDir, { recursive: true, force: true });
  mkdirSync(profDir, { recursive: true });
}

async function writesSection() {
  console.log(`\nwrites: file-backed store, ${opt('writers', 10)} writers, ${opt('writes-duration', 5)} s per phase…`);
  const result = await benchWrites({
    cpuProfDir: cpuProf ? profDir : undefined,
    cli,
    fixtures,
    seedFile,
    work,
    seconds: Number(opt('writes-duration', 5)),
    writers: Number(opt('writers', 10)),
    startServer,
    stopServer,
    rssMb,
  });
  return { result, ...describeWrites(result, settings.articles) };
}

if (flag('writes-only')) {
  const writes = await writesSection();
  console.log(`\ncontent-mock bench (writes) — ${settings.articles} articles (${generation.rows.articles} rows), node ${process.version}`);
  for (const l of writes.lines) console.log(l);
  console.log(writes.misses.length ? `targets missed: ${writes.misses.join(', ')}` : 'all write targets met');
  const outDir = join(root, 'bench', 'results');
  mkdirSync(outDir, { recursive: true });
  const outFile = join(outDir, `bench-writes-${new Date().toISOString().replace(/:/g, '-').replace(/\..*/, '')}.json`);
  const out = {
    format: 'content-mock-bench-writes/1',
    date: new Date().toISOString(),
    node: process.version,
    settings,
    dataset: generation,
  };
  writeFileSync(outFile, JSON.stringify({ ...out, writes: writes.result, misses: writes.misses }, null, 2) + '\n');
  console.log(`\nwritten: ${outFile.slice(root.length + 1)}`);
  process.exit(0);
}

// ---------------------------------------------------------------------------------------------------- 2. start
// over a store file first, while nothing else runs (two servers of 100k articles side by side would not fit everywhere),
// once this process is done collecting the dataset it generated (3 GB at 100k: its collector took the cores from the
// first server started right after it)
if (!flag('no-store-startup')) await quiet(process.pid);
const storeStartup = flag('no-store-startup')
  ? undefined
  : await benchStoreStartup({ cli, fixtures, seedFile, work, startServer, stopServer, rssMb });
const storeStartupMet = storeStartup && TARGETS.startupMs !== undefined ? storeStartup.fromStoreMs < TARGETS.startupMs : undefined;
const storeStartupLines = storeStartup
  ? [
      `start-up from its store file  ${num(storeStartup.fromStoreMs)} ms${TARGETS.startupMs ? ` (target < ${TARGETS.startupMs} ms)` : ''}  ${mark(storeStartupMet)}` +
        `  (RSS ${num(storeStartup.fromStoreRssMb)} MB)`,
      `first start into a store file: first answer ${num(storeStartup.firstAnswerMs)} ms, the file (${num(storeStartup.storeMB)} MB) on disk at ${num(storeStartup.storeWrittenMs)} ms`,
    ]
  : [];
for (const l of storeStartupLines) console.log(l);

const serveArgs = (port) => [
  cli,
  'serve',
  '--schemas',
  join(fixtures, 'model'),
  '--seed',
  seedFile,
  '--config',
  join(fixtures, 'content-mock.config.json'),
  '--memory',
  // A load test measures serving, not the dev server's console log or file watcher.
  '--quiet',
  '--no-watch',
  ...(flag('no-cache') ? ['--no-cache'] : []),
  '--port',
  String(port),
];
const ours = await startServer('content-mock serve', serveArgs, {
  probe: '/api/articles?pagination[pageSize]=1',
  nodeArgs: cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [],
});
console.log(`start-up: ${ours.startupMs.toFixed(0)} ms (spawn → first 200), ${ours.url}`);
// A frontend's first page populates: its first answer is start-up as a frontend sees it (serve --memory builds a
// seed's components, zones, json and blocks after start-up, see DeferredValues: this figure keeps that honest).
const firstPopulate = await fetch(`${ours.url}/api/articles?populate=*&pagination[pageSize]=1`);
await firstPopulate.arrayBuffer();
const populatedMs = ms(ours.spawnedAt);
console.log(`first populate: ${populatedMs.toFixed(0)} ms (spawn → first answer of populate=*, ${firstPopulate.status})`);
const populatedLine = `          first answer of a populate at ${num(populatedMs)} ms (spawn → populate=*: a frontend's first page)`;
if (flag('startup-only')) {
  const startupMet = TARGETS.startupMs === undefined ? undefined : ours.startupMs < TARGETS.startupMs;
  console.log(
    `\ncontent-mock bench (start-up) — ${settings.articles} articles (${generation.rows.articles} rows), node ${process.version}`,
  );
  console.log(`start-up  ${num(ours.startupMs)} ms${TARGETS.startupMs ? ` (target < ${TARGETS.startupMs} ms)` : ''}  ${mark(startupMet)}`);
  console.log(populatedLine);
  for (const l of storeStartupLines) console.log(l);
  await stopServer(ours);
  process.exit(0);
}

// one request each: check it answers 200 with data, keep the bytes for the ceiling, warm the code paths
const recorded = [];
for (const q of QUERIES) {
  const res = await fetch(ours.url + q.path);
  const body = Buffer.from(await res.arrayBuffer());
  const contentType = res.headers.get('content-type') ?? 'application/json';
  let summary = '';
  try {
    const json = JSON.parse(body.toString('utf8'));
    summary = Array.isArray(json.data)
      ? `${json.data.length} of ${json.meta?.pagination?.total ?? '?'}`
      : json.data
        ? 'one document'
        : `error ${json.error?.status} ${json.error?.message}`;
  } catch {
    summary = 'not JSON';
  }
  q.check = { status: res.status, bytes: body.length, summary };
  console.log(`  ${q.name.padEnd(18)} ${res.status} ${String(body.length).padStart(8)} B  ${summary}`);
  recorded.push({ path: q.path, status: res.status, contentType, body: body.toString('base64') });
  if (!urlModes.includes('new')) continue;
  const rep = await fetch(ours.url + q.newUrl.representative);
  const repBody = Buffer.from(await rep.arrayBuffer());
  q.newUrl.check = { status: rep.status, bytes: repBody.length, sameBytesAsSameUrl: repBody.equals(body) };
  recorded.push({ path: q.newUrl.representative, status: rep.status, contentType, body: repBody.toString('base64') });
  console.log(
    `  ${''.padEnd(18)} ${rep.status} ${String(repBody.length).padStart(8)} B  new-URL representative${q.newUrl.check.sameBytesAsSameUrl ? ' (same bytes)' : ''}: ${q.newUrl.representative}`,
  );
}
for (let i = 0; i < 20; i++) for (const q of QUERIES) await (await fetch(ours.url + q.path)).arrayBuffer();
const memoryAfterLoad = rssMb(ours.child.pid);
console.log(`RSS after load + warm-up: ${memoryAfterLoad.rss.toFixed(0)} MB (peak ${memoryAfterLoad.peak.toFixed(0)} MB)`);

// ---------------------------------------------------------------------------------------------------- 3. queries
const total = QUERIES.length * (settings.warmup + settings.duration) * (1 + (cached ? 1 : 0) + (flag('no-ceiling') ? 0 : 1));
console.log(
  `\nrunning autocannon: ${settings.connections} connections, ${settings.warmup} s warm-up + ${settings.duration} s per query (~${total} s)…`,
);
// Right after start-up the server still collects what loading left behind (hundreds of MB of parsed seed): a few
// seconds of load first, so the first query measured does not pay for it.
await cannon(ours.url + (QUERIES[0]?.path ?? '/api/articles'), { duration: 3, connections: settings.connections, headers: COLD });
// On a loaded machine that collection takes longer than the start-up (ten seconds and more at a load of 30): more
// seconds of load until the CPU per request of two seconds in a row agree within 15 % (at most 12 more seconds).
const settled = await settle(ours.url + (QUERIES[0]?.path ?? '/api/articles'), ours.child.pid);
console.log(`  settled after ${settled.seconds} s more (CPU ${settled.cpu.map((c) => c.toFixed(0)).join(' → ')} µs/req)`);

async function settle(url, pid) {
  const cpu = [];
  for (let s = 0; s < 12; s++) {
    const c0 = cpuSeconds(pid);
    const r = await cannon(url, { duration: 1, connections: settings.connections, headers: COLD });
    cpu.push(((cpuSeconds(pid) - c0) * 1e6) / Math.max(1, r.requests.total));
    const [a, b] = cpu.slice(-2);
    if (cpu.length >= 2 && Math.abs(a - b) <= 0.15 * Math.min(a, b)) return { seconds: s + 1, cpu };
  }
  return { seconds: 12, cpu };
}
// (the server's CPU profile is summarized from here on: start-up and the settling above are left out)
const measuredFromMs = ms(ours.spawnedAt);
// first visits (scripts/bench/first-visits.mjs): before any other run asks these pages and documents
if (urlModes.includes('new')) {
  const firstPaths = firstVisitPaths(targets);
  for (const q of QUERIES.filter((q) => firstPaths[q.key])) {
    const { warm, measured } = firstPaths[q.key];
    const options = { connections: settings.connections, headers: COLD };
    await measureFirstVisits(ours.url, warm, ours.child.pid, options);
    q.firstVisits = await measureFirstVisits(ours.url, measured, ours.child.pid, options);
    console.log(
      `  content-mock  ${q.name.padEnd(18)} ${q.firstVisits.cpuUsPerReq.toFixed(0).padStart(7)} µs CPU/req, first visits (${q.firstVisits.requests} pages or documents, each once)`,
    );
  }
}
for (const q of QUERIES) {
  if (urlModes.includes('same')) {
    q.ours = await measure(ours.url + q.path, COLD, ours.child.pid);
    console.log(`  content-mock  ${q.name.padEnd(18)} ${q.ours.reqPerSec.toFixed(0).padStart(7)} req/s cold, same URL`);
  }
  if (urlModes.includes('new')) {
    q.oursNew = await measure({ base: ours.url, next: q.newUrl.next }, COLD, ours.child.pid);
    console.log(`  content-mock  ${q.name.padEnd(18)} ${q.oursNew.reqPerSec.toFixed(0).padStart(7)} req/s cold, new URL per request`);
  }
  if (!cached) continue;
  q.warm = await measure(ours.url + q.path, undefined, ours.child.pid);
  console.log(`  content-mock  ${q.name.padEnd(18)} ${q.warm.reqPerSec.toFixed(0).padStart(7)} req/s warm`);
}
const memoryAfterRuns = rssMb(ours.child.pid);

// ---------------------------------------------------------------------------------------------------- 4b. loop held
/** The loop-held runs' answers, for the ceiling to answer the same bytes. */
const loopRecorded = [];
const loopHeld = flag('no-loop-held') ? undefined : await loopHeldSection();

/**
 * The heavy requests of the loop-held runs: the largest page the populate budget lets through of two chains, a
 * tags → articles → tags chain (~30 MB at 10k articles) and the same with each article's cover (~40 MB): the issue's
 * 10–40 MB answers. Each is timed against our server, then (in the ceiling section) against the ceiling answering the
 * same bytes, so what the machine itself adds (8 clients reading tens of MB through local sockets) is seen apart.
 */
async function loopHeldSection() {
  const chains = [
    'populate[articles][populate][tags]=true',
    'populate[articles][populate][tags]=true&populate[articles][populate][cover]=true',
  ];
  const cheapPath = '/api/categories?pagination[pageSize]=1';
  const heavy = Number(opt('heavy', 8));
  const seconds = Number(opt('loop-seconds', 8));
  const { measureLoopHeld } = await import('./bench/loop-held.mjs');
  const runs = [];
  for (const chain of chains) {
    let heavyPath;
    let body;
    for (const size of [100, 50, 25, 10, 5, 2, 1]) {
      const path = `/api/tags?${chain}&pagination[pageSize]=${size}`;
      const res = await fetch(ours.url + path);
      const bytes = Buffer.from(await res.arrayBuffer());
      if (res.status === 200) {
        heavyPath = path;
        body = bytes;
        break;
      }
    }
    if (!heavyPath) {
      runs.push({ status: `no heavy request under the populate budget (${chain})` });
      continue;
    }
    console.log(`
loop held: ${heavy} clients asking ${heavyPath} (${(body.length / 1e6).toFixed(1)} MB) for ${seconds} s, one cheap GET at a time…`);
    const r = await measureLoopHeld(ours.url, { heavyPath, cheapPath, heavy, seconds });
    const cheap = await fetch(ours.url + cheapPath);
    const cheapBody = Buffer.from(await cheap.arrayBuffer());
    // (kept for the ceiling's run with the same bytes)
    loopRecorded.push(
      { path: heavyPath, status: 200, contentType: 'application/json; charset=utf-8', body: body.toString('base64') },
      { path: cheapPath, status: cheap.status, contentType: 'application/json; charset=utf-8', body: cheapBody.toString('base64') },
    );
    runs.push({ status: 'measured', ...r });
  }
  const measured = runs.filter((r) => r.status === 'measured');
  // the summary figure (target): the worst cheap GET p99 over the runs
  const worst = measured.reduce((w, r) => (w === undefined || r.cheap.p99 > w.cheap.p99 ? r : w), undefined);
  return worst ? { status: 'measured', ...worst, runs } : { status: runs[0]?.status ?? 'not measured', runs };
}

/** The loop-held runs again against the ceiling, answering the same heavy and cheap bytes (see loopHeldSection). */
async function loopHeldOnCeiling(ceilingUrl) {
  const { measureLoopHeld } = await import('./bench/loop-held.mjs');
  for (const run of loopHeld?.runs ?? []) {
    if (run.status !== 'measured') continue;
    console.log(`  ceiling loop held: ${run.heavy} clients asking the same ${(run.heavyAnswers.bytes / 1e6).toFixed(1)} MB…`);
    run.onCeiling = await measureLoopHeld(ceilingUrl, {
      heavyPath: run.heavyPath,
      cheapPath: run.cheapPath,
      heavy: run.heavy,
      seconds: run.seconds,
    });
  }
}

// ---------------------------------------------------------------------------------------------------- 4. ceiling
if (!flag('no-ceiling')) {
  const responsesFile = join(work, 'ceiling-responses.json');
  recorded.push(...loopRecorded);
  writeFileSync(responsesFile, JSON.stringify(recorded));
  const ceiling = await startServer(
    'ceiling',
    (port) => [join(root, 'scripts', 'bench', 'ceiling-server.mjs'), responsesFile, String(port)],
    {
      probe: QUERIES[0]?.path ?? '/',
    },
  );
  for (const q of QUERIES) {
    if (urlModes.includes('same')) q.ceiling = await measure(ceiling.url + q.path, COLD, ceiling.child.pid);
    // the new-URL answers' ceiling: the bytes of the representative URL (an answer of the average size)
    if (urlModes.includes('new')) q.ceilingNew = await measure(ceiling.url + q.newUrl.representative, COLD, ceiling.child.pid);
    console.log(`  ceiling       ${q.name.padEnd(18)} ${(q.ceiling ?? q.ceilingNew).reqPerSec.toFixed(0).padStart(7)} req/s`);
  }
  await loopHeldOnCeiling(ceiling.url);
  await stopServer(ceiling);
}

// ---------------------------------------------------------------------------------------------------- 6. proxy
const proxy = await measureProxy();

async function measureProxy() {
  if (flag('no-proxy')) return { status: 'skipped' };
  const help = spawnSync(process.execPath, [cli, 'proxy', '--help'], { cwd: root, encoding: 'utf8', timeout: 15_000 });
  const helpText = `${help.stdout ?? ''}${help.stderr ?? ''}`;
  // the placeholder command's --help exits 0 too, so also ask for the --target option the real one takes
  if (help.status !== 0 || /not built/i.test(helpText) || !helpText.includes('--target')) return { status: 'not built' };
  const wanted = QUERIES.filter((q) => q.name === 'list' || q.name === 'findOne+populate');
  let server;
  try {
    // the proxy checks answers against the contract, so it reads the same schemas when it takes them
    const schemas = helpText.includes('--schemas') ? ['--schemas', join(fixtures, 'model')] : [];
    server = await startServer('content-mock proxy', (port) => [cli, 'proxy', '--target', ours.url, ...schemas, '--port', String(port)], {
      probe: wanted[0]?.path ?? '/api/articles',
    });
  } catch (e) {
    return { status: 'failed to start', error: String(e.message).slice(0, 2000) };
  }
  const results = [];
  try {
    for (const q of wanted) {
      const via = await measure(server.url + q.path);
      const direct = await measure(ours.url + q.path); // measured again now, so both sides see the same server state
      // Saturated, latency is mostly queueing (connections / throughput); one request at a time shows the hop itself.
      const sequential = await measureSequential(server.url + q.path, ours.url + q.path, Number(opt('proxy-sequential', 2)));
      results.push({
        query: q.name,
        direct,
        proxied: via,
        addedP50Ms: via.p50 - direct.p50,
        addedMeanMs: via.meanMs - direct.meanMs,
        sequential,
      });
      console.log(
        `  proxy         ${q.name.padEnd(18)} ${via.reqPerSec.toFixed(0).padStart(7)} req/s; one at a time +${sequential.addedP50Ms.toFixed(2)} ms p50`,
      );
    }
  } finally {
    await stopServer(server);
  }
  return { status: 'measured', results };
}

/**
 * One connection each, one request at a time, alternating proxied and direct so both see the same machine load;
 * timed with hrtime (autocannon's histogram only has whole milliseconds). Returns p50/p90 of each and the difference.
 */
async function measureSequential(proxied, direct, seconds) {
  const http = await import('node:http');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const once = (url) =>
    new Promise((ok, fail) => {
      const t0 = process.hrtime.bigint();
      http
        .get(url, { agent }, (res) => {
          res.resume();
          res.on('end', () => ok(ms(t0)));
        })
        .on('error', fail);
    });
  const times = { proxied: [], direct: [] };
  for (let i = 0; i < 50; i++) await Promise.all([once(proxied), once(direct)]); // open both sockets, warm the paths
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    times.proxied.push(await once(proxied));
    times.direct.push(await once(direct));
  }
  agent.destroy();
  const at = (list, p) => [...list].sort((a, b) => a - b)[Math.floor(p * (list.length - 1))];
  const stats = (list) => ({ p50: at(list, 0.5), p90: at(list, 0.9), requests: list.length });
  const out = { proxied: stats(times.proxied), direct: stats(times.direct) };
  return { ...out, addedP50Ms: out.proxied.p50 - out.direct.p50 };
}

await stopServer(ours);

const writes = flag('no-writes') ? undefined : await writesSection();

// ---------------------------------------------------------------------------------------------------- 5. report
const pct = (x) => (Number.isFinite(x) ? `${(x * 100).toFixed(0)}%` : '–');
const rows = [
  [
    'query',
    'same URL: req/s',
    'p99 ms',
    'CPU µs/req',
    'ceiling',
    'ratio',
    'new URL: req/s',
    'p99 ms',
    'CPU µs/req',
    'ceiling',
    'ratio',
    'warm req/s',
    'cold÷warm',
    'target',
    '',
  ],
];
const cpuRatio = (o, c) => (o && c ? c.cpuUsPerReq / o.cpuUsPerReq : NaN);
for (const q of QUERIES) {
  // req/s ÷ the ceiling's (kept in the JSON): the machine's other load skews it; the CPU ratio is what is judged
  q.ratio = q.ours && q.ceiling ? q.ours.reqPerSec / q.ceiling.reqPerSec : NaN;
  q.cpuRatio = cpuRatio(q.ours, q.ceiling);
  q.cpuRatioNew = cpuRatio(q.oursNew, q.ceilingNew);
  q.cpuRatioFirst = cpuRatio(q.firstVisits, q.ceilingNew);
  const cold = q.ours ?? q.oursNew;
  q.coldWarm = q.warm ? cold.reqPerSec / q.warm.reqPerSec : NaN;
  const judged = [q.cpuRatio, q.cpuRatioNew].filter(Number.isFinite);
  q.met = q.target === undefined || judged.length === 0 ? undefined : Math.min(...judged) >= q.target;
  const bad = [q.ours, q.oursNew]
    .filter((o) => o && (o.non2xx || o.errors))
    .map((o) => ` (${o.non2xx} non-2xx, ${o.errors} errors)`)
    .join('');
  const side = (o, c, r) => [
    o ? num(o.reqPerSec) : '–',
    o ? num(o.p99) : '–',
    o ? num(o.cpuUsPerReq) : '–',
    c ? num(c.cpuUsPerReq) : '–',
    pct(r),
  ];
  rows.push([
    q.name,
    ...side(q.ours, q.ceiling, q.cpuRatio),
    ...side(q.oursNew, q.ceilingNew, q.cpuRatioNew),
    q.warm ? num(q.warm.reqPerSec) : '–',
    pct(q.coldWarm),
    q.target === undefined ? '' : `≥ ${pct(q.target)}`,
    (q.met === false ? 'MISS' : q.met === true ? 'ok' : '') + bad,
  ]);
}
const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
const line = (r) =>
  r
    .map((c, i) => (i === 0 || i === 14 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
    .join('  ')
    .trimEnd();
const startupMet = TARGETS.startupMs === undefined ? undefined : ours.startupMs < TARGETS.startupMs;
const rssMet = TARGETS.rssMB === undefined ? undefined : memoryAfterLoad.rss <= TARGETS.rssMB;
const loopMet = loopHeld?.status === 'measured' ? loopHeld.cheap.p99 <= TARGETS.loopHeldP99Ms : undefined;

console.log(
  `\ncontent-mock bench — ${settings.articles} articles (${generation.rows.articles} rows), ${settings.connections} connections, ${settings.duration} s per query, node ${process.version}`,
);
console.log(line(rows[0]));
console.log(
  widths
    .map((w) => '-'.repeat(w))
    .join('  ')
    .trimEnd(),
);
for (const r of rows.slice(1)) console.log(line(r));
console.log(
  "cold, without the read cache. CPU µs/req: the server's CPU time per request (/proc); ceiling: the bare Express app's for the same bytes; " +
    "ratio = the ceiling's ÷ ours (the load on the machine cannot skew it; the target applies to both URL modes). " +
    'New URL: every request a different URL of the same shape (scripts/bench/new-urls.mjs).',
);
for (const q of QUERIES.filter((q) => q.firstVisits)) {
  const f = q.firstVisits;
  console.log(
    `first visits ${q.name}: ${num(f.cpuUsPerReq)} µs CPU/req over ${f.requests} requests (${num(f.reqPerSec)} req/s${f.non2xx ? `, ${f.non2xx} non-2xx` : ''}); ` +
      `ratio to the ceiling's new-URL figure ${pct(q.cpuRatioFirst)}`,
  );
}
console.log('');
console.log(`start-up  ${num(ours.startupMs)} ms${TARGETS.startupMs ? ` (target < ${TARGETS.startupMs} ms)` : ''}  ${mark(startupMet)}`);
console.log(populatedLine);
console.log(
  `RSS       ${num(memoryAfterLoad.rss)} MB after load, ${num(memoryAfterRuns.rss)} MB after the runs, peak ${num(memoryAfterRuns.peak)} MB` +
    `${TARGETS.rssMB ? ` (target after load ≤ ${TARGETS.rssMB} MB)` : ''}  ${mark(rssMet)}`,
);
if (loopHeld?.status === 'measured') {
  for (const l of loopHeld.runs.filter((r) => r.status === 'measured')) {
    const c = l.onCeiling;
    console.log(
      `loop held cheap GET p50 ${num(l.cheap.p50, 1)} / p99 ${num(l.cheap.p99, 1)} / max ${num(l.cheap.max, 1)} ms (alone: p50 ${num(l.idleP50, 1)} / p99 ${num(l.idleP99, 1)} ms; ` +
        `${l.cheap.requests} requests) while ${l.heavy} clients asked ${num(l.heavyAnswers.bytes / 1e6, 1)} MB answers ` +
        `(${l.heavyAnswers.requests} answered, p50 ${num(l.heavyAnswers.p50)} ms, ${l.heavyAnswers.errors} not 200) (target p99 ≤ ${TARGETS.loopHeldP99Ms} ms)  ${mark(l.cheap.p99 <= TARGETS.loopHeldP99Ms)}` +
        (c
          ? `\n          the ceiling with the same bytes: cheap GET p50 ${num(c.cheap.p50, 1)} / p99 ${num(c.cheap.p99, 1)} / max ${num(c.cheap.max, 1)} ms (alone p99 ${num(c.idleP99, 1)} ms; ${c.heavyAnswers.requests} heavy answered)`
          : ''),
    );
  }
} else if (loopHeld) console.log(`loop held: ${loopHeld.status}`);
console.log(`dataset   ${num(generation.seedMB, 1)} MB seed, generated in ${num(generation.ms)} ms`);
const loadAfter = loadavg();
console.log(
  `machine   load average ${loadBefore[0].toFixed(1)} before, ${loadAfter[0].toFixed(1)} after (${availableParallelism()} cores; other processes skew the numbers)`,
);
if (proxy.status === 'measured') {
  for (const r of proxy.results) {
    const seq = r.sequential;
    console.log(
      `proxy     ${r.query.padEnd(18)} loaded (${settings.connections} conn.): p50 ${num(r.proxied.p50)} ms vs ${num(r.direct.p50)} ms direct: +${num(r.addedP50Ms, 1)} ms ` +
        `(mean +${num(r.addedMeanMs, 2)} ms); ${num(r.proxied.reqPerSec)} vs ${num(r.direct.reqPerSec)} req/s\n` +
        `          ${''.padEnd(18)} one at a time: p50 ${num(seq.proxied.p50, 2)} ms vs ${num(seq.direct.p50, 2)} ms direct: +${num(seq.addedP50Ms, 2)} ms ` +
        `(p90 ${num(seq.proxied.p90, 2)} vs ${num(seq.direct.p90, 2)}; ${seq.proxied.requests} requests each)`,
    );
  }
} else if (proxy.status === 'not built') {
  console.log('proxy: not built yet');
} else if (proxy.status === 'failed to start') {
  console.log(`proxy: failed to start\n${proxy.error}`);
}
if (writes) for (const l of writes.lines) console.log(l);
const misses = QUERIES.filter((q) => q.met === false).map((q) => q.name);
if (startupMet === false) misses.push('start-up');
if (storeStartupMet === false) misses.push('start-up from its store file');
if (rssMet === false) misses.push('memory');
if (loopMet === false) misses.push('loop held');
if (writes) misses.push(...writes.misses);
console.log(misses.length ? `targets missed: ${misses.join(', ')}` : 'all targets met');

const stamp = new Date().toISOString().replace(/:/g, '-').replace(/\..*/, '');
const outDir = join(root, 'bench', 'results');
mkdirSync(outDir, { recursive: true });
const outFile = join(outDir, `bench-${stamp}.json`);
const result = {
  format: 'content-mock-bench/1',
  date: new Date().toISOString(),
  node: process.version,
  cores: availableParallelism(),
  loadAverage: { before: loadBefore, after: loadavg() },
  settings,
  dataset: { ...generation, targets: { categoryName: targets.categoryName, tagName: targets.tagName, documentId: targets.documentId } },
  startupMs: ours.startupMs,
  populatedMs,
  storeStartup,
  memoryMB: { afterLoad: memoryAfterLoad, afterRuns: memoryAfterRuns },
  targets: { ...TARGETS, ratios: Object.fromEntries(QUERIES.filter((q) => q.target !== undefined).map((q) => [q.name, q.target])) },
  urlModes,
  queries: QUERIES.map(
    ({
      name,
      path,
      target,
      check,
      ours: o,
      oursNew,
      warm,
      ceiling,
      ceilingNew,
      ratio,
      cpuRatio,
      cpuRatioNew,
      coldWarm,
      met,
      newUrl,
      firstVisits,
      cpuRatioFirst,
    }) => ({
      name,
      path,
      target,
      check,
      ours: o,
      ceiling,
      cpuRatio,
      newUrl: urlModes.includes('new')
        ? {
            representative: newUrl.representative,
            check: newUrl.check,
            ours: oursNew,
            ceiling: ceilingNew,
            cpuRatio: cpuRatioNew,
            firstVisits: firstVisits && { ...firstVisits, cpuRatio: cpuRatioFirst },
          }
        : undefined,
      warm,
      ratio,
      coldWarm,
      met,
    }),
  ),
  loopHeld,
  proxy,
  writes: writes?.result,
  misses,
  profile: cpuProf ? { measuredFromMs } : undefined,
};
writeFileSync(outFile, JSON.stringify(result, null, 2) + '\n');
console.log(`\nwritten: ${outFile.slice(root.length + 1)}`);

if (cpuProf) {
  const profiles = readdirSync(profDir).filter((f) => f.endsWith('.cpuprofile'));
  const newest = profiles.map((f) => join(profDir, f)).sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  if (newest) {
    const { summarizeProfile } = await import('./bench/summarize-profile.mjs');
    console.log(`\nCPU profile of the server (${newest.slice(root.length + 1)}):`);
    console.log(summarizeProfile(newest, { root, fromMs: measuredFromMs }));
  }
}
process.exitCode = 0;
