#!/usr/bin/env node
// The dependency rule of src/ (see docs/development.md, "Architecture"), checked from the import lines:
//   core  ←  store  ←  project  ←  dataset, contract  ←  mock  ←  cli
// (the three tiers, core ← project/store ← dataset/mock/contract ← cli, with an order inside each tier:
// a project loads its seed through the store's reader, and the mock serves the contract's OpenAPI document).
// An import may only point to its own top folder or to a lower layer; no folder (at any depth) may be part of an
// import cycle, type-only imports included; core/ imports no Node built-in and no I/O or framework package.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const LAYERS = { core: 0, store: 1, project: 2, dataset: 3, contract: 3, mock: 4, cli: 5, 'index.ts': 6 };
const CORE_FORBIDDEN = /^(node:|fs$|path$|crypto$|http$|express|lowdb|chokidar|yargs|busboy)/;
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function listFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Every import of every file under `srcDir`: [fromFile, toFileOrPackage], paths relative to srcDir. */
export function importEdges(srcDir) {
  const edges = [];
  for (const file of listFiles(srcDir)) {
    const from = relative(srcDir, file).split('\\').join('/');
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2];
      const to = spec.startsWith('.') ? posix.normalize(posix.join(posix.dirname(from), spec)).replace(/\.js$/, '.ts') : spec;
      edges.push([from, to, spec.startsWith('.')]);
    }
  }
  return edges;
}

const top = (path) => (path.includes('/') ? path.split('/')[0] : path);

/** Folder-level cycles at every depth (strongly connected components of size > 1). */
function folderCycles(edges) {
  const cycles = [];
  const maxDepth = Math.max(...edges.map(([f]) => f.split('/').length - 1));
  for (let depth = 1; depth <= maxDepth; depth++) {
    const folderOf = (p) => p.split('/').slice(0, depth).join('/');
    const graph = new Map();
    for (const [from, to, local] of edges) {
      if (!local || from.split('/').length <= depth || to.split('/').length <= depth) continue;
      const a = folderOf(from);
      const b = folderOf(to);
      if (a === b || dirname(a) !== dirname(b)) continue; // only siblings: a parent and its child are one unit
      if (!graph.has(a)) graph.set(a, new Set());
      graph.get(a).add(b);
    }
    for (const scc of stronglyConnected(graph)) if (scc.length > 1) cycles.push(scc.sort());
  }
  return cycles;
}

function stronglyConnected(graph) {
  let index = 0;
  const stack = [];
  const meta = new Map();
  const out = [];
  const visit = (v) => {
    meta.set(v, { index, low: index, onStack: true });
    index++;
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!meta.has(w)) {
        visit(w);
        meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).low);
      } else if (meta.get(w).onStack) meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).index);
    }
    if (meta.get(v).low === meta.get(v).index) {
      const scc = [];
      let w;
      do {
        w = stack.pop();
        meta.get(w).onStack = false;
        scc.push(w);
      } while (w !== v);
      out.push(scc);
    }
  };
  for (const v of graph.keys()) if (!meta.has(v)) visit(v);
  return out;
}

/** The rule's violations, as readable lines; empty when the layout holds. */
export function checkArchitecture(srcDir) {
  const edges = importEdges(srcDir);
  const problems = [];
  for (const [from, to, local] of edges) {
    const a = top(from);
    if (!(a in LAYERS)) problems.push(`${from}: top folder "${a}" is not in the layer map`);
    if (local) {
      const b = top(to);
      if (a !== b && !(LAYERS[b] < LAYERS[a]))
        problems.push(`${from} imports ${to}: ${a} (layer ${LAYERS[a]}) may not import ${b} (layer ${LAYERS[b]})`);
    } else if (a === 'core' && CORE_FORBIDDEN.test(to))
      problems.push(`${from} imports "${to}": core/ must stay free of Node built-ins, I/O and frameworks`);
  }
  for (const cycle of folderCycles(edges)) problems.push(`folder cycle: ${cycle.join(' ⇄ ')}`);
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const srcDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'src');
  const problems = checkArchitecture(srcDir);
  for (const p of problems) console.log(p);
  console.log(problems.length === 0 ? 'architecture: ok' : `architecture: ${problems.length} problem(s)`);
  process.exitCode = problems.length === 0 ? 0 : 1;
}
