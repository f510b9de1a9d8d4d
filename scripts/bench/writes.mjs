// The `writes` section of `npm run bench`: content-mock over a file-backed store (`--data`), as a developer runs it.
//
// For each mode (watcher off, hot reload on):
//   start-up   spawn → first 200 from the store file (RSS after start);
//   one POST at a time for `seconds` s: p50 / p99;
//   first read after a write: POST, then at once GET the list (and a findOne) of the written type: p50 / max;
//   write storm: `writers` concurrent writers for `seconds` s, while one reader GETs a cheap page: writes/s,
//     write p50, read p99 / max; every acknowledged create must be in the store after it (counted), and with hot
//     reload on, the server must not have taken one of its own writes for an outside edit (its log).
// The store file is made once from the seed (`serve --seed --data`) and copied for each mode.
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { summarizeProfile } from './summarize-profile.mjs';

export const WRITE_TARGETS = { postP50Ms: 15, writesPerSec: 300, readP99Ms: 20, firstReadMs: 20, startupMs: 5000, rssMB: 1200 };

/**
 * A process's CPU time so far in ms (user + system, from /proc: Linux only, else undefined). Per write, it is the
 * figure a shared machine's load changes least: wall-clock latencies there measure the other processes too.
 */
function processCpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, in clock ticks (USER_HZ, 100 on Linux)
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

const pct = (list, p) => {
  if (list.length === 0) return NaN;
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
};

/**
 * @param {object} o
 * @param {string} o.cli @param {string} o.fixtures @param {string} o.seedFile @param {string} o.work
 * @param {number} o.seconds @param {number} o.writers
 * @param {Function} o.startServer @param {Function} o.stopServer @param {Function} o.rssMb
 * @param {string} [o.cpuProfDir] where the servers write CPU profiles (--cpu-prof)
 */
export async function benchWrites(o) {
  const { cli, fixtures, seedFile, work, startServer, stopServer, rssMb } = o;
  const dir = join(work, 'writes');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const base = join(dir, 'base.json');
  const common = ['--schemas', join(fixtures, 'model'), '--config', join(fixtures, 'content-mock.config.json'), '--quiet'];
  const probe = '/api/articles?pagination[pageSize]=1';

  // The store file, made from the seed once.
  const t0 = performance.now();
  const maker = await startServer(
    'store from seed',
    (port) => [cli, 'serve', ...common, '--seed', seedFile, '--data', base, '--no-watch', '--port', String(port)],
    {
      probe,
      timeoutMs: 600_000,
    },
  );
  // its first answer comes before the store file is written (in the background): the file appears whole
  while (!existsSync(base)) await new Promise((ok) => setTimeout(ok, 10));
  await stopServer(maker);
  const storeMB = statSync(base).size / 1e6;
  console.log(`  store file: ${storeMB.toFixed(1)} MB, made from the seed in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const modes = [];
  for (const watch of [false, true]) {
    const file = join(dir, `db-${watch ? 'watch' : 'nowatch'}.json`);
    copyFileSync(base, file);
    const args = (port) => [cli, 'serve', ...common, '--data', file, ...(watch ? [] : ['--no-watch']), '--port', String(port)];
    // --cpu-prof: one profile per mode (written when the server exits)
    const profDir = o.cpuProfDir && join(o.cpuProfDir, `writes-${watch ? 'watch' : 'nowatch'}`);
    const nodeArgs = profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [];
    const server = await startServer(`serve --data (${watch ? 'hot reload' : 'no watch'})`, args, { probe, timeoutMs: 120_000, nodeArgs });
    const mode = { watch, startupMs: server.startupMs, rssAfterStartMB: rssMb(server.child.pid).rss, loadBefore: loadavg()[0] };
    try {
      Object.assign(mode, await runWrites(server.url, o, () => processCpuMs(server.child.pid)));
    } finally {
      mode.rssAfterMB = rssMb(server.child.pid);
      const stopped = performance.now();
      await stopServer(server);
      mode.shutdownMs = performance.now() - stopped;
    }
    mode.ownWriteTakenForOutsideEdit = /changed outside the server/.test(server.output());
    mode.errors = server
      .output()
      .split('\n')
      .filter((l) => /error|could not/i.test(l))
      .slice(0, 5);
    modes.push(mode);
    const m = mode;
    console.log(
      `  ${watch ? 'hot reload' : 'no watch  '}  start ${m.startupMs.toFixed(0)} ms, RSS ${m.rssAfterStartMB.toFixed(0)} MB; ` +
        `POST p50 ${m.sequential.p50.toFixed(1)} ms; first read after a write p50 ${m.firstRead.listP50.toFixed(1)} ms; ` +
        `storm ${m.storm.writesPerSec.toFixed(0)} writes/s (p50 ${m.storm.writeP50.toFixed(1)} ms), GET p99 ${m.storm.readP99.toFixed(1)} / max ${m.storm.readMax.toFixed(1)} ms; ` +
        `lost ${m.storm.lost}` +
        (m.sequential.cpuMsPerWrite === undefined
          ? ''
          : `; server CPU/write ${m.sequential.cpuMsPerWrite.toFixed(2)} / storm ${m.storm.cpuMsPerWrite?.toFixed(2)} ms`),
    );
    if (profDir) {
      const profile = readdirSync(profDir, { withFileTypes: true }).find((f) => f.name.endsWith('.cpuprofile'));
      console.log(
        profile
          ? `  CPU profile (${watch ? 'hot reload' : 'no watch'}), whole server life:\n${summarizeProfile(join(profDir, profile.name), { top: 15 })}`
          : `  no CPU profile in ${profDir} (the server did not exit by itself)`,
      );
    }
  }
  rmSync(dir, { recursive: true, force: true });
  return { storeMB, modes };
}

/** `cpu`: the server's CPU time so far in ms (undefined where it cannot be read): spent per write, phase by phase. */
export async function runWrites(url, { seconds, writers }, cpu = () => undefined) {
  const cpuPer = (from, count) => {
    const now = cpu();
    return now === undefined || from === undefined || count === 0 ? undefined : (now - from) / count;
  };
  const json = async (path) => (await fetch(url + path)).json();
  const categories = (await json('/api/categories?status=draft&pagination[pageSize]=5')).data.map((c) => c.documentId);
  const tags = (await json('/api/tags?pagination[pageSize]=5')).data.map((t) => t.documentId);
  const someArticle = (await json('/api/articles?pagination[pageSize]=1')).data[0].documentId;
  const total = async () => (await json('/api/articles?status=draft&pagination[pageSize]=1')).meta.pagination.total;
  let n = 0;
  const failed = {};
  const post = async () => {
    const i = n++;
    const body = {
      data: {
        title: `Bench write ${i} ${Date.now()}`,
        slug: `bench-write-${i}-${Date.now()}`,
        views: i,
        kind: 'news',
        category: categories[i % categories.length],
        tags: [tags[i % tags.length]],
      },
    };
    const t = performance.now();
    const res = await fetch(`${url}/api/articles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status !== 201) failed[res.status] ??= text.slice(0, 300);
    return { ms: performance.now() - t, ok: res.status === 201, status: res.status };
  };
  const get = async (path) => {
    const t = performance.now();
    const res = await fetch(url + path);
    await res.arrayBuffer();
    return performance.now() - t;
  };

  // warm the write path, keeping the categories an article can link (the generated data has some without a draft)
  const linkable = [];
  for (let i = 0; i < 20; i++) if ((await post()).ok) linkable.push(categories[(n - 1) % categories.length]);
  categories.splice(0, categories.length, ...new Set(linkable));
  if (categories.length === 0) throw new Error('bench: no category could be linked to a new article');
  for (const status of Object.keys(failed)) delete failed[status]; // the probing above is not a failure
  const before = await total();

  // one at a time
  const sequential = [];
  let failures = 0;
  const cpu1 = cpu();
  const end1 = performance.now() + seconds * 1000;
  while (performance.now() < end1) {
    const r = await post();
    sequential.push(r.ms);
    if (!r.ok) failures++;
  }
  const sequentialCpuMs = cpuPer(cpu1, sequential.length);

  // first read after a write
  const list = [];
  const one = [];
  for (let i = 0; i < 30; i++) {
    await post();
    list.push(await get('/api/articles'));
    await post();
    one.push(await get(`/api/articles/${someArticle}`));
  }
  const afterSequential = await total();

  // storm: concurrent writers and one reader
  const writes = [];
  const reads = [];
  let acked = 0;
  let stormFailures = 0;
  let stop = false;
  const stormStart = performance.now();
  const cpu2 = cpu();
  const writer = async () => {
    while (!stop) {
      const r = await post();
      writes.push(r.ms);
      if (r.ok) acked++;
      else stormFailures++;
    }
  };
  const reader = async () => {
    let k = 0;
    while (!stop) reads.push(await get(k++ % 2 ? `/api/articles/${someArticle}` : '/api/articles?pagination[pageSize]=1'));
  };
  const timer = setTimeout(() => (stop = true), seconds * 1000);
  await Promise.all([...Array.from({ length: writers }, writer), reader()]);
  clearTimeout(timer);
  const stormMs = performance.now() - stormStart;
  const stormCpuMs = cpuPer(cpu2, writes.length);
  const after = await total();
  return {
    sequential: {
      count: sequential.length,
      p50: pct(sequential, 0.5),
      p99: pct(sequential, 0.99),
      failures,
      createdOk: afterSequential - before,
      cpuMsPerWrite: sequentialCpuMs,
    },
    firstRead: { listP50: pct(list, 0.5), listMax: Math.max(...list), findOneP50: pct(one, 0.5), findOneMax: Math.max(...one) },
    storm: {
      writers,
      writes: writes.length,
      acked,
      failures: stormFailures,
      writesPerSec: (writes.length / stormMs) * 1000,
      writeP50: pct(writes, 0.5),
      writeP99: pct(writes, 0.99),
      reads: reads.length,
      readP50: pct(reads, 0.5),
      readP99: pct(reads, 0.99),
      readMax: Math.max(...reads),
      lost: acked - (after - afterSequential),
      // the reader's GETs included
      cpuMsPerWrite: stormCpuMs,
    },
    failed,
  };
}

/** Lines for the summary, with targets (100k documents: within 2× of the 10k ones). */
export function describeWrites(result, articles) {
  const slack = articles > 20_000 ? 2 : 1;
  const T = WRITE_TARGETS;
  const mark = (ok) => (ok ? 'ok' : 'MISS');
  const lines = [];
  const misses = [];
  for (const m of result.modes) {
    const name = m.watch ? 'hot reload' : 'no watch';
    const checks = [
      ['POST p50', m.sequential.p50, T.postP50Ms * slack, 'ms', (v, t) => v <= t],
      ['storm', m.storm.writesPerSec, T.writesPerSec / slack, 'writes/s', (v, t) => v >= t],
      ['GET p99 in storm', m.storm.readP99, T.readP99Ms * slack, 'ms', (v, t) => v <= t],
      ['first read after write', m.firstRead.listP50, T.firstReadMs * slack, 'ms', (v, t) => v <= t],
      ['start-up', m.startupMs, T.startupMs, 'ms', (v, t) => v <= t],
      ['RSS', Math.max(m.rssAfterStartMB, m.rssAfterMB.rss), T.rssMB, 'MB', (v, t) => v <= t],
    ];
    lines.push(`writes (${name}), ${result.storeMB.toFixed(0)} MB store file:`);
    for (const [label, value, target, unit, ok] of checks) {
      const good = ok(value, target);
      if (!good) misses.push(`writes ${name}: ${label}`);
      lines.push(
        `  ${label.padEnd(24)} ${value.toFixed(1).padStart(8)} ${unit.padEnd(9)} (target ${unit === 'writes/s' ? '≥' : '≤'} ${target})  ${mark(good)}`,
      );
    }
    const s = m.storm;
    lines.push(
      `  storm detail             ${s.writes} writes by ${s.writers} writers (${s.failures} failed), write p50 ${s.writeP50.toFixed(1)} / p99 ${s.writeP99.toFixed(1)} ms; ` +
        `${s.reads} reads p50 ${s.readP50.toFixed(1)} / p99 ${s.readP99.toFixed(1)} / max ${s.readMax.toFixed(1)} ms`,
    );
    lines.push(
      `  first read after write   list p50 ${m.firstRead.listP50.toFixed(1)} / max ${m.firstRead.listMax.toFixed(1)} ms; findOne p50 ${m.firstRead.findOneP50.toFixed(1)} / max ${m.firstRead.findOneMax.toFixed(1)} ms`,
    );
    if (m.sequential.cpuMsPerWrite !== undefined)
      lines.push(
        `  server CPU per write     one at a time ${m.sequential.cpuMsPerWrite.toFixed(2)} ms; storm ${s.cpuMsPerWrite?.toFixed(2)} ms (its reads included); load before ${m.loadBefore.toFixed(1)}`,
      );
    if (s.lost !== 0) misses.push(`writes ${name}: ${s.lost} acknowledged writes lost`);
    if (m.ownWriteTakenForOutsideEdit) misses.push(`writes ${name}: an own write was taken for an outside edit`);
    lines.push(
      `  acknowledged writes lost ${s.lost}${m.ownWriteTakenForOutsideEdit ? '; OWN WRITE RELOADED AS OUTSIDE EDIT' : ''}; shutdown (journal folded into the file) ${m.shutdownMs.toFixed(0)} ms`,
    );
    if (m.errors.length) lines.push(`  server errors: ${m.errors.join(' | ')}`);
    for (const [status, body] of Object.entries(m.failed ?? {})) lines.push(`  failed writes answered ${status}: ${body}`);
  }
  return { lines, misses };
}
