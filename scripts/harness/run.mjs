#!/usr/bin/env node
// Model-agnostic differential harness: real Strapi 5.54 vs content-mock on any content model.
//
//   node scripts/harness/run.mjs --model test/fixtures/models/<name> | --model kit
//       [--seed N] [--reads 2000] [--writes 300] [--json out.json] [--slot 0..49] [--keep-work] [--verbose] [--trace]
//       [--skip-reads] [--until N] [--generator grammar] [--write-generator grammar] [--check-strapi]
// --generator grammar: the reads come from grammar-gen.mjs (shapes sampled from Strapi's query grammar) instead of
// gen.mjs; the JSON report then lists `differingFeatures` (each shape feature: requests carrying it, how many differed).
// --generator grammar2: the same with the productions widened at stop 17 (grammar-gen.mjs's header); grammar's seeds
// keep their meaning.
// --write-generator grammar: the write sequence comes from write-grammar-gen.mjs (bodies sampled from Strapi's write
// grammar: every attribute kind, relation ops, components, zones, media, system keys, body shapes) instead of gen.mjs.
// --check-strapi: Strapi's side is reached through `content-mock proxy`, so the contract checker judges every real
// answer; real Strapi is the spec, so each violation it reports (but a 5xx) is the checker's mistake. The JSON report
// then lists `proxyViolations` (by rule and message, with examples).
// --key-order: an answer equal in value whose JSON text shows an object's keys in another order (a client snapshotting
// answers sees it) gets `keyOrder` (the first such path with both orders); the summary counts them (`keyOrder`).
// --skip-reads generates the reads (the write sequence depends on them) but does not send them; --until N stops the
// write sequence after its N-th request (0-based index as --trace prints it) and keeps both servers up to inspect.
//
// Steps: content-mock seed -> push into a fresh real Strapi (full-access token) -> content-mock pull -> snapshot of
// Strapi's DB -> reads against Strapi and content-mock (serve --seed pulled.json --memory) -> both restarted from the
// same content -> write sequences (each followed by reads). Every answer pair is compared with the kit's rules.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { KIT_MODEL } from '../paths.mjs';
import { spawn, execFileSync, spawnSync } from 'node:child_process';
import {
  assertPortFree,
  prepareApp,
  startStrapi,
  stopAndWait,
  waitHttp,
  mockConfigFor,
  mockServeArgs,
  loadApiConfig,
  findApiConfig,
} from './strapi.mjs';
import { loadModel } from './model.mjs';
import { prepareGraphqlApp } from './graphql-strapi.mjs';
import { makeGenerator } from './gen.mjs';
import { makeGrammarGenerator } from './grammar-gen.mjs';
import { makeWriteGrammarGenerator } from './write-grammar-gen.mjs';
import { projectGetRoutes, projectReader } from './project-reads.mjs';
import { knownValues, normaliser, firstDiff, keyOrderDiffs, short, signature } from './compare.mjs';
import { rng } from '../differential/rng.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const opts = parseArgs(process.argv.slice(2));
if (!opts.model) {
  console.error('usage: run.mjs --model <dir>|kit [--seed N] [--reads N] [--writes N] [--json F]');
  process.exit(2);
}
const isKit = opts.model === 'kit';
const modelDir = isKit ? KIT_MODEL : resolve(opts.model);
const name = isKit ? 'kit' : basename(modelDir);
const settings = JSON.parse(
  readFileSync(isKit ? join(root, 'scripts/harness/kit-settings.json') : join(modelDir, 'settings.json'), 'utf8'),
);
const apiConfigFile = isKit ? null : findApiConfig(modelDir);
// --code: the project's whole src/ runs on both sides (routes, controllers, services, middlewares, policies, lifecycles)
const withCode = opts.code === true;
if (!settings.rest && apiConfigFile) settings.rest = loadApiConfig(apiConfigFile).rest;
const seedN = Number(opts.seed ?? 1);
const nReads = Number(opts.reads ?? 2000);
const nWrites = Number(opts.writes ?? 300);
const slot = Number(opts.slot ?? 0);
const strapiPort = 1400 + slot,
  mockPort = 1450 + slot;
const work = join(tmpdir(), `harness-${name}-${slot}`);
mkdirSync(work, { recursive: true });
const readKey = settings.tokens.find((t) => t.type === 'read-only')?.key;
const fullKey = settings.tokens.find((t) => t.type === 'full-access')?.key;
const log = (...a) => console.error(`[harness ${name}]`, ...a);

function parseArgs(args) {
  const o = {};
  for (let i = 0; i < args.length; i++) {
    if (!args[i].startsWith('--')) continue;
    const next = args[i + 1];
    if (next === undefined || next.startsWith('--')) o[args[i].slice(2)] = true;
    else o[args[i].slice(2)] = args[++i];
  }
  return o;
}
const cli = (args) =>
  execFileSync(process.execPath, [join(root, 'bin/content-mock.js'), ...args], { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });

// content-mock config from the settings: same permissions, tokens, locales and REST settings as the Strapi copy
const cmConfig = mockConfigFor(settings);
writeFileSync(join(work, 'content-mock.config.json'), JSON.stringify(cmConfig, null, 2));

async function startMock(seedFile) {
  await assertPortFree(mockPort);
  const out = join(work, 'mock.log');
  const child = spawn(
    process.execPath,
    mockServeArgs(join(root, 'bin/content-mock.js'), {
      modelDir,
      code: withCode,
      port: mockPort,
      config: join(work, 'content-mock.config.json'),
      seed: seedFile,
    }),
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let err = '';
  child.stderr.on('data', (d) => {
    err += d;
  });
  const base = `http://127.0.0.1:${mockPort}`;
  process.on('exit', () => {
    try {
      process.kill(child.pid);
    } catch {}
  });
  try {
    await waitHttp(`${base}/api/i18n/locales`, child.pid, 60000);
  } catch (e) {
    throw new Error(`${e.message}\n${err.slice(-2000)}`);
  }
  return { pid: child.pid, base };
}

// ---- 1. content: seed -> push into fresh Strapi -> pull -> snapshot
const model = loadModel(modelDir);
// settings.pushWithoutCode: the content is pushed into and pulled from a Strapi copy without the project's code, then
// the copy gets its code for the requests. For a project whose own routes answer less than they hold (a single type's
// custom `find` that populates one field): a pull through them would leave the mock's store poorer than Strapi's.
const codeAtPush = withCode && !settings.pushWithoutCode;
// a project whose package.json lists the GraphQL plugin (its config/plugins enables it) boots only with it installed
const usesGraphql = (() => {
  const pkg = join(modelDir, 'package.json');
  return existsSync(pkg) && Boolean(JSON.parse(readFileSync(pkg, 'utf8')).dependencies?.['@strapi/plugin-graphql']);
})();
const prepareCopy = (o) => (usesGraphql ? prepareGraphqlApp(o) : prepareApp(o));
const dest = prepareCopy({ name: `${name}-${slot}`, modelDir, apiConfigFile, settings, withCode: codeAtPush });
const seedFile = join(work, 'seed.json'),
  pulledFile = join(work, 'pulled.json');
const seedCfg = settings.seed ?? {};
cli([
  'seed',
  '--schemas',
  modelDir,
  '--config',
  join(work, 'content-mock.config.json'),
  '--count',
  String(seedCfg.count ?? 8),
  '--media',
  String(seedCfg.media ?? 4),
  '--seed-value',
  `harness-${name}`,
  '--out',
  seedFile,
]);
let strapi = await startStrapi(dest, strapiPort);
let pushReport;
try {
  const t0 = Date.now();
  // the product command: content-mock push
  const p = spawnSync(
    process.execPath,
    [
      join(root, 'bin/content-mock.js'),
      'push',
      '--to',
      strapi.base,
      '--token',
      fullKey,
      '--seed',
      seedFile,
      '--schemas',
      modelDir,
      '--config',
      join(work, 'content-mock.config.json'),
    ],
    { encoding: 'utf8' },
  );
  if (p.status !== 0) throw new Error(`push failed (${p.status}): ${p.stderr.slice(-2000)}`);
  const lines = p.stderr.split('\n');
  pushReport = {
    summary: lines.filter((l) => /push: wrote/.test(l)).join(' '),
    warnings: lines.filter((l) => l.includes('push: warning:')).map((l) => l.replace('push: warning: ', '')),
  };
  log(`${pushReport.summary} (${pushReport.warnings.length} warnings, ${Date.now() - t0} ms)`);
  cli([
    'pull',
    '--from',
    strapi.base,
    '--token',
    fullKey,
    '--schemas',
    modelDir,
    '--config',
    join(work, 'content-mock.config.json'),
    '--out',
    pulledFile,
  ]);
} finally {
  await stopAndWait(strapi);
}
if (withCode && !codeAtPush) prepareCopy({ name: `${name}-${slot}`, modelDir, apiConfigFile, settings, withCode });
rmSync(join(work, 'snapshot'), { recursive: true, force: true });
cpSync(join(dest, '.tmp', 'data.db'), join(work, 'snapshot', 'data.db'));
cpSync(join(dest, 'public', 'uploads'), join(work, 'snapshot', 'uploads'), { recursive: true });
const restore = () => {
  for (const f of ['data.db-journal', 'data.db-wal', 'data.db-shm']) rmSync(join(dest, '.tmp', f), { force: true });
  cpSync(join(work, 'snapshot', 'data.db'), join(dest, '.tmp', 'data.db'));
  rmSync(join(dest, 'public', 'uploads'), { recursive: true, force: true });
  cpSync(join(work, 'snapshot', 'uploads'), join(dest, 'public', 'uploads'), { recursive: true });
};
const pulled = JSON.parse(readFileSync(pulledFile, 'utf8'));
const known = knownValues(pulled);

// ---- 2. requests
const r = rng(seedN * 7919 + 17);
const gen = makeGenerator(model, pulled, { rest: cmConfig.rest }, r);
// --generator grammar: the reads come from the second, independent generator (grammar-gen.mjs: shapes sampled from
// Strapi's query grammar), on a random stream of its own; the write sequence stays the plain generator's
const readGen =
  opts.generator === 'grammar' || opts.generator === 'grammar2'
    ? makeGrammarGenerator(model, pulled, { rest: cmConfig.rest, wide: opts.generator === 'grammar2' }, rng(seedN * 104729 + 3), seedN)
    : gen;
const reads = Array.from({ length: nReads }, () => ({ ...readGen.read(), phase: 'read' }));
// --code: a quarter of the reads go through the project's own GET routes instead
if (withCode) {
  const routes = await projectGetRoutes(modelDir);
  if (routes.length > 0) {
    const viaProject = projectReader(routes, pulled, r);
    for (let i = 0; i < reads.length; i++) if (r.next() < 0.25) reads[i] = viaProject(reads[i]);
  }
}
const writeSeq = [];
let writeSteps = 0;
const writeGen =
  opts['write-generator'] === 'grammar'
    ? makeWriteGrammarGenerator(model, pulled, { rest: cmConfig.rest }, rng(seedN * 130363 + 7), rng(seedN * 130363 + 11))
    : gen;
while (writeSteps < nWrites) {
  const s = writeGen.writeStep();
  if (!s.length) continue;
  writeSteps++;
  writeSeq.push(...s.map((x) => ({ ...x, phase: 'write' })));
}

const keyFor = (auth) => (auth === 'read' ? readKey : auth === 'full' ? fullKey : auth === 'bad' ? 'not-a-valid-token' : null);
// the project's `rest.prefix` (config/api): generated requests name `/api`, both servers serve under the prefix
const restPrefix = String(settings.rest?.prefix ?? '/api')
  .replace(/^\/?/, '/')
  .replace(/\/+$/, '');
async function send(base, req, saved) {
  let path = req.path.replace(/\{\{(\w+)\}\}/g, (_, n) => saved[n] ?? `unsaved${n}`);
  if (restPrefix !== '/api') path = path.replace(/^\/api(?=[/?]|$)/, restPrefix);
  const headers = {};
  const key = keyFor(req.auth);
  if (key) headers.authorization = `Bearer ${key}`;
  let body;
  if (req.body !== undefined) {
    body = JSON.stringify(req.body).replace(/\{\{(\w+)\}\}/g, (_, n) => saved[n] ?? `unsaved${n}`);
    headers['content-type'] = 'application/json';
  } else if (req.rawBody !== undefined) {
    // a body sent as written (malformed JSON, an empty one): what a broken client sends
    body = req.rawBody;
    headers['content-type'] = req.contentType ?? 'application/json';
  }
  let res, text;
  // a write is sent once, with a long wait: sent again after a timeout on a loaded machine, it would be made twice
  // on one side and every later answer of the sequence would differ
  const write = req.method !== 'GET' && req.method !== undefined;
  for (let attempt = 0; ; attempt++) {
    try {
      res = await fetch(base + path, { method: req.method, headers, body, signal: AbortSignal.timeout(write ? 180000 : 30000) });
      text = await res.text();
      break;
    } catch (e) {
      if (write || attempt >= 2) return { status: 0, body: { __error: String(e.message) } };
      await new Promise((ok) => setTimeout(ok, 500));
    }
  }
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = { __nonJson: text.slice(0, 200) };
  }
  if (req.save && res.status < 300 && json?.data?.documentId) saved[req.save] = json.data.documentId;
  // a single type's PUT creates its document when there is none: that documentId is named after the route
  const fresh = json?.data?.documentId;
  if (!req.save && req.method === 'PUT' && res.status < 300 && typeof fresh === 'string' && !known.documentIds.has(fresh)) {
    const route = req.path.split('?')[0];
    if (!Object.values(saved).includes(fresh)) saved[`single ${route}`] = fresh;
  }
  return { status: res.status, body: json };
}

const results = [];
async function replay(list, servers) {
  const savedA = {},
    savedB = {};
  // each side's saved documentIds are compared by the name of the create that made them (see normaliser)
  const namesA = new Map(),
    namesB = new Map();
  const volatile = new Set(settings.volatile ?? []);
  const normA = normaliser(known, { numberIds: false, names: namesA, volatile }),
    normB = normaliser(known, { numberIds: false, names: namesB, volatile });
  const learn = (saved, names) => {
    for (const [n, id] of Object.entries(saved)) if (!names.has(id)) names.set(id, n);
  };
  let i = 0;
  for (const req of list) {
    const a = await send(servers.strapi.base, req, savedA);
    const b = await send(servers.mock.base, req, savedB);
    learn(savedA, namesA);
    learn(savedB, namesB);
    const na = normA(a.body),
      nb = normB(b.body);
    let verdict = 'identical',
      d = null;
    if (a.status === 500 && b.status === 400) verdict = 'deliberate';
    else if (a.status !== b.status) {
      verdict = 'different';
      d = { path: '(status)', a: a.status, b: b.status, kind: 'status' };
    } else {
      d = firstDiff(na, nb);
      if (d) verdict = 'different';
    }
    const entry = {
      phase: req.phase,
      method: req.method,
      path: req.path,
      body: req.body,
      auth: req.auth,
      features: req.features,
      verdict,
      statusA: a.status,
      statusB: b.status,
    };
    // --key-order: an answer equal in value whose JSON text shows some object's keys in another order
    if (opts['key-order'] && verdict === 'identical') {
      const orders = keyOrderDiffs(a.body, b.body);
      if (orders.length > 0) {
        entry.keyOrder = orders[0];
        if (opts.verbose) console.log(`ORDER ${req.method} ${req.path}\n   ${orders[0]}`);
      }
    }
    if (verdict === 'different') {
      entry.diff = { path: d.path, strapi: short(d.a, 300), mock: short(d.b, 300), kind: d.kind };
      entry.signature = signature(req, a, b, d);
      entry.strapiMessage = a.body?.error?.message;
      entry.mockMessage = b.body?.error?.message;
      if (opts.verbose)
        console.log(
          `DIFF ${req.method} ${req.path} ${req.body ? short(req.body, 200) : ''}\n   ${entry.signature}: strapi ${entry.diff.strapi} | mock ${entry.diff.mock}`,
        );
    }
    // --trace: every request with both statuses, to replay the steps before a difference by hand
    if (opts.trace)
      console.log(
        `TRACE ${req.phase}#${i} ${verdict} ${req.method} ${req.path} ${req.body ? JSON.stringify(req.body) : ''} -> ${a.status}/${b.status}`,
      );
    results.push(entry);
    if (++i % 250 === 0) log(`${req.phase}: ${i}/${list.length}`);
    if (opts.until !== undefined && req.phase === 'write' && i > Number(opts.until)) return true;
  }
  return false;
}

/** `content-mock proxy` in front of Strapi (--check-strapi): the contract checker judges each of its answers. */
const proxyReports = [];
async function startProxy(target) {
  const port = 1600 + slot;
  await assertPortFree(port);
  const report = join(work, `proxy-report-${proxyReports.length}.json`);
  proxyReports.push(report);
  const args = ['proxy', '--target', target, '--port', String(port), '--schemas', modelDir, '--report', report];
  args.push('--config', join(work, 'content-mock.config.json'), '--timeout', '180000');
  // without --code, Strapi's copy runs none of the project's code: the checker must not expect it either (adfinis
  // grammar seed 1671: 216 "was populated but is missing" from a global middleware's populate Strapi never ran)
  if (!withCode) args.push('--no-project-code');
  const child = spawn(process.execPath, [join(root, 'bin/content-mock.js'), ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
  process.on('exit', () => {
    try {
      process.kill(child.pid);
    } catch {}
  });
  const base = `http://127.0.0.1:${port}`;
  await waitHttp(`${base}/api/i18n/locales`, child.pid, 60000);
  return { base, pid: child.pid, child };
}
/** Stops the proxy and waits until it has written its report (it writes it on SIGINT). */
async function stopProxy(proxy) {
  if (!proxy) return;
  const exited = new Promise((ok) => proxy.child.once('exit', ok));
  proxy.child.kill('SIGINT');
  await Promise.race([exited, new Promise((ok) => setTimeout(ok, 20000))]);
}
const viaProxy = opts['check-strapi'] === true;

let mock, proxy;
try {
  restore();
  strapi = await startStrapi(dest, strapiPort, { fresh: false });
  mock = await startMock(pulledFile);
  if (viaProxy) proxy = await startProxy(strapi.base);
  const front = () => (proxy ? { base: proxy.base } : strapi);
  if (!opts['skip-reads']) {
    await replay(reads, { strapi: front(), mock });
    await stopProxy(proxy);
    await stopAndWait(strapi);
    await stopAndWait(mock);
    restore();
    strapi = await startStrapi(dest, strapiPort, { fresh: false });
    mock = await startMock(pulledFile);
    if (viaProxy) proxy = await startProxy(strapi.base);
  }
  if (await replay(writeSeq, { strapi: front(), mock })) {
    log(`stopped after write #${opts.until}: strapi ${strapi.base}, mock ${mock.base} (token ${fullKey}); Ctrl-C stops both`);
    await new Promise((done) => process.once('SIGINT', done).once('SIGTERM', done));
  }
} finally {
  await stopProxy(proxy);
  await stopAndWait(strapi);
  await stopAndWait(mock);
}

// ---- 3. report
const tally = (list) => ({
  requests: list.length,
  identical: list.filter((x) => x.verdict === 'identical').length,
  deliberate: list.filter((x) => x.verdict === 'deliberate').length,
  different: list.filter((x) => x.verdict === 'different').length,
  ...(opts['key-order'] ? { keyOrder: list.filter((x) => x.keyOrder).length } : {}),
});
const classes = new Map();
for (const e of results.filter((x) => x.verdict === 'different')) {
  const c = classes.get(e.signature) ?? { signature: e.signature, count: 0, phases: {}, examples: [] };
  c.count++;
  c.phases[e.phase] = (c.phases[e.phase] ?? 0) + 1;
  c.examples.push(e);
  classes.set(e.signature, c);
}
const size = (e) => e.path.length + (e.body ? JSON.stringify(e.body).length : 0);
const classList = [...classes.values()]
  .sort((a, b) => b.count - a.count)
  .map((c) => {
    const ex = [...c.examples].sort((x, y) => size(x) - size(y));
    return {
      signature: c.signature,
      count: c.count,
      phases: c.phases,
      minimal: ex[0],
      more: ex.slice(1, 3).map((e) => `${e.method} ${e.path}`),
    };
  });
// each shape feature: how many requests carried it and how many of those differed (the grammar generator's report)
const featureStats = {};
for (const e of results)
  for (const ft of e.features ?? []) {
    const s = (featureStats[ft] ??= { requests: 0, different: 0 });
    s.requests++;
    if (e.verdict === 'different') s.different++;
  }
function keyOrderClasses() {
  const byPath = new Map();
  for (const e of results.filter((x) => x.keyOrder)) {
    const key = e.keyOrder.replace(/\.\d+(?=[.:])/g, '.#');
    const c = byPath.get(key) ?? { order: key, count: 0, examples: [] };
    c.count++;
    if (c.examples.length < 3) c.examples.push(`${e.method} ${e.path}`);
    byPath.set(key, c);
  }
  return [...byPath.values()].sort((a, b) => b.count - a.count);
}
// --check-strapi: the checker's verdicts on Strapi's own answers, by rule and message (ids and paths left out)
let proxyViolations;
if (viaProxy) {
  const byClass = new Map();
  let judged = 0;
  for (const file of proxyReports) {
    if (!existsSync(file)) continue;
    const data = JSON.parse(readFileSync(file, 'utf8'));
    judged += data.totals.requests;
    for (const r of data.results)
      for (const v of r.violations) {
        const key = `${v.rule}: ${v.message.replace(/"[^"]*"/g, '"…"').replace(/\d+/g, 'N')}`;
        const c = byClass.get(key) ?? { class: key, count: 0, examples: [] };
        c.count++;
        if (c.examples.length < 3) c.examples.push({ method: r.method, url: r.url, status: r.status, path: v.path, message: v.message });
        byClass.set(key, c);
      }
  }
  const classes = [...byClass.values()].sort((a, b) => b.count - a.count);
  proxyViolations = { judged, violations: classes.reduce((n, c) => n + c.count, 0), classes };
}
const summary = {
  model: name,
  seed: seedN,
  generator: ['grammar', 'grammar2'].includes(opts.generator) ? opts.generator : 'plain',
  writeGenerator: opts['write-generator'] === 'grammar' ? 'grammar' : 'plain',
  reads: tally(results.filter((x) => x.phase === 'read')),
  writes: { steps: writeSteps, ...tally(results.filter((x) => x.phase === 'write')) },
  total: tally(results),
  push: pushReport,
  ...(proxyViolations ? { proxyViolations } : {}),
  // --key-order: the answers equal in value but not in key order, by the first such path (indexes erased)
  ...(opts['key-order'] ? { keyOrders: keyOrderClasses() } : {}),
};
console.log(
  `\n== ${name} seed ${seedN}: ${summary.total.requests} requests, ${summary.total.identical} identical (${((100 * summary.total.identical) / summary.total.requests).toFixed(2)} %), ${summary.total.deliberate} deliberate, ${summary.total.different} different`,
);
console.log(`   reads ${JSON.stringify(summary.reads)}\n   writes ${JSON.stringify(summary.writes)}`);
if (proxyViolations) {
  console.log(`\n== checker on Strapi's answers: ${proxyViolations.judged} judged, ${proxyViolations.violations} violations`);
  for (const c of proxyViolations.classes)
    console.log(
      `  [${c.count}] ${c.class}\n      ${c.examples[0].method} ${c.examples[0].url} -> ${c.examples[0].status} at ${c.examples[0].path}`,
    );
}
for (const c of classList) {
  const m = c.minimal;
  console.log(
    `\n[${c.count}] ${c.signature}   ${JSON.stringify(c.phases)}\n   ${m.method} ${m.path}${m.body ? ' ' + short(m.body, 300) : ''} (auth ${m.auth})\n   strapi ${m.statusA} ${m.diff.strapi}${m.strapiMessage ? ' «' + m.strapiMessage + '»' : ''}\n   mock   ${m.statusB} ${m.diff.mock}${m.mockMessage ? ' «' + m.mockMessage + '»' : ''}   at ${m.diff.path}`,
  );
}
if (typeof opts.json === 'string')
  writeFileSync(
    opts.json,
    JSON.stringify(
      {
        summary,
        classes: classList,
        differingFeatures: Object.fromEntries(
          Object.entries(featureStats)
            .filter(([, v]) => v.different > 0)
            .sort((a, b) => b[1].different - a[1].different),
        ),
        results: opts['all-results'] ? results : undefined,
      },
      null,
      1,
    ) + '\n',
  );
