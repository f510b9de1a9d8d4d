#!/usr/bin/env node
// The contract checker on real traffic: `content-mock proxy` (the built one, dist/) in front of a real Strapi 5.54,
// fed the differential harness's random requests (scripts/harness/gen.mjs + shapes.mjs). Strapi's answers are the
// spec, so every violation the proxy reports on them is a false alarm, except `server-error` (Strapi answering 5xx,
// which the proxy reports on purpose: counted apart).
//
//   node scripts/harness/run.mjs --model <dir>|kit --slot N --reads 0 --writes 0   # once: seed, push, pull, snapshot
//   node scripts/proxy-real-traffic.mjs --model <dir>|kit --slot N [--seed 1] [--reads 1000] [--writes 100] [--json F]
//       [--dist <dir>]   # another build of the checker (an older commit's dist/) to compare with
//
// It reuses run.mjs's work folder (<tmp>/harness-<name>-<slot>: snapshot, pulled content, content-mock config) and the
// Strapi copy under <scratch>/<name>-<slot>; the database is restored from the snapshot first.
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { KIT_MODEL, SCRATCH } from './paths.mjs';
import { startStrapi, stopAndWait, mockConfigFor, loadApiConfig, findApiConfig } from './harness/strapi.mjs';
import { loadModel } from './harness/model.mjs';
import { makeGenerator } from './harness/gen.mjs';
import { rng } from './differential/rng.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? dflt : process.argv[i + 1];
};
const modelArg = arg('model');
if (!modelArg) {
  console.error('usage: proxy-real-traffic.mjs --model <dir>|kit --slot N [--seed N] [--reads N] [--writes N] [--json F]');
  process.exit(2);
}
const isKit = modelArg === 'kit';
const modelDir = isKit ? KIT_MODEL : resolve(modelArg);
const name = isKit ? 'kit' : basename(modelDir);
const slot = Number(arg('slot', 20));
const seedN = Number(arg('seed', 1));
const nReads = Number(arg('reads', 1000));
const nWrites = Number(arg('writes', 100));
const work = join(tmpdir(), `harness-${name}-${slot}`);
const dest = join(SCRATCH, `${name}-${slot}`);
if (!existsSync(join(work, 'snapshot', 'data.db')) || !existsSync(join(work, 'pulled.json')))
  throw new Error(`${work}: no snapshot; run scripts/harness/run.mjs --model ${modelArg} --slot ${slot} --reads 0 --writes 0 first`);
const settings = JSON.parse(
  readFileSync(isKit ? join(root, 'scripts/harness/kit-settings.json') : join(modelDir, 'settings.json'), 'utf8'),
);
const apiConfigFile = isKit ? null : findApiConfig(modelDir);
if (!settings.rest && apiConfigFile && existsSync(apiConfigFile)) settings.rest = loadApiConfig(apiConfigFile).rest;
const readKey = settings.tokens.find((t) => t.type === 'read-only')?.key;
const fullKey = settings.tokens.find((t) => t.type === 'full-access')?.key;
const log = (...a) => console.error(`[proxy-traffic ${name}]`, ...a);

for (const f of ['data.db-journal', 'data.db-wal', 'data.db-shm']) rmSync(join(dest, '.tmp', f), { force: true });
cpSync(join(work, 'snapshot', 'data.db'), join(dest, '.tmp', 'data.db'));
rmSync(join(dest, 'public', 'uploads'), { recursive: true, force: true });
cpSync(join(work, 'snapshot', 'uploads'), join(dest, 'public', 'uploads'), { recursive: true });

const pulled = JSON.parse(readFileSync(join(work, 'pulled.json'), 'utf8'));
const r = rng(seedN * 104729 + 3);
const gen = makeGenerator(loadModel(modelDir), pulled, { rest: mockConfigFor(settings).rest }, r);
const requests = Array.from({ length: nReads }, () => gen.read());
for (let steps = 0; steps < nWrites;) {
  const s = gen.writeStep();
  if (s.length === 0) continue;
  steps += 1;
  requests.push(...s);
}

const dist = resolve(arg('dist', join(root, 'dist')));
const { loadContract } = await import(join(dist, 'contract/proxy/load-contract.js'));
const { createProxy } = await import(join(dist, 'contract/proxy/create-proxy.js'));
const strapi = await startStrapi(dest, 1400 + slot, { fresh: false });
const results = [];
try {
  const contract = await loadContract({
    schemas: modelDir,
    config: join(work, 'content-mock.config.json'),
    target: strapi.base,
    token: readKey,
  });
  const proxy = createProxy({ target: strapi.base, contract, log: () => undefined });
  const { url } = await proxy.listen(1450 + slot, '127.0.0.1');
  const saved = {};
  const keyFor = (auth) => (auth === 'read' ? readKey : auth === 'full' ? fullKey : auth === 'bad' ? 'not-a-valid-token' : undefined);
  const fill = (text) => text.replace(/\{\{(\w+)\}\}/g, (_, n) => saved[n] ?? `unsaved${n}`);
  let i = 0;
  for (const req of requests) {
    const headers = {};
    const key = keyFor(req.auth);
    if (key) headers.authorization = `Bearer ${key}`;
    let body;
    if (req.body !== undefined) {
      body = fill(JSON.stringify(req.body));
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(url + fill(req.path), { method: req.method, headers, body, signal: AbortSignal.timeout(30000) });
    const text = await res.text();
    if (req.save && res.status < 300) {
      try {
        const id = JSON.parse(text)?.data?.documentId;
        if (id) saved[req.save] = id;
      } catch {
        // not JSON: nothing to save
      }
    }
    if (++i % 250 === 0) log(`${i}/${requests.length}`);
  }
  await proxy.idle();
  const data = proxy.report.data();
  results.push(...data.results.filter((x) => x.violations.length > 0));
  await proxy.close();
  const serverErrors = results.filter((x) => x.violations.every((v) => v.rule === 'server-error'));
  const alarms = results.filter((x) => x.violations.some((v) => v.rule !== 'server-error'));
  // a class: the rule and the message with its values taken out
  const classOf = (v) => `[${v.rule}] ${v.message.replace(/"[^"]*"|\d+(\.\d+)?/g, '…')}`;
  const classes = new Map();
  for (const x of alarms)
    for (const v of x.violations.filter((v) => v.rule !== 'server-error')) {
      const c = classes.get(classOf(v)) ?? { count: 0, examples: [] };
      c.count += 1;
      if (c.examples.length < 3) c.examples.push(`${x.method} ${x.url} → ${x.status} ${v.path}: ${v.message}`);
      classes.set(classOf(v), c);
    }
  const summary = {
    model: name,
    seed: seedN,
    requests: data.totals.requests,
    validated: data.totals.requests - data.totals.skipped,
    falseAlarms: alarms.length,
    strapi5xx: serverErrors.length,
  };
  console.log(JSON.stringify(summary));
  for (const [k, c] of [...classes].sort((a, b) => b[1].count - a[1].count))
    console.log(`  ${c.count}× ${k}\n     ${c.examples.join('\n     ')}`);
  const out = arg('json');
  if (out) writeFileSync(out, JSON.stringify({ summary, classes: Object.fromEntries(classes), results }, null, 1) + '\n');
} finally {
  await stopAndWait(strapi);
}
