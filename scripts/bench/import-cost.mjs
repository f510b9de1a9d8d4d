// Where a seed import's main-thread time goes, in process and without the server: each variant runs in a fresh
// process (its own heap), the rounds alternate the variants, and each prints the main thread's CPU (/proc), the
// garbage collector's time by kind and the heap after. The server's start-up (startup-time.mjs) adds the module
// loading before the import (~0.4 s) and the read-ahead thread's competition for the cores.
//   node scripts/bench/import-cost.mjs --seed FILE [--rounds 3] [--variants parse,import,…] [--dist DIR]
// Variants:
//   outline, outline-shrinking, outline-aside, shrink   the read-ahead thread's work: the outline of the file; the outline
//                         shrinking each snapshot on its walk of it (as serve runs it); the same setting components,
//                         zones, json and blocks aside (as `serve --memory` runs it); shrinking every snapshot on a walk of its own
//   parse                 JSON.parse of every snapshot, nothing kept: the floor of an import that parses them all
//   parse-keep            the same, every parsed snapshot kept: the floor of any import that keeps each of them as
//                         objects, whatever it converts (the garbage collector copies what survives)
//   import                DatasetImporter over every snapshot, as serve imports a seed
//   import-light          the same with the model's heavy attributes (json, blocks, components, dynamic zones) left
//                         out: the floor of an import that keeps those values as text until read
//   parse-shrunk, parse-shrunk-keep, import-shrunk, import-shrunk-light   the same over the snapshots shrunk beforehand (what the
//                         import reads of them, see shrink-snapshot.ts): the floor of a parse that skips the rest
// Linux (/proc) only. The seed: `npm run bench -- --articles N` writes $TMPDIR/content-mock-bench/seed-N.json.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const argv = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : fallback;
};
const seed = opt('seed');
if (!seed) {
  console.error('import-cost: --seed FILE is required (npm run bench -- --articles N writes one)');
  process.exit(2);
}
const dist = resolve(opt('dist', join(root, 'dist')));
const ALL = [
  'outline',
  'outline-shrinking',
  'outline-aside',
  'shrink',
  'parse',
  'parse-keep',
  'import',
  'import-light',
  'parse-shrunk',
  'parse-shrunk-keep',
  'import-shrunk',
  'import-shrunk-light',
];
const variant = opt('variant');

if (variant) {
  console.log(JSON.stringify(await runVariant(variant)));
} else {
  const variants = opt('variants', ALL.join(',')).split(',');
  const rounds = Number(opt('rounds', 3));
  const results = Object.fromEntries(variants.map((v) => [v, []]));
  for (let r = 0; r < rounds; r++) {
    for (const v of variants) {
      const load = loadavg()[0];
      const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--seed', seed, '--dist', dist, '--variant', v], {
        encoding: 'utf8',
        maxBuffer: 1 << 20,
      });
      if (child.status !== 0) throw new Error(`variant ${v} failed:\n${child.stderr}`);
      const run = { ...JSON.parse(child.stdout.trim().split('\n').pop()), load: Number(load.toFixed(1)) };
      results[v].push(run);
      console.log(JSON.stringify({ variant: v, round: r + 1, ...run }));
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const summary = Object.fromEntries(
    variants.map((v) => [v, { mainMs: median(results[v].map((x) => x.mainMs)), runs: results[v].map((x) => x.mainMs) }]),
  );
  console.log(JSON.stringify({ seed, dist, rounds, median: summary }));
}

async function runVariant(name) {
  const load = (path) => import(pathToFileURL(join(dist, path)).href);
  const { outline } = await load('store/seed-outline.js');
  const { DatasetImporter, datasetLocales } = await load('core/data/import-dataset.js');
  const { shrinkPlanOf, SnapshotShrinker } = await load('store/shrink-snapshot.js');
  const { loadModel } = await load('project/load-model.js');
  const bytes = readFileSync(seed);
  const measured = (work) => {
    const gc = {};
    const kinds = {
      [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
      [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
      [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
      [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
    };
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const kind = kinds[e.detail?.kind] ?? 'other';
        gc[kind] = (gc[kind] ?? 0) + e.duration;
      }
    });
    observer.observe({ entryTypes: ['gc'] });
    const cpu0 = threadCpuMs();
    const all0 = processCpuMs();
    const t0 = performance.now();
    const kept = work();
    // allMs: every thread's, the garbage collector's helpers too (on two cores they compete with the read-ahead thread)
    const out = { mainMs: threadCpuMs() - cpu0, allMs: processCpuMs() - all0, wallMs: Math.round(performance.now() - t0) };
    return new Promise((ok) =>
      setTimeout(() => {
        observer.disconnect();
        ok({
          ...out,
          gcMs: Object.fromEntries(Object.entries(gc).map(([k, v]) => [k, Math.round(v)])),
          heapMb: Math.round(process.memoryUsage().heapUsed / 1e6),
          kept: kept ?? 0,
        });
      }, 50),
    );
  };
  if (name === 'outline') return measured(() => void outline(bytes, seed));
  if (name === 'outline-shrinking' || name === 'outline-aside') {
    // the thread's walk as serve runs it: each document shrunk on the outline's walk of it (the plan made beforehand)
    const head = outline(bytes, seed).meta;
    const model = await loadModel(join(root, 'test', 'fixtures', 'kit', 'model'), { locales: datasetLocales(head) });
    const shrinker = new SnapshotShrinker(shrinkPlanOf(model, head.media, name === 'outline-aside'));
    let shrinking;
    return measured(() => {
      let kept = 0;
      outline(bytes, seed, {
        head: () => {},
        typeStart: () => {},
        walker: (key, members) => {
          shrinking = shrinker.typeOf(key, members);
          if (shrinking === undefined) return undefined;
          shrinker.begin(shrinking);
          return (buf, start) => shrinker.document(buf, start);
        },
        documents: (_key, slices) => {
          if (shrinking !== undefined && shrinker.take(slices)) kept += slices.length;
        },
        typeEnd: () => (shrinking = undefined),
      });
      return kept;
    });
  }
  const { meta, documents } = outline(bytes, seed);
  const model = await loadModel(join(root, 'test', 'fixtures', 'kit', 'model'), { locales: datasetLocales(meta) });
  const plan = shrinkPlanOf(model, meta.media);
  const shrinkAll = () => {
    const shrinker = new SnapshotShrinker(plan);
    const out = new Map();
    for (const [key, entry] of Object.entries(meta.contentTypes)) {
      const uid = shrinker.typeOf(key, entry);
      const slices = documents.get(key) ?? [];
      out.set(
        key,
        uid ? shrinker.shrink(bytes, slices, uid) : { bytes, extents: new Float64Array(slices.flatMap((s) => [s.start, s.end])) },
      );
    }
    return out;
  };
  if (name === 'shrink') return measured(() => void shrinkAll());
  // the documents to parse, per type key: [text, extents]
  const input = new Map();
  if (name.includes('shrunk')) for (const [key, s] of shrinkAll()) input.set(key, [s.bytes, s.extents]);
  else for (const [key, slices] of documents) input.set(key, [bytes, new Float64Array(slices.flatMap((s) => [s.start, s.end]))]);
  const parseEach = (each) => {
    for (const [key, [text, at]] of input)
      for (let i = 0; i < at.length; i += 2) each(key, JSON.parse(text.toString('utf8', at[i], at[i + 1])));
  };
  if (name.startsWith('parse') && name.endsWith('keep')) {
    const kept = [];
    globalThis.kept = kept;
    return measured(() => (parseEach((_key, snap) => kept.push(snap)), kept.length));
  }
  if (name.startsWith('parse')) return measured(() => void parseEach(() => {}));
  const used = name.endsWith('light') ? lightModel(model) : model;
  return measured(() => {
    const importer = new DatasetImporter(used);
    importer.setLocales(meta.locales);
    importer.addMedia(meta.media ?? []);
    const types = new Map(Object.entries(meta.contentTypes).map(([key, entry]) => [key, importer.typeFor(key, entry)]));
    parseEach((key, snap) => {
      const type = types.get(key);
      if (type) importer.addSnapshot(type, snap);
    });
    const store = importer.finish();
    globalThis.kept = store;
    return Object.values(store.types).reduce((n, rows) => n + rows.length, 0);
  });
}

/** The model with every type's json, blocks, component and dynamic zone attributes left out. */
function lightModel(model) {
  const heavy = (a) =>
    a.kind === 'component' || a.kind === 'dynamiczone' || (a.kind === 'scalar' && (a.type === 'json' || a.type === 'blocks'));
  const contentTypes = new Map(
    [...model.contentTypes].map(([uid, t]) => [uid, { ...t, attributes: new Map([...t.attributes].filter(([, a]) => !heavy(a))) }]),
  );
  return { ...model, contentTypes };
}

/** utime + stime of this process (all its threads), in ms. */
function processCpuMs() {
  return cpuMsOf(`/proc/${process.pid}/stat`);
}

/** utime + stime of this process's main thread, in ms. */
function threadCpuMs() {
  return cpuMsOf(`/proc/${process.pid}/task/${process.pid}/stat`);
}

function cpuMsOf(stat) {
  const fields = readFileSync(stat, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
