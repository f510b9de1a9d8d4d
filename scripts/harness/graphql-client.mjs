#!/usr/bin/env node
// A real frontend's GraphQL operations against real Strapi 5.54 (with @strapi/plugin-graphql) and content-mock, on
// the content a `graphql-run.mjs` run of the same model and slot left behind (its snapshot and pulled content).
//
//   node scripts/harness/graphql-client.mjs --model <dir> --queries <frontend source dir> [--slot 25] [--token full|read|none]
//
// Every gql`…` / graphql`…` template and every .graphql/.gql file under --queries is one operation (templates with
// `${…}` fragments are skipped: they are put together at run time). Variables are filled from the content by type and
// name: a String named like a slug/id takes each value the content holds for such a field (one request per value, up
// to 3), other scalars a plain value, input objects left out unless required. Answers compare as graphql-run's do.
import { cpSync, existsSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve, relative } from 'node:path';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import { assertPortFree, startStrapi, stopAndWait, waitHttp, mockServeArgs } from './strapi.mjs';
import { modelOf, parseArgs } from './graphql-strapi.mjs';
import { knownValues, normaliser, firstDiff, short, stripGraphqlVolatile } from './compare.mjs';
import { SCRATCH } from '../paths.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(join(root, 'package.json'));
const { parse, Kind } = require('graphql');
const opts = parseArgs(process.argv.slice(2));
if (!opts.model || !opts.queries) {
  console.error('usage: graphql-client.mjs --model <dir> --queries <frontend source dir> [--slot N] [--token full|read|none]');
  process.exit(2);
}
const { modelDir, name, settings } = modelOf(opts.model);
const slot = Number(opts.slot ?? 25);
const work = join(tmpdir(), `gql-harness-${name}-${slot}`);
const dataDest = join(SCRATCH, `gql-${name}-${slot}`);
for (const f of [join(work, 'pulled.json'), join(work, 'snapshot', 'data.db')])
  if (!existsSync(f)) throw new Error(`${f} is missing: run graphql-run.mjs --model ${opts.model} --slot ${slot} first`);
const tokenType = opts.token ?? 'full';
const token =
  tokenType === 'none' ? undefined : settings.tokens.find((t) => t.type === (tokenType === 'read' ? 'read-only' : 'full-access'))?.key;

// ---- operations
const files = [];
const walk = (d) => {
  for (const f of readdirSync(d)) {
    if (f === 'node_modules' || f.startsWith('.')) continue;
    const p = join(d, f);
    if (statSync(p).isDirectory()) walk(p);
    else if (/\.(ts|tsx|js|jsx|mjs|vue|svelte|graphql|gql)$/.test(f)) files.push(p);
  }
};
walk(resolve(opts.queries));
const operations = [];
for (const f of files) {
  const text = readFileSync(f, 'utf8');
  const sources = /\.(graphql|gql)$/.test(f)
    ? [text]
    : [...text.matchAll(/(?:gql|graphql)\s*(?:\([^)]*\))?`([\s\S]*?)`/g)].map((m) => m[1]);
  for (const source of sources) {
    if (source.includes('${')) continue;
    let doc;
    try {
      doc = parse(source);
    } catch {
      continue;
    }
    for (const def of doc.definitions)
      if (def.kind === Kind.OPERATION_DEFINITION && def.operation === 'query')
        operations.push({ file: relative(resolve(opts.queries), f), source, def });
  }
}

// ---- variables from the content
const pulled = JSON.parse(readFileSync(join(work, 'pulled.json'), 'utf8'));
/** The values the content holds for `field`, from the types whose uid the variable's name hints at first. */
const valuesOf = (field, variable) => {
  const hint = variable.replace(/slug|documentId|id$/gi, '').toLowerCase();
  const collect = (v, out) => {
    if (Array.isArray(v)) v.forEach((x) => collect(x, out));
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        if (k === field && typeof x === 'string') out.add(x);
        else collect(x, out);
      }
    return out;
  };
  const types = Object.entries(pulled.contentTypes ?? {});
  const hinted = hint ? types.filter(([uid]) => uid.toLowerCase().includes(hint)) : [];
  return [
    ...collect(
      (hinted.length > 0 ? hinted : types).map(([, t]) => t.documents),
      new Set(),
    ),
  ];
};
const named = (t) => {
  while (t.kind !== Kind.NAMED_TYPE) t = t.type;
  return t.name.value;
};
function variableSets(def) {
  const base = {};
  const choices = [];
  for (const v of def.variableDefinitions ?? []) {
    const n = v.variable.name.value;
    const type = named(v.type);
    const required = v.type.kind === Kind.NON_NULL_TYPE;
    if (type === 'String' || type === 'ID') {
      const field = /slug/i.test(n) ? 'slug' : /documentId|^id$/i.test(n) ? 'documentId' : undefined;
      const pool = field ? valuesOf(field, n).slice(0, 3) : [];
      if (pool.length > 0) choices.push([n, pool]);
      else if (required) base[n] = 'x';
    } else if (type === 'Int') base[n] = /limit|size/i.test(n) ? 5 : /page/i.test(n) ? 1 : 0;
    else if (type === 'Boolean') base[n] = true;
    else if (type === 'Date' || type === 'DateTime') base[n] = '2020-01-01';
    else if (type === 'PublicationStatus') base[n] = 'PUBLISHED';
    else if (/FilterInput$/.test(type) && required) base[n] = { gte: '2000-01-01' };
    else if (required) base[n] = null;
  }
  if (choices.length === 0) return [base];
  const [n, pool] = choices[0];
  return pool.map((value) => ({ ...base, ...Object.fromEntries(choices.map(([m, p]) => [m, p[0]])), [n]: value }));
}

// ---- servers
const strapiPort = 1400 + slot,
  mockPort = 1450 + slot;
async function startMock() {
  await assertPortFree(mockPort);
  const child = spawn(
    process.execPath,
    mockServeArgs(join(root, 'bin/content-mock.js'), {
      modelDir,
      port: mockPort,
      config: join(work, 'content-mock.config.json'),
      seed: join(work, 'pulled.json'),
    }),
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const base = `http://127.0.0.1:${mockPort}`;
  await waitHttp(`${base}/api/i18n/locales`, child.pid, 60000);
  return { pid: child.pid, base };
}
for (const f of ['data.db-journal', 'data.db-wal', 'data.db-shm']) rmSync(join(dataDest, '.tmp', f), { force: true });
cpSync(join(work, 'snapshot', 'data.db'), join(dataDest, '.tmp', 'data.db'));
rmSync(join(dataDest, 'public', 'uploads'), { recursive: true, force: true });
cpSync(join(work, 'snapshot', 'uploads'), join(dataDest, 'public', 'uploads'), { recursive: true });

const post = async (base, query, variables) => {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    return { status: res.status, body: { __nonJson: text.slice(0, 300) } };
  }
};
const strip = stripGraphqlVolatile;

let strapi, mock;
const tally = { requests: 0, identical: 0, withErrors: 0, different: [] };
try {
  strapi = await startStrapi(dataDest, strapiPort, { fresh: false });
  mock = await startMock();
  const known = knownValues(pulled);
  for (const op of operations) {
    for (const variables of variableSets(op.def)) {
      tally.requests++;
      const a = await post(strapi.base, op.source, variables);
      const b = await post(mock.base, op.source, variables);
      if (a.body?.errors) tally.withErrors++;
      const d =
        a.status !== b.status
          ? { path: '(status)', a: a.status, b: b.status }
          : firstDiff(normaliser(known, { numberIds: false })(strip(a.body)), normaliser(known, { numberIds: false })(strip(b.body)));
      if (!d) tally.identical++;
      else {
        tally.different.push({
          file: op.file,
          operation: op.def.name?.value,
          variables,
          path: d.path,
          strapi: short(d.a, 300),
          mock: short(d.b, 300),
        });
        console.log(
          `DIFF ${op.file} ${op.def.name?.value ?? ''} ${JSON.stringify(variables)}\n   ${d.path}: strapi ${short(d.a, 300)} | mock ${short(d.b, 300)}`,
        );
      }
    }
  }
} finally {
  await stopAndWait(strapi);
  await stopAndWait(mock);
}
console.log(
  `[graphql-client ${name}] ${operations.length} operations, ${tally.requests} requests: ${tally.identical} identical, ${tally.different.length} different (${tally.withErrors} answered with errors by Strapi)`,
);
if (tally.different.length > 0) process.exitCode = 1;
