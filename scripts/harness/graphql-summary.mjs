#!/usr/bin/env node
// Folds graphql-run.mjs reports (--json, one per model and seed) into one small summary: per model, whether the
// printed SDL is identical and the share of identical reads per seed, with the remaining classes of differences.
//
//   node scripts/harness/graphql-summary.mjs --out scripts/harness/reports/issue-25-queries-501-502.json report.json...
import { readFileSync, writeFileSync } from 'node:fs';

const args = process.argv.slice(2);
const out = args[args.indexOf('--out') + 1];
const files = args.filter((a, i) => a !== '--out' && args[i - 1] !== '--out');
const models = new Map();
for (const file of files) {
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const m = models.get(r.model) ?? { model: r.model, sdl: undefined, seeds: {} };
  if (r.sdl) m.sdl = m.sdl === false ? false : r.sdl.identical;
  if (r.sdl && !r.sdl.identical) m.sdlFirstDifference = r.sdl.firstDifference;
  const ok = r.reads.identical + r.reads.deliberate;
  m.seeds[r.seed] = {
    reads: r.reads.requests,
    identical: r.reads.identical,
    deliberate: r.reads.deliberate,
    percent: Number(((100 * ok) / Math.max(1, r.reads.requests)).toFixed(2)),
    classes: r.classes.map((c) => ({
      count: c.count,
      signature: c.signature,
      strapi: c.examples[0]?.diff?.strapi?.slice(0, 160),
      mock: c.examples[0]?.diff?.mock?.slice(0, 160),
    })),
  };
  models.set(r.model, m);
}
const list = [...models.values()].sort((a, b) => a.model.localeCompare(b.model));
const summary = {
  what: 'GraphQL reads (query side of issue 25): real Strapi 5.54 + @strapi/plugin-graphql 5.54.0 against content-mock, 2,000 random queries per model and seed (scripts/harness/graphql-run.mjs --reads 2000 --writes 0), SDL compared by introspection',
  bar: '>= 99.5 % identical (data and errors), SDL identical',
  models: list,
  below: list.flatMap((m) =>
    Object.entries(m.seeds)
      .filter(([, s]) => s.percent < 99.5)
      .map(([seed, s]) => `${m.model} ${seed}: ${s.percent} %`),
  ),
};
writeFileSync(out, JSON.stringify(summary, null, 2) + '\n');
console.error(`wrote ${out}: ${list.length} models; below the bar: ${summary.below.join(', ') || 'none'}`);
