#!/usr/bin/env node
// Differential test: replays generated requests against real Strapi and content-mock and compares status + body
// with the conformance kit's normalisation. Both servers must hold the kit's dataset; for the write phase both
// must be freshly started (reads never write, so they run first).
//
//   node scripts/differential.mjs [--ref URL] [--mock URL] [--ref-token T] [--mock-token T] [--seed N]
//       [--reads-only | --writes-only] [--group G] [--grep S] [--json out.json] [--quiet] [--strict-ids]
// --strict-ids numbers fresh ids like the kit does (by default they all become one token, see compare.mjs).
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCRATCH, SHARED } from './paths.mjs';
import { knownValues, normaliser, firstDifference, short } from './differential/compare.mjs';
import { readCases } from './differential/reads.mjs';
import { writeCases } from './differential/writes.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const opts = parseArgs(process.argv.slice(2));
const ref = (opts.ref ?? 'http://127.0.0.1:1341').replace(/\/$/, '');
const mock = (opts.mock ?? 'http://127.0.0.1:1351').replace(/\/$/, '');
// the reference copy's read-only token (up.sh writes it), under the scratch folder unless named
const refTokenFile = opts['ref-token-file'] ?? process.env.CONTENT_MOCK_REF_TOKEN_FILE ?? join(SCRATCH, 'ref', '.tmp', 'api-token.txt');
const refToken = opts['ref-token'] ?? (existsSync(refTokenFile) ? readFileSync(refTokenFile, 'utf8').trim() : undefined);
const mockToken =
  opts['mock-token'] ?? JSON.parse(readFileSync(join(root, 'test/fixtures/kit/content-mock.config.json'), 'utf8')).tokens[0].key;
const dataset = JSON.parse(readFileSync(opts.dataset ?? join(SHARED, 'conformance', 'dataset.json'), 'utf8'));
const known = knownValues(dataset);
const seed = Number(opts.seed ?? 5054);

let cases = [];
if (!opts['writes-only']) cases.push(...readCases(seed));
if (!opts['reads-only']) cases.push(...writeCases());
if (typeof opts.group === 'string') cases = cases.filter((c) => c.group === opts.group);
if (typeof opts.grep === 'string') cases = cases.filter((c) => c.path.includes(opts.grep));

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

// each side keeps its own saved documentIds, so `{{name}}` resolves to what that server minted
function fill(text, saved) {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name) => saved[name] ?? `unsaved-${name}`);
}

async function send(base, token, kase, saved) {
  const path = fill(kase.path, saved);
  const headers = { ...(token && kase.auth ? { authorization: `Bearer ${token}` } : {}) };
  let body;
  if (kase.body !== undefined) {
    body = fill(JSON.stringify(kase.body), saved);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(base + path, { method: kase.method, headers, body });
  const text = await res.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = { __nonJson: text.slice(0, 200) };
  }
  if (kase.save && res.status < 300 && json?.data?.documentId) saved[kase.save] = json.data.documentId;
  return { status: res.status, body: json };
}

const savedRef = {},
  savedMock = {};
const numberIds = !!opts['strict-ids'];
const normRef = normaliser(known, { numberIds }),
  normMock = normaliser(known, { numberIds });
const tally = { compared: 0, same: 0, differ: 0, deliberate400: 0 };
const byGroup = {};
const diffs = [];
for (const kase of cases) {
  const [a, b] = [await send(ref, refToken, kase, savedRef), await send(mock, mockToken, kase, savedMock)];
  const expected = normRef(a.body),
    got = normMock(b.body);
  tally.compared++;
  const g = (byGroup[kase.group] ??= { compared: 0, differ: 0, deliberate400: 0 });
  g.compared++;
  let why = null;
  if (a.status === 500 && b.status === 400) {
    // documented deliberate difference: the mock answers a client mistake with 400 where Strapi crashes
    tally.deliberate400++;
    g.deliberate400++;
    if (opts.verbose) console.log(`500→400 ${kase.method} ${kase.path}: ${short(b.body?.error?.message)}`);
    continue;
  }
  if (a.status !== b.status)
    why = `status: strapi ${a.status}, mock ${b.status} (strapi ${short(a.body?.error?.message ?? '')}, mock ${short(b.body?.error?.message ?? '')})`;
  else why = firstDifference(expected, got);
  if (why) {
    tally.differ++;
    g.differ++;
    diffs.push({ group: kase.group, method: kase.method, path: kase.path, body: kase.body, why });
    if (!opts.quiet) console.log(`DIFF [${kase.group}] ${kase.method} ${kase.path}${kase.body ? ' ' + short(kase.body) : ''}\n     ${why}`);
  } else tally.same++;
}
console.log('\nby group:');
for (const [name, g] of Object.entries(byGroup))
  console.log(
    `  ${name.padEnd(14)} ${String(g.compared).padStart(4)} compared, ${String(g.differ).padStart(3)} differ, ${g.deliberate400} deliberate 500→400`,
  );
console.log(`\n${tally.compared} requests compared: ${tally.same} same, ${tally.differ} differ, ${tally.deliberate400} deliberate 500→400`);
if (typeof opts.json === 'string') writeFileSync(opts.json, JSON.stringify({ tally, byGroup, diffs }, null, 1) + '\n');
process.exitCode = tally.differ ? 1 : 0;
