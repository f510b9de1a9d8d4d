#!/usr/bin/env node
// Differential harness for GraphQL: real Strapi 5.54 with @strapi/plugin-graphql 5.54.0 against content-mock on
// the same content, with random operations generated from the schema (graphql-gen.mjs).
//
//   node scripts/harness/graphql-run.mjs --model kit|<dir> [--slot 25] [--reads 2000] [--writes 200] [--seed 1]
//       [--json out.json] [--verbose] [--config '{"depthLimit":10}'] [--count N --media N] [--record dir] [--reuse]
//       [--trace out.jsonl] [--code] [--narrow] [--without-grammar] [--without-edges]
// --without-grammar: the operations of the generator before stop 8's grammar shapes (graphql-gen-grammar.mjs).
// --without-edges: without stop 12's reads at the edges of the argument grammar (graphql-gen-edges.mjs).
// --code: the project's own server code runs on both sides (register, lifecycles, document middlewares, a GraphQL
// extension), as run.mjs --code does for REST.
// --trace appends every request with both raw answers, one JSON line each (to follow a difference back to its writes).
// --reuse keeps the content of the last run of the model on this slot (its snapshot and pulled dataset: the seed
// depends on the model only) and skips seeding, pushing and pulling: another --seed of operations on the same content.
// --record writes the pulled content, the mock's config and every operation with real Strapi's answer into `dir`
// (test/graphql/recorded-strapi.test.ts replays them against content-mock).
//
// Steps: content-mock seed -> push into a fresh Strapi copy with the plugin -> pull -> snapshot; reads against both
// (Strapi restored from the snapshot, the mock serving the pulled content); both restarted; mutation steps each
// followed by reads. Answers compare as status + JSON body, with the kit's normalisation (fresh ids and timestamps
// as tokens) and Apollo's development-only `extensions.stacktrace` left out.
import { appendFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { spawn, execFileSync, spawnSync } from 'node:child_process';
import { assertPortFree, startStrapi, stopAndWait, waitHttp, mockConfigFor, mockServeArgs } from './strapi.mjs';
import { introspectSdl, modelOf, parseArgs, prepareGraphqlApp } from './graphql-strapi.mjs';
import { makeGraphqlGenerator } from './graphql-gen.mjs';
import { extensionReads } from './graphql-gen-extension.mjs';
import { edgeReads } from './graphql-gen-edges.mjs';
import { sendGraphql } from './graphql-request.mjs';
import { createRequire } from 'node:module';
import { knownValues, normaliser, firstDiff, short, stripGraphqlVolatile, graphqlDeliberate } from './compare.mjs';
import { rng } from '../differential/rng.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const graphqlModule = createRequire(join(root, 'package.json'))('graphql');
const opts = parseArgs(process.argv.slice(2));
const m = modelOf(opts.model ?? 'kit');
const { modelDir, name, settings, apiConfigFile } = m;
const slot = Number(opts.slot ?? 25);
const nReads = Number(opts.reads ?? 2000);
const nWrites = Number(opts.writes ?? 200);
const seedN = Number(opts.seed ?? 1);
const gqlConfig = opts.config ? JSON.parse(opts.config) : {};
const withCode = opts.code === true;
const strapiPort = 1400 + slot,
  mockPort = 1450 + slot;
const work = join(tmpdir(), `gql-harness-${name}-${slot}`);
mkdirSync(work, { recursive: true });
const fullKey = settings.tokens.find((t) => t.type === 'full-access')?.key;
const log = (...a) => console.error(`[graphql ${name}]`, ...a);
const cli = (args) =>
  execFileSync(process.execPath, [join(root, 'bin/content-mock.js'), ...args], { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });

const cmConfig = { ...mockConfigFor(settings), graphql: gqlConfig };
writeFileSync(join(work, 'content-mock.config.json'), JSON.stringify(cmConfig, null, 2));
const pushConfig = join(work, 'push.config.json');
writeFileSync(pushConfig, JSON.stringify(mockConfigFor(settings), null, 2));

async function startMock(seedFile) {
  await assertPortFree(mockPort);
  const child = spawn(
    process.execPath,
    mockServeArgs(join(root, 'bin/content-mock.js'), {
      modelDir,
      port: mockPort,
      config: join(work, 'content-mock.config.json'),
      seed: seedFile,
      code: withCode,
    }),
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  process.on('exit', () => {
    try {
      process.kill(child.pid);
    } catch {}
  });
  const base = `http://127.0.0.1:${mockPort}`;
  try {
    await waitHttp(`${base}/api/i18n/locales`, child.pid, 60000);
  } catch (e) {
    throw new Error(`${e.message}\n${err.slice(-2000)}`);
  }
  return { pid: child.pid, base };
}

// ---- 1. content
const dest = prepareGraphqlApp({ name: `gql-${name}-${slot}`, modelDir, apiConfigFile, settings, graphql: gqlConfig, withCode });
// The content goes in and comes out through a copy without the project's code: its routes may rewrite a query
// (a populate middleware drops zone components), so a pull through them would miss rows the plugin's resolvers,
// which call the document service directly, read. The database is the same; its file becomes the snapshot.
const contentDest = withCode
  ? prepareGraphqlApp({ name: `gql-${name}-${slot}-content`, modelDir, apiConfigFile, settings, graphql: gqlConfig })
  : dest;
const seedFile = join(work, 'seed.json'),
  pulledFile = join(work, 'pulled.json');
const seedCfg = settings.seed ?? {};
const reuse = opts.reuse && existsSync(join(work, 'snapshot', 'data.db')) && existsSync(pulledFile);
if (reuse) log('reusing the content of the last run (snapshot and pulled dataset)');
else
  cli([
    'seed',
    '--schemas',
    modelDir,
    '--config',
    pushConfig,
    '--count',
    String(seedCfg.count ?? 8),
    '--media',
    String(seedCfg.media ?? 4),
    '--seed-value',
    `harness-${name}`,
    '--out',
    seedFile,
  ]);
let strapi;
if (!reuse) strapi = await startStrapi(contentDest, strapiPort);
if (!reuse)
  try {
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
        pushConfig,
      ],
      { encoding: 'utf8' },
    );
    if (p.status !== 0) throw new Error(`push failed (${p.status}): ${p.stderr.slice(-2000)}`);
    cli(['pull', '--from', strapi.base, '--token', fullKey, '--schemas', modelDir, '--config', pushConfig, '--out', pulledFile]);
  } finally {
    await stopAndWait(strapi);
  }
if (!reuse) {
  rmSync(join(work, 'snapshot'), { recursive: true, force: true });
  cpSync(join(contentDest, '.tmp', 'data.db'), join(work, 'snapshot', 'data.db'));
  cpSync(join(contentDest, 'public', 'uploads'), join(work, 'snapshot', 'uploads'), { recursive: true });
}
const restore = () => {
  for (const f of ['data.db-journal', 'data.db-wal', 'data.db-shm']) rmSync(join(dest, '.tmp', f), { force: true });
  cpSync(join(work, 'snapshot', 'data.db'), join(dest, '.tmp', 'data.db'));
  rmSync(join(dest, 'public', 'uploads'), { recursive: true, force: true });
  cpSync(join(work, 'snapshot', 'uploads'), join(dest, 'public', 'uploads'), { recursive: true });
};
const pulled = JSON.parse(readFileSync(pulledFile, 'utf8'));
const known = knownValues(pulled);

// ---- 2. operations, from the schema content-mock builds (the SDL test proves it is Strapi's)
const { loadModel } = await import(join(root, 'dist/project/load-model.js'));
const { buildPluginSchema } = await import(join(root, 'dist/core/graphql/build-schema.js'));
const model = await loadModel(modelDir);
const built = buildPluginSchema(model);
const r = rng(seedN * 7919 + 29);
const grammar = !opts['without-grammar'];
const gen = makeGraphqlGenerator({ schema: built.schema, built, dataset: pulled, model, r, grammar });
const reads = Array.from({ length: nReads }, () => ({ ...gen.read(), phase: 'read' }));
// stop 12's edges of the argument grammar (graphql-gen-edges.mjs): a fifth more reads, from a generator and a stream
// of their own (the seed's other reads and steps stay as they were); --without-edges leaves them out
if (!opts['without-edges'] && nReads > 0) {
  const r2 = rng(seedN * 7919 + 41);
  const g2 = makeGraphqlGenerator({ schema: built.schema, built, dataset: pulled, model, r: r2, grammar });
  reads.push(...edgeReads(g2.pieces, r2, Math.ceil(nReads / 5)).map((x) => ({ ...x, phase: 'read' })));
}
// the mutation steps draw from their own stream: the same seed gives the same steps whatever --reads is
// --narrow: the mutation steps of the runs before the wide generator (issue-25f's seeds replay as they were)
const genW = makeGraphqlGenerator({
  schema: built.schema,
  built,
  dataset: pulled,
  model,
  r: rng(seedN * 7919 + 31),
  wide: !opts.narrow,
  grammar,
});
const writeSeq = [];
for (let i = 0; i < nWrites; i++) writeSeq.push(...genW.writeStep(i).map((s) => ({ ...s, phase: 'write' })));

const auths = settings.tokens.map((t) => t.key);
async function send(base, req, saved) {
  const fill = (s) => s.replace(/\{\{(\w+)\}\}/g, (_, n) => saved[n] ?? `unsaved${n}`);
  let answer;
  for (let attempt = 0; ; attempt++) {
    try {
      answer = await sendGraphql(base, req, { fill, key: req.auth });
      break;
    } catch (e) {
      if (attempt >= 2) return { status: 0, body: { __error: String(e.message) } };
      await new Promise((ok) => setTimeout(ok, 500));
    }
  }
  const json = answer.body;
  if (req.save && json?.data) {
    const first = Object.values(json.data)[0];
    // a plugin mutation answers an entity response ({data}) or a payload ({user}); the numeric id is what the plugin's
    // mutations take
    const made = first?.data ?? first?.user ?? first;
    if (made?.documentId) saved[req.save] = made.documentId;
    if (made?.id !== undefined) saved[`${req.save}_id`] = String(made.id);
  }
  return answer;
}
const strip = stripGraphqlVolatile;

const results = [];
const recorded = [];
async function replay(list, servers) {
  const savedA = {},
    savedB = {};
  const namesA = new Map(),
    namesB = new Map();
  // values the project's own code makes random (settings.json `volatile`), as run.mjs reads them
  const volatile = new Set(settings.volatile ?? []);
  const normA = normaliser(known, { numberIds: false, names: namesA, volatile }),
    normB = normaliser(known, { numberIds: false, names: namesB, volatile });
  let i = 0;
  for (const req0 of list) {
    // a few reads as an API token (read-only or full access), the rest as the public role
    const req = { ...req0, auth: req0.phase === 'write' ? fullKey : r.next() < 0.15 ? r.pick(auths) : undefined };
    const a = await send(servers.strapi.base, req, savedA);
    const b = await send(servers.mock.base, req, savedB);
    if (opts.record)
      recorded.push({
        phase: req.phase,
        query: req.query,
        ...(req.variables ? { variables: req.variables } : {}),
        ...(req.operationName ? { operationName: req.operationName } : {}),
        ...(req.http ? { http: req.http } : {}),
        ...(req.save ? { save: req.save } : {}),
        ...(req.auth ? { token: settings.tokens.find((t) => t.key === req.auth)?.type } : {}),
        status: a.status,
        body: strip(a.body),
      });
    for (const [saved, names] of [
      [savedA, namesA],
      [savedB, namesB],
    ])
      for (const [n, id] of Object.entries(saved)) if (!n.endsWith('_id') && !names.has(id)) names.set(id, n);
    if (opts.trace)
      appendFileSync(
        opts.trace,
        JSON.stringify({
          i,
          phase: req.phase,
          query: req.query,
          variables: req.variables,
          operationName: req.operationName,
          ...(req.http ? { http: req.http } : {}),
          save: req.save,
          token: req.auth ? settings.tokens.find((t) => t.key === req.auth)?.type : undefined,
          strapi: a,
          mock: b,
        }) + '\n',
      );
    let d = null;
    // where Strapi fails with a 500 on a client mistake, the mock answers 400 (the house rule): counted apart
    if (a.status === 500 && b.status === 400) {
      results.push({ phase: req.phase, query: req.query, features: req.features, verdict: 'deliberate' });
      continue;
    }
    if (a.status !== b.status) d = { path: '(status)', a: a.status, b: b.status, kind: 'status' };
    else d = firstDiff(normA(strip(a.body)), normB(strip(b.body)));
    // the same answer but for resolver errors where Strapi fails with a 500 and the mock names the cause (house rule)
    const patched = d && graphqlDeliberate(a, b);
    if (patched && !firstDiff(normA(strip(a.body)), normB(strip(patched)))) {
      results.push({ phase: req.phase, query: req.query, features: req.features, verdict: 'deliberate' });
      continue;
    }
    const entry = {
      phase: req.phase,
      query: req.query,
      variables: req.variables,
      features: req.features,
      auth: req.auth ? 'token' : 'public',
      verdict: d ? 'different' : 'identical',
      statusA: a.status,
      statusB: b.status,
    };
    if (d) {
      entry.diff = { path: d.path, strapi: short(d.a, 300), mock: short(d.b, 300), kind: d.kind };
      entry.signature = `${req.phase} ${a.status}/${b.status} ${d.path.replace(/\[\d+\]/g, '[]').replace(/\.(first|second|a\d+)\b/g, '.<alias>')} (${d.kind})`;
      if (opts.verbose)
        console.log(
          `DIFF ${req.query.slice(0, 300)} ${req.variables ? JSON.stringify(req.variables) : ''}\n   ${entry.signature}: strapi ${entry.diff.strapi} | mock ${entry.diff.mock}`,
        );
    }
    results.push(entry);
    if (++i % 250 === 0) log(`${req.phase}: ${i}/${list.length}`);
  }
}

let mock;
let sdl;
let sdlA, sdlB;
try {
  restore();
  strapi = await startStrapi(dest, strapiPort, { fresh: false });
  mock = await startMock(pulledFile);
  // the printed schema of both, read by introspection (graphql-js printSchema)
  [sdlA, sdlB] = [await introspectSdl(strapi.base), await introspectSdl(mock.base)];
  sdl = { identical: sdlA === sdlB, chars: sdlA.length };
  if (!sdl.identical) {
    const a = sdlA.split('\n'),
      b = sdlB.split('\n');
    const at = a.findIndex((line, i) => line !== b[i]);
    sdl.firstDifference = { line: at + 1, strapi: a[at], mock: b[at] };
    // Strapi registers components in the order its glob lists their files, and glob reads the category folders
    // concurrently; it loads the plugins and the APIs in one Promise.all too (loadApplicationContext): the order of
    // types (and of GenericMorph's members, Query's and Mutation's fields) changes from one boot to another on the
    // same files. Said apart from a real difference.
    sdl.sameUpToComponentOrder = sameUpToRacyOrder(sdlA, sdlB);
    // both in full beside the run's content, to read the whole difference
    writeFileSync(join(work, 'sdl-strapi.graphql'), sdlA);
    writeFileSync(join(work, 'sdl-mock.graphql'), sdlB);
  }
  log(
    `SDL ${sdl.identical ? 'identical' : sdl.sameUpToComponentOrder ? 'identical but for the order of types (racy in Strapi)' : `different at line ${sdl.firstDifference.line}`} (${sdl.chars} chars)`,
  );
  // --code: reads of the root queries the project's GraphQL extension adds, from Strapi's printed schema, on top
  // of the generated ones (their own stream: the seed's other reads stay as they were)
  if (withCode && nReads > 0) {
    const { buildSchema } = graphqlModule;
    const extra = extensionReads({
      served: buildSchema(sdlA),
      base: built.schema,
      dataset: pulled,
      graphql: graphqlModule,
      r: rng(seedN * 7919 + 37),
      n: Math.ceil(nReads / 10),
    });
    if (extra.length) log(`${extra.length} reads of the extension's own queries`);
    reads.push(...extra.map((x) => ({ ...x, phase: 'read' })));
  }
  if (reads.length > 0) {
    await replay(reads, { strapi, mock });
    if (writeSeq.length > 0) {
      await stopAndWait(strapi);
      await stopAndWait(mock);
      restore();
      strapi = await startStrapi(dest, strapiPort, { fresh: false });
      mock = await startMock(pulledFile);
    }
  }
  if (writeSeq.length > 0) await replay(writeSeq, { strapi, mock });
} finally {
  await stopAndWait(strapi);
  await stopAndWait(mock);
}

// ---- 3. report
const tally = (list) => ({
  requests: list.length,
  identical: list.filter((x) => x.verdict === 'identical').length,
  deliberate: list.filter((x) => x.verdict === 'deliberate').length,
});
const classes = new Map();
for (const e of results.filter((x) => x.verdict === 'different')) {
  const c = classes.get(e.signature) ?? { signature: e.signature, count: 0, examples: [] };
  c.count++;
  if (c.examples.length < 3) c.examples.push(e);
  classes.set(e.signature, c);
}
const report = {
  model: name,
  seed: seedN,
  sdl,
  reads: tally(results.filter((x) => x.phase === 'read')),
  writes: { ...tally(results.filter((x) => x.phase === 'write')), mutationSteps: nWrites },
  classes: [...classes.values()].sort((a, b) => b.count - a.count),
};
const pct = (t) => ((100 * (t.identical + t.deliberate)) / Math.max(1, t.requests)).toFixed(2);
log(
  `reads ${report.reads.identical}/${report.reads.requests} identical (${pct(report.reads)} %), writes phase ${report.writes.identical}/${report.writes.requests} (${pct(report.writes)} %)`,
);
for (const c of report.classes.slice(0, 15))
  log(`  ${c.count}x ${c.signature}: strapi ${c.examples[0].diff.strapi} | mock ${c.examples[0].diff.mock}`);
if (opts.json) writeFileSync(opts.json, JSON.stringify(report, null, 2));
if (opts.record) {
  mkdirSync(opts.record, { recursive: true });
  writeFileSync(join(opts.record, 'dataset.json'), JSON.stringify(pulled));
  writeFileSync(join(opts.record, 'content-mock.config.json'), JSON.stringify(cmConfig, null, 2) + '\n');
  writeFileSync(
    join(opts.record, 'answers.json'),
    JSON.stringify({ model: name, strapi: '5.54.0', plugin: '@strapi/plugin-graphql 5.54.0', cases: recorded }),
  );
  log(`recorded ${recorded.length} answers of real Strapi into ${opts.record}`);
}

/**
 * Whether two SDLs differ only in the orders Strapi's boot races on: the order of the types, of a union's members
 * (GenericMorph), and of Query's and Mutation's fields (plugins and APIs are registered in one Promise.all). Every
 * other order (an object's fields, an input's, an enum's values) must be the same.
 */
function sameUpToRacyOrder(textA, textB) {
  const { buildSchema, printSchema, lexicographicSortSchema } = graphqlModule;
  const a = buildSchema(textA),
    b = buildSchema(textB);
  if (printSchema(lexicographicSortSchema(a)) !== printSchema(lexicographicSortSchema(b))) return false;
  const names = (t) =>
    typeof t.getFields === 'function'
      ? Object.keys(t.getFields())
      : typeof t.getValues === 'function'
        ? t.getValues().map((v) => v.name)
        : [];
  return Object.entries(a.getTypeMap()).every(
    ([name, t]) => name === 'Query' || name === 'Mutation' || names(t).join() === names(b.getType(name)).join(),
  );
}
