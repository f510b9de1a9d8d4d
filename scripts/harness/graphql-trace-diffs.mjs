#!/usr/bin/env node
// Lists the answers of a graphql-run.mjs --trace file that differ, as graphql-run compared them (the same normaliser,
// fed every answer in order so fresh documentIds get the same names), with both bodies: to follow a write-phase
// difference back to its writes without running Strapi again.
//
//   node scripts/harness/graphql-trace-diffs.mjs --model <dir>|kit --trace run.jsonl [--slot 25] [--context 3]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { modelOf, parseArgs } from './graphql-strapi.mjs';
import { knownValues, normaliser, firstDiff, stripGraphqlVolatile } from './compare.mjs';

const opts = parseArgs(process.argv.slice(2));
const { name, settings } = modelOf(opts.model ?? 'kit');
const work = join(tmpdir(), `gql-harness-${name}-${Number(opts.slot ?? 25)}`);
const known = knownValues(JSON.parse(readFileSync(join(work, 'pulled.json'), 'utf8')));
const lines = readFileSync(opts.trace, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l));
const volatile = new Set(settings.volatile ?? []);
const namesA = new Map(),
  namesB = new Map();
const savedA = {},
  savedB = {};
const normA = normaliser(known, { numberIds: false, names: namesA, volatile }),
  normB = normaliser(known, { numberIds: false, names: namesB, volatile });
const context = Number(opts.context ?? 0);
lines.forEach((l, k) => {
  // the names graphql-run gives the documentIds a step saved (`save`): from each side's own answer
  if (l.save) {
    const made = (body) => Object.values(body?.data ?? {})[0];
    const pick = (v) => v?.data?.documentId ?? v?.documentId ?? v?.user?.documentId;
    const a = pick(made(l.strapi.body)),
      b = pick(made(l.mock.body));
    if (a) savedA[l.save] = a;
    if (b) savedB[l.save] = b;
  }
  for (const [saved, names] of [
    [savedA, namesA],
    [savedB, namesB],
  ])
    for (const [n, id] of Object.entries(saved)) if (!names.has(id)) names.set(id, n);
  if (l.strapi.status === 500 && l.mock.status === 400) return;
  const d =
    l.strapi.status !== l.mock.status
      ? { path: '(status)', a: l.strapi.status, b: l.mock.status }
      : firstDiff(normA(stripGraphqlVolatile(l.strapi.body)), normB(stripGraphqlVolatile(l.mock.body)));
  if (!d) return;
  console.log(`\n=== #${l.i} (${l.phase}) ${d.path}: strapi ${JSON.stringify(d.a)} | mock ${JSON.stringify(d.b)}`);
  for (const p of lines.slice(Math.max(0, k - context), k)) console.log(`  before #${p.i}: ${p.query.slice(0, 400)}`);
  console.log(`  query: ${l.query}`);
  console.log(`  strapi: ${JSON.stringify(l.strapi.body).slice(0, 3000)}`);
  console.log(`  mock:   ${JSON.stringify(l.mock.body).slice(0, 3000)}`);
});
