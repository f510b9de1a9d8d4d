#!/usr/bin/env node
// Replays a short scripted sequence against a fresh real Strapi 5.54 and a fresh content-mock of the same model,
// and prints both answers side by side: to check one rule on real Strapi before (and after) changing the mock.
//   node scripts/harness/probe.mjs --model kit|test/fixtures/models/<name> --steps steps.json [--slot 0..49] [--record out.json]
// steps.json: [{ "method": "POST", "path": "/api/x?status=draft", "body": {...}, "save": "a", "auth": "full", "headers": {} }, ...]
// ("rawBody": "text" sends that text as the body, with the JSON content type unless "headers" give another)
// --code: boot both with the project's own server code (routes, controllers, middlewares, policies, lifecycles).
// --graphql: both serve the GraphQL plugin's /graphql (steps POST to it like any route); --graphql-config '<json>' gives
// the plugin's config (config/plugins graphql.config, e.g. {"apolloServer":{"allowBatchedHttpRequests":true}}) to both.
// --strapi-plugin <unpacked npm package dir> [--strapi-plugin-config '<json>']: the real Strapi copy gets that community
// plugin (a node_modules of its own: links to the reference's packages plus it, a package.json dependency, its
// config/plugins entry); the mock reads the model's own package.json and config/plugins for it.
// A step's answer documentId (a list's first) is saved under `save`; `{{a}}` in later paths and bodies is replaced by it (per side).
// --key-order: also compares the order of object keys where both answers have the same keys (Strapi's JSON text, not
// only its values: a client snapshotting answers sees it); "ORDER" lines name each path and both orders.
// `"auth": "read" | "none"` picks another token; `"headers": {...}` adds request headers. `"pick": "data.speakers"` prints only that part of the answers.
// `"upload": { "name": "a.txt", "type": "text/plain", "text": "..." }` sends that file as the multipart `files` field;
// `"saveId": "f"` saves the answer's (first) file id as `{{f}}`.
import {
  existsSync,
  readFileSync,
  writeFileSync,
  mkdirSync,
  readdirSync,
  realpathSync,
  lstatSync,
  unlinkSync,
  symlinkSync,
  rmSync,
} from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { tmpdir } from 'node:os';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import {
  assertPortFree,
  prepareApp,
  startStrapi,
  stopAndWait,
  waitHttp,
  mockConfigFor,
  mockServeArgs,
  loadApiConfig,
  findApiConfig,
} from './strapi.mjs';
import { prepareGraphqlApp } from './graphql-strapi.mjs';
import { keyOrderDiffs, stripGraphqlVolatile } from './compare.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const modelArg = arg('model');
const stepsFile = arg('steps');
if (!modelArg || !stepsFile) {
  console.error('usage: probe.mjs --model kit|<dir> --steps steps.json [--slot N]');
  process.exit(2);
}
const isKit = modelArg === 'kit';
const modelDir = isKit ? join(root, 'test/fixtures/kit/model') : resolve(modelArg);
const name = isKit ? 'kit' : modelDir.split('/').pop();
const settings = JSON.parse(
  readFileSync(isKit ? join(root, 'scripts/harness/kit-settings.json') : join(modelDir, 'settings.json'), 'utf8'),
);
const slot = Number(arg('slot', 49));
const apiConfig = isKit ? null : findApiConfig(modelDir);
// the mock's REST settings are the model's config/api.js ones, as in run.mjs (its absent flags are Strapi's defaults)
if (!settings.rest && apiConfig) settings.rest = loadApiConfig(apiConfig).rest;
const work = join(tmpdir(), `probe-${name}-${slot}`);
mkdirSync(work, { recursive: true });
const keys = {
  full: settings.tokens.find((t) => t.type === 'full-access')?.key,
  read: settings.tokens.find((t) => t.type === 'read-only')?.key,
  none: undefined,
};
// --graphql: real Strapi gets @strapi/plugin-graphql (graphql-strapi.mjs) and the mock serves /graphql
// --graphql-config '<json>': the plugin's config (config/plugins graphql.config) on both sides, e.g. its apolloServer
const graphqlConfig = JSON.parse(arg('graphql-config', '{}'));
const withGraphql = process.argv.includes('--graphql') || arg('graphql-config') !== undefined;
const cmConfig = { ...mockConfigFor(settings), ...(withGraphql ? { graphql: graphqlConfig } : {}) };
writeFileSync(join(work, 'content-mock.config.json'), JSON.stringify(cmConfig, null, 2));
const steps = JSON.parse(readFileSync(stepsFile, 'utf8'));

// --code: the project's own server code runs on both sides
const withCode = process.argv.includes('--code');
const dest = (withGraphql ? prepareGraphqlApp : prepareApp)({
  name: `probe-${name}-${slot}`,
  modelDir,
  apiConfigFile: apiConfig,
  settings,
  withCode,
  ...(withGraphql ? { graphql: graphqlConfig } : {}),
});
const extraPlugin = arg('strapi-plugin');
if (extraPlugin) addStrapiPlugin(dest, resolve(extraPlugin), JSON.parse(arg('strapi-plugin-config', '{}')));
// either side failing to start stops the other (a Strapi that refuses the project left the mock running on its port)
const started = [startStrapi(dest, 1400 + slot), startMock(1450 + slot)];
const [strapi, mock] = await Promise.all(started).catch(async (e) => {
  for (const side of await Promise.allSettled(started)) if (side.status === 'fulfilled') await side.value.stop?.();
  throw e;
});

/** The copy gets the unpacked plugin: its own node_modules (links), the dependency, and the config/plugins entry. */
function addStrapiPlugin(app, pluginDir, config) {
  const pkgOfPlugin = JSON.parse(readFileSync(join(pluginDir, 'package.json'), 'utf8'));
  const nm = join(app, 'node_modules');
  const target = realpathSync(nm);
  if (lstatSync(nm).isSymbolicLink()) {
    unlinkSync(nm);
    mkdirSync(nm);
    for (const entry of readdirSync(target)) symlinkSync(join(target, entry), join(nm, entry));
  }
  rmSync(join(nm, pkgOfPlugin.name), { recursive: true, force: true });
  symlinkSync(pluginDir, join(nm, pkgOfPlugin.name));
  const pkg = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8'));
  pkg.dependencies[pkgOfPlugin.name] = pkgOfPlugin.version;
  writeFileSync(join(app, 'package.json'), JSON.stringify(pkg, null, 2));
  const plugins = readFileSync(join(app, 'config', 'plugins.js'), 'utf8');
  const extra = `\nconst __base = module.exports;\nmodule.exports = (ctx) => ({ ...(typeof __base === 'function' ? __base(ctx) : __base), ${JSON.stringify(pkgOfPlugin.name)}: { config: ${JSON.stringify(config)} } });\n`;
  writeFileSync(join(app, 'config', 'plugins.js'), plugins.replace(/\nconst __base[\s\S]*$/, '') + extra);
  // Strapi requires `<name>/package.json` from its own (real) path, the reference's node_modules: the copy's
  // node_modules is found through NODE_PATH
  process.env.NODE_PATH = [nm, process.env.NODE_PATH].filter(Boolean).join(':');
}

async function startMock(port) {
  await assertPortFree(port);
  const child = spawn(
    process.execPath,
    mockServeArgs(join(root, 'bin/content-mock.js'), { modelDir, port, config: join(work, 'content-mock.config.json'), code: withCode }),
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const base = `http://127.0.0.1:${port}`;
  await waitHttp(`${base}/api/i18n/locales`, child.pid, 60000);
  return { base, pid: child.pid, stop: () => child.kill() };
}

const fill = (text, saved) => text.replace(/\{\{(\w+)\}\}/g, (_, k) => saved[k] ?? `{{${k}}}`);
async function send(base, step, saved) {
  // `rawBody`: the body's text as given (a malformed or empty body)
  const upload = step.upload ? new FormData() : undefined;
  upload?.append('files', new Blob([step.upload.text ?? ''], { type: step.upload.type ?? 'text/plain' }), step.upload.name);
  const body =
    upload ??
    (step.rawBody !== undefined ? fill(step.rawBody, saved) : step.body === undefined ? undefined : fill(JSON.stringify(step.body), saved));
  // "auth": "jwt:<name>" sends the JWT a step saved with "saveJwt": "<name>"
  const key = step.auth?.startsWith('jwt:') ? saved[step.auth.slice(4)] : keys[step.auth ?? 'full'];
  const res = await fetch(base + fill(step.path, saved), {
    method: step.method ?? 'GET',
    redirect: 'manual',
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(body !== undefined && !upload ? { 'content-type': 'application/json' } : {}),
      ...step.headers,
    },
    body,
  });
  const text = await res.text();
  if (step.header) console.log(`  ${base} ${step.header}: ${res.headers.get(step.header)}`);
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  // a list's first entry for a list answer
  const entry = Array.isArray(json?.data) ? json.data[0] : json?.data;
  if (step.save && entry?.documentId) saved[step.save] = entry.documentId;
  if (step.saveJwt && json?.jwt) saved[step.saveJwt] = json.jwt;
  const file = Array.isArray(json) ? json[0] : json?.data;
  if (step.saveId && file?.id !== undefined) saved[step.saveId] = String(file.id);
  if (step.save && json?.user?.documentId) saved[step.save] = json.user.documentId;
  return { status: res.status, json };
}
// answers compared without what differs by nature: documentIds and timestamps (row ids too with --no-ids)
const VOLATILE = new Set([
  'documentId',
  'createdAt',
  'updatedAt',
  'publishedAt',
  ...(process.argv.includes('--no-ids') ? ['id'] : []),
  // values the project's own code makes random (settings.json `volatile`)
  ...(settings.volatile ?? []),
]);
const strip = (v) =>
  Array.isArray(v)
    ? v.map(strip)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v)
            .filter(([k]) => !VOLATILE.has(k))
            .map(([k, x]) => [k, strip(x)]),
        )
      : v;
function diffPaths(a, b, path = '', out = []) {
  if (isDeepStrictEqual(a, b)) return out;
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) diffPaths(a[k], b[k], `${path}.${k}`, out);
  } else out.push(`${path || '.'}: strapi ${JSON.stringify(a)?.slice(0, 160)} | mock ${JSON.stringify(b)?.slice(0, 160)}`);
  return out;
}
const pick = (v, path) => (path ? path.split('.').reduce((o, k) => (o == null ? o : o[k]), v) : v);

const savedA = {},
  savedB = {};
// --record <file>: every step with real Strapi's whole answer, for tests that replay them
const record = arg('record');
const recorded = [];
try {
  for (const step of steps) {
    const a = await send(strapi.base, step, savedA);
    const b = await send(mock.base, step, savedB);
    if (record) recorded.push({ step, status: a.status, body: a.json });
    const pa = pick(a.json, step.pick),
      pb = pick(b.json, step.pick);
    const same = a.status === b.status && isDeepStrictEqual(strip(stripGraphqlVolatile(pa)), strip(stripGraphqlVolatile(pb)));
    console.log(
      `${same ? 'SAME' : 'DIFF'} ${step.method ?? 'GET'} ${step.path} ${step.body ? JSON.stringify(step.body).slice(0, 200) : ''}`,
    );
    // --diff-paths: where the two answers differ (JSON paths, volatile keys left out)
    if (!same && process.argv.includes('--diff-paths'))
      for (const d of diffPaths(strip(stripGraphqlVolatile(pa)), strip(stripGraphqlVolatile(pb))).slice(0, 20)) console.log(`  ${d}`);
    if (process.argv.includes('--key-order')) {
      const orders = keyOrderDiffs(pa, pb);
      // the same order at many paths (every entry of a list) is shown once, with its count
      const counts = new Map();
      for (const o of orders) {
        const k = o.replace(/\.\d+(?=[.:])/g, '.#');
        counts.set(k, (counts.get(k) ?? 0) + 1);
      }
      for (const [o, n] of [...counts].slice(0, 20)) console.log(`  ORDER ${o}${n > 1 ? ` (×${n})` : ''}`);
    }
    if (!same || process.argv.includes('--all')) {
      console.log(`  strapi ${a.status} ${JSON.stringify(pa)?.slice(0, 1500)}`);
      console.log(`  mock   ${b.status} ${JSON.stringify(pb)?.slice(0, 1500)}`);
    }
  }
} finally {
  if (record) writeFileSync(record, JSON.stringify(recorded, null, 2) + '\n');
  mock.stop();
  await stopAndWait(strapi);
}
