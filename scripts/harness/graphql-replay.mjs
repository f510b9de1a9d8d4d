#!/usr/bin/env node
// Replays the reads of a graphql-run.mjs --trace file against the current build of content-mock alone (no Strapi):
// real Strapi's answers come from the trace. The content is the run's pulled dataset (graphql-run keeps it in its
// scratch folder per model and slot), so a fix can be checked on thousands of recorded answers in seconds.
//
//   node scripts/harness/graphql-replay.mjs --model <dir>|kit --trace run.jsonl [--slot 25] [--code] [--verbose] [--only N]
import { parseArgs } from './graphql-strapi.mjs';
import { normaliser, firstDiff, short, stripGraphqlVolatile, graphqlDeliberate } from './compare.mjs';
import { replaySetup } from './replay-server.mjs';
import { sendGraphql } from './graphql-request.mjs';

const opts = parseArgs(process.argv.slice(2));
const { name, settings, lines, server, url, known } = await replaySetup(opts, 'read');
const normA = normaliser(known, { numberIds: false, names: new Map() }),
  normB = normaliser(known, { numberIds: false, names: new Map() });
const classes = new Map();
const regressions = [];
let same = 0,
  unanswered = 0,
  deliberate = 0,
  changed = 0;
try {
  for (const l of lines) {
    if (opts.only !== undefined && l.i !== Number(opts.only)) continue;
    const key = l.token ? settings.tokens.find((t) => t.type === l.token)?.key : undefined;
    const b = await sendGraphql(url, l, { key });
    const a = l.strapi;
    // real Strapi gave no answer in the run (status 0: its 30 s timeout, three times): nothing to compare
    if (a.status === 0) {
      unanswered++;
      continue;
    }
    // did this build change the answer the run saw from the mock?
    if (JSON.stringify(stripGraphqlVolatile(b.body)) !== JSON.stringify(stripGraphqlVolatile(l.mock.body))) changed++;
    if (a.status === 500 && b.status === 400) {
      deliberate++;
      continue;
    }
    const d =
      a.status !== b.status
        ? { path: '(status)', a: a.status, b: b.status, kind: 'status' }
        : firstDiff(normA(stripGraphqlVolatile(a.body)), normB(stripGraphqlVolatile(b.body)));
    if (!d) {
      same++;
      continue;
    }
    // the same answer but for resolver errors where Strapi fails with a 500 and the mock names the cause (house rule)
    const patched = graphqlDeliberate(a, b);
    if (patched && !firstDiff(normA(stripGraphqlVolatile(a.body)), normB(stripGraphqlVolatile(patched)))) {
      deliberate++;
      continue;
    }
    const before = a.status === l.mock.status && !firstDiff(normA(stripGraphqlVolatile(a.body)), normB(stripGraphqlVolatile(l.mock.body)));
    if (before) regressions.push(l.i);
    const sig = `${a.status}/${b.status} ${d.path.replace(/\[\d+\]/g, '[]').replace(/\.(first|second|a\d+)\b/g, '.<alias>')} (${d.kind})`;
    const c = classes.get(sig) ?? { sig, count: 0, examples: [] };
    c.count++;
    c.examples.push({ i: l.i, strapi: short(d.a, 200), mock: short(d.b, 200) });
    classes.set(sig, c);
    if (opts.verbose)
      console.log(
        `#${l.i} ${l.query.slice(0, 400)} ${l.variables ? JSON.stringify(l.variables) : ''}\n   ${sig}: strapi ${short(d.a, 300)} | mock ${short(d.b, 300)}`,
      );
  }
} finally {
  await server.close();
}
const total = lines.length - unanswered;
console.log(
  `${name} ${opts.trace}: ${same + deliberate}/${total} identical (${((100 * (same + deliberate)) / Math.max(1, total)).toFixed(2)} %), ${changed} answers changed since the run${unanswered ? `, ${unanswered} unanswered by Strapi (left out)` : ''}`,
);
if (regressions.length) console.log(`  identical in the run, different now: #${regressions.join(' #')}`);
for (const c of [...classes.values()].sort((x, y) => y.count - x.count))
  console.log(`  ${c.count}x ${c.sig}: e.g. #${c.examples[0].i} strapi ${c.examples[0].strapi} | mock ${c.examples[0].mock}`);
