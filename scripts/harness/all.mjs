#!/usr/bin/env node
// Runs the differential harness on several models and seeds, a few at a time, and prints one table:
//   node scripts/harness/all.mjs [--models kit,shop,school,events,/path/to/project] [--seeds 1,2] [--parallel 4]
//                                [--reads 2000] [--writes 300] [--slot-base 10] [--one-slot]
// Each run is `run.mjs` (its report goes to scripts/harness/reports/<model>-<seed>.txt and .json). A model name
// without a slash is test/fixtures/models/<name> (or `kit`); a path is any Strapi project with a settings.json.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const models = arg('models', 'kit,shop,school,events').split(',');
const seeds = arg('seeds', '1,2').split(',').map(Number);
const parallel = Number(arg('parallel', 4));
// the first of the harness slots these runs use (ports 1400+slot and 1450+slot): sessions side by side take others
const slotBase = Number(arg('slot-base', 10));
const reports = join(here, 'reports');
mkdirSync(reports, { recursive: true });

// `<path>:code` runs a project with its own server code on both sides (run.mjs --code)
// --one-slot: every run on --slot-base (they run one at a time with --parallel 1)
const oneSlot = process.argv.includes('--one-slot');
const jobs = models.flatMap((spec, i) =>
  seeds.map((seed, j) => {
    const code = spec.endsWith(':code');
    const m = code ? spec.slice(0, -':code'.length) : spec;
    return { m, code, seed, slot: oneSlot ? slotBase : slotBase + i * seeds.length + j };
  }),
);
const modelArg = (m) => (m === 'kit' ? 'kit' : m.includes('/') ? resolve(m) : join(root, 'test/fixtures/models', m));
const nameOf = (m) => (m === 'kit' ? 'kit' : basename(m));

function run(job) {
  const base = join(reports, `${nameOf(job.m)}-${job.seed}`);
  const args = [join(here, 'run.mjs'), '--model', modelArg(job.m), '--seed', String(job.seed), '--slot', String(job.slot)];
  args.push('--reads', arg('reads', '2000'), '--writes', arg('writes', '300'), '--json', `${base}.json`);
  if (job.code) args.push('--code');
  return new Promise((done) => {
    const out = [];
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('close', (code) => {
      writeFileSync(`${base}.txt`, Buffer.concat(out));
      let summary;
      try {
        summary = JSON.parse(readFileSync(`${base}.json`, 'utf8')).summary;
      } catch {
        summary = undefined;
      }
      console.error(`harness: ${nameOf(job.m)} seed ${job.seed} ${code === 0 ? 'done' : `FAILED (exit ${code}, see ${base}.txt)`}`);
      done({ ...job, summary });
    });
  });
}

const queue = [...jobs];
const results = [];
await Promise.all(
  Array.from({ length: Math.min(parallel, jobs.length) }, async () => {
    while (queue.length > 0) results.push(await run(queue.shift()));
  }),
);
const cell = (t) => (t ? `${t.identical} / ${t.deliberate} / ${t.different}` : 'n/a');
const pct = (t) =>
  t ? `${((100 * t.identical) / t.requests).toFixed(2)} % (${((100 * (t.identical + t.deliberate)) / t.requests).toFixed(2)} %)` : 'n/a';
console.log('| model-seed | reads: identical / deliberate / different | writes | all identical (with deliberate) |');
console.log('|---|---|---|---|');
for (const r of results.sort((a, b) => a.slot - b.slot)) {
  const s = r.summary;
  console.log(
    `| ${nameOf(r.m)}-${r.seed} | ${cell(s?.reads)} | ${cell(s?.writes)}${s ? ` of ${s.writes.requests}` : ''} | ${pct(s?.total)} |`,
  );
}
