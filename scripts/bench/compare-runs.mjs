// Sums up bench JSON files (bench/results/bench-*.json) of two or more builds run alternately on the same machine:
// per build, the median over its runs of each query's CPU per request and CPU ratio to the ceiling (same URL and new
// URL), and of the loop-held figures; each run's own figures and load average are kept beside them.
//   node scripts/bench/compare-runs.mjs LABEL=FILE[,FILE…] LABEL=FILE[,FILE…] [--out FILE.json] [--what "…"]
import { readFileSync, writeFileSync } from 'node:fs';

const median = (list) => {
  const xs = list.filter(Number.isFinite).sort((a, b) => a - b);
  if (xs.length === 0) return null;
  const m = xs.length >> 1;
  return xs.length % 2 ? xs[m] : (xs[m - 1] + xs[m]) / 2;
};
const round = (x, d = 2) => (x === null || x === undefined || !Number.isFinite(x) ? null : Number(x.toFixed(d)));

/** One run's figures, as the summary keeps them. */
function runFigures(file) {
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const queries = {};
  for (const q of r.queries) {
    queries[q.name] = {
      sameUrl: q.ours && {
        cpuUsPerReq: round(q.ours.cpuUsPerReq, 0),
        ceilingCpuUsPerReq: round(q.ceiling?.cpuUsPerReq, 0),
        cpuRatio: round(q.cpuRatio),
      },
      newUrl: q.newUrl?.ours && {
        cpuUsPerReq: round(q.newUrl.ours.cpuUsPerReq, 0),
        ceilingCpuUsPerReq: round(q.newUrl.ceiling?.cpuUsPerReq, 0),
        cpuRatio: round(q.newUrl.cpuRatio),
      },
      firstVisits: q.newUrl?.firstVisits && {
        cpuUsPerReq: round(q.newUrl.firstVisits.cpuUsPerReq, 0),
        cpuRatio: round(q.newUrl.firstVisits.cpuRatio),
      },
    };
  }
  const loopHeld = (r.loopHeld?.runs ?? [])
    .filter((l) => l.status === 'measured')
    .map((l) => ({
      heavyMB: round(l.heavyAnswers.bytes / 1e6, 1),
      cheapP50: round(l.cheap.p50, 1),
      cheapP99: round(l.cheap.p99, 1),
      cheapMax: round(l.cheap.max, 1),
      aloneP99: round(l.idleP99, 1),
      heavyAnswered: l.heavyAnswers.requests,
      heavyP50: round(l.heavyAnswers.p50, 0),
      ceiling: l.onCeiling && {
        cheapP99: round(l.onCeiling.cheap.p99, 1),
        cheapMax: round(l.onCeiling.cheap.max, 1),
        aloneP99: round(l.onCeiling.idleP99, 1),
      },
    }));
  return {
    file,
    date: r.date,
    loadAverage: [round(r.loadAverage.before[0], 1), round(r.loadAverage.after[0], 1)],
    startupMs: round(r.startupMs, 0),
    rssAfterLoadMB: round(r.memoryMB.afterLoad.rss, 0),
    queries,
    loopHeld,
  };
}

const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args.splice(i, 2)[1] : undefined;
};
const out = opt('out');
const what = opt('what');
const builds = {};
for (const arg of args) {
  const [label, files] = arg.split('=');
  builds[label] = files.split(',').map(runFigures);
}

const medians = {};
for (const [label, runs] of Object.entries(builds)) {
  const names = Object.keys(runs[0].queries);
  const pick = (mode, key) =>
    Object.fromEntries(names.map((n) => [n, round(median(runs.map((r) => r.queries[n]?.[mode]?.[key])), key === 'cpuRatio' ? 2 : 0)]));
  medians[label] = {
    runs: runs.length,
    cpuRatioSameUrl: pick('sameUrl', 'cpuRatio'),
    cpuRatioNewUrl: pick('newUrl', 'cpuRatio'),
    cpuUsPerReqSameUrl: pick('sameUrl', 'cpuUsPerReq'),
    cpuUsPerReqNewUrl: pick('newUrl', 'cpuUsPerReq'),
    cpuRatioFirstVisits: pick('firstVisits', 'cpuRatio'),
    cpuUsPerReqFirstVisits: pick('firstVisits', 'cpuUsPerReq'),
    loopHeld: runs[0].loopHeld.map((l, i) => ({
      heavyMB: l.heavyMB,
      cheapP99: round(median(runs.map((r) => r.loopHeld[i]?.cheapP99)), 1),
      aloneP99: round(median(runs.map((r) => r.loopHeld[i]?.aloneP99)), 1),
      ceilingCheapP99: round(median(runs.map((r) => r.loopHeld[i]?.ceiling?.cheapP99)), 1),
    })),
  };
}
const summary = { what, medians, runs: builds };
if (out) writeFileSync(out, JSON.stringify(summary, null, 2) + '\n');
for (const [label, m] of Object.entries(medians)) {
  console.log(`\n${label} (${m.runs} runs): CPU ratio to the ceiling, same URL / new URL / first visits; CPU µs/req same / new / first`);
  for (const n of Object.keys(m.cpuRatioSameUrl))
    console.log(
      `  ${n.padEnd(18)} ${String(m.cpuRatioSameUrl[n]).padStart(5)} / ${String(m.cpuRatioNewUrl[n]).padStart(5)} / ${String(m.cpuRatioFirstVisits[n]).padStart(5)}   ${String(m.cpuUsPerReqSameUrl[n]).padStart(5)} / ${String(m.cpuUsPerReqNewUrl[n]).padStart(5)} / ${String(m.cpuUsPerReqFirstVisits[n]).padStart(5)}`,
    );
  for (const l of m.loopHeld)
    console.log(
      `  loop held ${l.heavyMB} MB: cheap p99 ${l.cheapP99} ms (alone ${l.aloneP99}; ceiling with the same bytes ${l.ceilingCheapP99})`,
    );
}
