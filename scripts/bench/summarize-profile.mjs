// Summarizes a V8 .cpuprofile (from `node --cpu-prof`): self time per file and per function, hottest first.
//   node scripts/bench/summarize-profile.mjs FILE.cpuprofile [--top N]
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

//   --from-ms N: only samples taken N ms or more after the profile started (the bench passes the time its measured
//   runs began, so start-up is left out). Idle time is left out of the shares: they are shares of the busy time.
export function summarizeProfile(file, { root = process.cwd(), top = 20, fromMs = 0 } = {}) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map(); // node id → µs
  const { samples, timeDeltas } = profile;
  let at = 0;
  for (let i = 0; i < samples.length; i++) {
    at += timeDeltas[i] ?? 0;
    if (at < fromMs * 1000 || byId.get(samples[i]).callFrame.functionName === '(idle)') continue;
    self.set(samples[i], (self.get(samples[i]) ?? 0) + (timeDeltas[i] ?? 0));
  }
  let total = 0;
  for (const v of self.values()) total += v;

  const short = (url) => {
    if (!url) return '(native)';
    let p = url.startsWith('file://') ? fileURLToPath(url) : url;
    if (p.startsWith(root)) p = p.slice(root.length + 1);
    return p.replace(/^.*node_modules\//, 'node_modules/');
  };
  const byFile = new Map();
  const byFunction = new Map();
  for (const [id, us] of self) {
    const { callFrame: f } = byId.get(id);
    const fileName = short(f.url);
    const fn = `${f.functionName || '(anonymous)'}  ${fileName}${f.url ? `:${f.lineNumber + 1}` : ''}`;
    byFile.set(fileName, (byFile.get(fileName) ?? 0) + us);
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  }
  const table = (map, n) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `  ${((us / total) * 100).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(7)} ms  ${k}`)
      .join('\n');
  const query = new Map([...byFunction].filter(([k]) => k.includes('dist/core/query/')));
  return [
    `busy time sampled: ${(total / 1000).toFixed(0)} ms${fromMs ? ` (from ${(fromMs / 1000).toFixed(1)} s after start)` : ''}`,
    'self time by file:',
    table(byFile, top),
    'self time by function:',
    table(byFunction, top),
    'self time in dist/core/query/*.js:',
    table(query, top),
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [file] = process.argv.slice(2);
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? Number(process.argv[i + 1]) : fallback;
  };
  console.log(summarizeProfile(file, { top: arg('--top', 25), fromMs: arg('--from-ms', 0) }));
}
