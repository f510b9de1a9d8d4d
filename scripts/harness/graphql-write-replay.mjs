#!/usr/bin/env node
// Replays the write phase of a graphql-run.mjs --trace file (every mutation step and the reads after it, in order)
// against the current build of content-mock alone: real Strapi's answers come from the trace, the content is the
// run's pulled dataset (graphql-run keeps it per model and slot), and the documentIds a step saves are the mock's own,
// as in the run. So a fix of a write rule can be checked on a recorded run in seconds, without Strapi.
//
//   node scripts/harness/graphql-write-replay.mjs --model <dir>|kit --trace run.jsonl [--slot 25] [--code] [--verbose]
import { parseArgs } from './graphql-strapi.mjs';
import { normaliser, firstDiff, short, stripGraphqlVolatile, graphqlDeliberate, filtersByRandomIds } from './compare.mjs';
import { replaySetup } from './replay-server.mjs';
import { sendGraphql } from './graphql-request.mjs';

const opts = parseArgs(process.argv.slice(2));
const { name, settings, lines, server, url, known } = await replaySetup(opts, 'write');
const volatile = new Set(settings.volatile ?? []);
const namesA = new Map(),
  namesB = new Map();
const normA = normaliser(known, { numberIds: false, names: namesA, volatile }),
  normB = normaliser(known, { numberIds: false, names: namesB, volatile });
const savedA = {},
  savedB = {};
// what graphql-run's send() saves from an answer: the documentId (and numeric id) of what the step made
const save = (saved, name, body) => {
  if (!name || !body?.data) return;
  const first = Object.values(body.data)[0];
  const made = first?.data ?? first?.user ?? first;
  if (made?.documentId) saved[name] = made.documentId;
  if (made?.id !== undefined) saved[`${name}_id`] = String(made.id);
};
const fill = (s) => s.replace(/\{\{(\w+)\}\}/g, (_, n) => savedB[n] ?? `unsaved${n}`);
let same = 0;
// steps that filter by the order or text of documentIds: not comparable after writes (compare.mjs filtersByRandomIds)
let apart = 0;
const classes = new Map();
try {
  for (const l of lines) {
    const key = l.token ? settings.tokens.find((t) => t.type === l.token)?.key : undefined;
    const b = await sendGraphql(url, l, { fill, key });
    const a = l.strapi;
    save(savedA, l.save, a.body);
    save(savedB, l.save, b.body);
    for (const [saved, names] of [
      [savedA, namesA],
      [savedB, namesB],
    ])
      for (const [n, id] of Object.entries(saved)) if (!n.endsWith('_id') && !names.has(id)) names.set(id, n);
    if (filtersByRandomIds(l)) {
      apart++;
      continue;
    }
    if (a.status === 500 && b.status === 400) {
      same++;
      continue;
    }
    const d =
      a.status !== b.status
        ? { path: '(status)', a: a.status, b: b.status, kind: 'status' }
        : firstDiff(normA(stripGraphqlVolatile(a.body)), normB(stripGraphqlVolatile(b.body)));
    const patched = d && graphqlDeliberate(a, b);
    if (!d || (patched && !firstDiff(normA(stripGraphqlVolatile(a.body)), normB(stripGraphqlVolatile(patched))))) {
      same++;
      continue;
    }
    const sig = `${d.path.replace(/\[\d+\]/g, '[]')} (${d.kind})`;
    const c = classes.get(sig) ?? { sig, count: 0, examples: [] };
    c.count++;
    c.examples.push({ i: l.i, strapi: short(d.a, 200), mock: short(d.b, 200) });
    classes.set(sig, c);
    if (opts.verbose) console.log(`#${l.i} ${sig}: strapi ${short(d.a, 300)} | mock ${short(d.b, 300)}`);
  }
} finally {
  await server.close();
}
const compared = lines.length - apart;
console.log(
  `${name} ${opts.trace}: write phase ${same}/${compared} identical (${((100 * same) / Math.max(1, compared)).toFixed(2)} %)` +
    (apart ? `, ${apart} steps set apart (they filter by random documentIds: chance on both sides)` : ''),
);
for (const c of [...classes.values()].sort((x, y) => y.count - x.count))
  console.log(
    `  ${c.count}x ${c.sig}: e.g. #${c.examples.map((e) => e.i).join(' #')} strapi ${c.examples[0].strapi} | mock ${c.examples[0].mock}`,
  );
