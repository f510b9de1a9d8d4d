#!/usr/bin/env node
// Real clients against real Strapi 5.54 and content-mock: the same scripted sequence through each client, each
// answer as the client sees it (its return value, or its error: class, status, content-type, parsed body), compared
// with the kit's normalisation (fresh ids, documentIds and timestamps become tokens; key order ignored).
//
//   node scripts/clients/run.mjs --model kit|<dir> [--slot 28] [--json out.json] [--verbose]
//   node scripts/clients/run.mjs --strapi URL --mock URL --pulled pulled.json --model kit|<dir> --token KEY
//
// With --model alone it runs the harness (scripts/harness/run.mjs --until 0) to get both servers up from the same
// content, then stops it. Clients: @strapi/client (the official SDK, a devDependency), qs + fetch as Strapi's docs
// show, and community SDKs found in --clients DIR (default ../clients next to the scratch folder: `npm install strapi-sdk-js` there).
// The servers are changed by the sequence (writes): restart them (rerun the harness) before a second run.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { KIT_MODEL, SCRATCH } from '../paths.mjs';
import { spawn } from 'node:child_process';
import qs from 'qs';
import { strapi as strapiClient } from '@strapi/client';
import { loadModel } from '../harness/model.mjs';
import { knownValues, normaliser, firstDiff, short } from '../harness/compare.mjs';
import { scenario } from './scenario.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const opts = {};
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i];
  if (!a.startsWith('--')) continue;
  const next = process.argv[i + 1];
  if (next === undefined || next.startsWith('--')) opts[a.slice(2)] = true;
  else opts[a.slice(2)] = process.argv[++i];
}
if (!opts.model) {
  console.error('usage: run.mjs --model kit|<dir> [--slot N] [--json F] | --strapi URL --mock URL --pulled F --token K');
  process.exit(2);
}
const isKit = opts.model === 'kit';
const modelDir = isKit ? KIT_MODEL : resolve(opts.model);
const settings = JSON.parse(
  readFileSync(isKit ? join(root, 'scripts/harness/kit-settings.json') : join(modelDir, 'settings.json'), 'utf8'),
);
const token = opts.token ?? settings.tokens.find((t) => t.type === 'full-access')?.key;
const log = (...a) => console.error('[clients]', ...a);

// ---- servers
let harness = null;
let strapiBase = opts.strapi,
  mockBase = opts.mock,
  pulledFile = opts.pulled;
if (!strapiBase) {
  const slot = Number(opts.slot ?? 28);
  const name = isKit ? 'kit' : modelDir.split('/').pop();
  harness = spawn(
    process.execPath,
    [join(root, 'scripts/harness/run.mjs'), '--model', opts.model, '--slot', String(slot), '--skip-reads', '--writes', '1', '--until', '0'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let err = '';
  await new Promise((ok, fail) => {
    harness.stderr.on('data', (d) => {
      err += d;
      const m = /stopped after write #0: strapi (\S+), mock (\S+?)[ ,]/.exec(err);
      if (m) {
        strapiBase = m[1];
        mockBase = m[2];
        ok();
      }
    });
    harness.on('exit', (code) => fail(new Error(`harness exited ${code}:\n${err.slice(-3000)}`)));
  });
  pulledFile = join(tmpdir(), `harness-${name}-${slot}`, 'pulled.json');
  log(`servers up: strapi ${strapiBase}, mock ${mockBase}`);
}
const stopHarness = () => {
  if (harness && harness.exitCode === null) harness.kill('SIGTERM');
};
process.on('exit', stopHarness);

// ---- clients
const require = createRequire(join(resolve(opts.clients ?? join(SCRATCH, '..', 'clients')), 'package.json'));
let StrapiSdkJs = null;
try {
  StrapiSdkJs = require('strapi-sdk-js').default ?? require('strapi-sdk-js');
} catch {
  log('strapi-sdk-js not found in --clients dir: skipped');
}

const pulled = JSON.parse(readFileSync(pulledFile, 'utf8'));
const model = loadModel(modelDir);
const known = knownValues(pulled);

/** What a client sees of a thrown error: its class, the HTTP status and content-type, the parsed body. */
async function seenError(e) {
  const out = { error: e?.name ?? String(e) };
  const res = e?.response;
  if (res && typeof res.status === 'number' && typeof res.headers?.get === 'function') {
    out.status = res.status;
    out.contentType = res.headers.get('content-type');
    const text = await res.text().catch(() => '');
    try {
      out.body = text ? JSON.parse(text) : text;
    } catch {
      out.body = { nonJson: text.slice(0, 200) };
    }
  } else if (res && typeof res.status === 'number') {
    // axios
    out.status = res.status;
    out.contentType = res.headers?.['content-type'] ?? null;
    out.body = res.data;
  } else if (e && typeof e === 'object' && 'error' in e && 'data' in e) {
    out.body = e; // strapi-sdk-js rethrows the body
  } else out.message = String(e?.message ?? e);
  return out;
}

/** fetch as a frontend does it: qs with encodeValuesOnly, JSON or FormData bodies; status, content-type, body. */
function fetchClient(base, auth) {
  return async function call(method, path, { query, json, form, headers = {}, bearer } = {}) {
    const q = query ? qs.stringify(query, { encodeValuesOnly: true }) : '';
    const h = { ...headers };
    const b = bearer === undefined ? auth : bearer;
    if (b) h.Authorization = `Bearer ${b}`;
    let body;
    if (json !== undefined) {
      body = JSON.stringify(json);
      h['Content-Type'] = 'application/json';
    } else if (form) body = form();
    const res = await fetch(`${base}/api${path}${q ? '?' + q : ''}`, { method, headers: h, body });
    const text = await res.text();
    let parsed;
    try {
      parsed = text ? JSON.parse(text) : '';
    } catch {
      parsed = { nonJson: text.slice(0, 200) };
    }
    const out = { status: res.status, contentType: res.headers.get('content-type'), body: parsed };
    if (res.headers.get('allow')) out.allow = res.headers.get('allow');
    // cookies as a browser keeps them: name and attributes (the value is a fresh token on each side)
    const cookies = res.headers
      .getSetCookie()
      .map((c) =>
        c
          .replace(/^([^=]+)=[^;]*/, (_, n) => `${n}=<value>`)
          .replace(/expires=[^;]+/i, (e) => (/1970/.test(e) ? 'expires=<epoch>' : 'expires=<date>')),
      );
    if (cookies.length) out.setCookie = cookies;
    const raw = res.headers.getSetCookie().map((c) => c.split(';')[0]);
    if (raw.length) Object.defineProperty(out, 'cookies', { value: raw, enumerable: false });
    return out;
  };
}

function clientsFor(base) {
  return {
    official: strapiClient({ baseURL: `${base}/api`, auth: token }),
    officialPublic: strapiClient({ baseURL: `${base}/api` }),
    fetch: fetchClient(base, token),
    fetchPublic: fetchClient(base, null),
    sdk: StrapiSdkJs ? new StrapiSdkJs({ url: base, axiosOptions: { headers: { Authorization: `Bearer ${token}` } } }) : null,
    sdkPublic: StrapiSdkJs ? new StrapiSdkJs({ url: base }) : null,
    sdkWith: StrapiSdkJs ? (jwt) => new StrapiSdkJs({ url: base, axiosOptions: { headers: { Authorization: `Bearer ${jwt}` } } }) : null,
  };
}

// ---- run
const steps = scenario({ model, pulled, hasSdk: !!StrapiSdkJs });
const sides = { strapi: { base: strapiBase, saved: {} }, mock: { base: mockBase, saved: {} } };
for (const s of Object.values(sides)) s.clients = clientsFor(s.base);
const names = { strapi: new Map(), mock: new Map() };
const norms = {
  strapi: normaliser(known, { numberIds: true, names: names.strapi }),
  mock: normaliser(known, { numberIds: true, names: names.mock }),
};
// values no two servers share: tokens, fresh upload hashes (name_<10 hex>) and the URLs built on them
const scrub = (v) => {
  if (Array.isArray(v)) return v.map(scrub);
  if (v && typeof v === 'object') {
    const o = {};
    for (const [k, x] of Object.entries(v)) o[k] = (k === 'jwt' || k === 'refreshToken') && typeof x === 'string' ? jwtShape(x) : scrub(x);
    return o;
  }
  if (typeof v === 'string') return v.replace(/_[0-9a-f]{10}(?=\.|$|")/g, '_<hash>');
  return v;
};

// a JWT differs in its signature and times; what a client may read is its claims and lifespan
function jwtShape(token) {
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
    const life = typeof claims.exp === 'number' ? Math.round((claims.exp - (claims.iat ?? Date.now() / 1000)) / 3600) : null;
    return `<jwt ${Object.keys(claims).sort().join(',')} lifespan ${life} h>`;
  } catch {
    return '<not a jwt>';
  }
}

const results = [];
for (const step of steps) {
  const seen = {};
  for (const [side, s] of Object.entries(sides)) {
    try {
      const value = await step.run(s.clients, s.saved);
      seen[side] = { value: value === undefined ? '<undefined>' : value };
    } catch (e) {
      seen[side] = await seenError(e);
    }
    for (let save = step.save; save; save = save.also) {
      const id = save.pick(seen[side].value ?? {});
      if (id !== undefined) {
        s.saved[save.name] = id;
        if (typeof id === 'string') names[side].set(id, save.name);
      }
    }
  }
  const a = scrub(norms.strapi(seen.strapi)),
    b = scrub(norms.mock(seen.mock));
  const d = firstDiff(a, b);
  const entry = { client: step.client, name: step.name, verdict: d ? 'different' : 'identical' };
  if (d) {
    entry.diff = { path: d.path, strapi: short(d.a, 300), mock: short(d.b, 300), kind: d.kind };
    entry.strapi = short(a, 600);
    entry.mock = short(b, 600);
  }
  if (opts.verbose || d)
    console.log(
      `${d ? 'DIFF' : 'same'} [${step.client}] ${step.name}${d ? `\n   at ${d.path}: strapi ${entry.diff.strapi} | mock ${entry.diff.mock}` : ''}`,
    );
  results.push(entry);
}
stopHarness();

const byClient = {};
for (const r of results) {
  const c = (byClient[r.client] ??= { requests: 0, identical: 0, different: 0 });
  c.requests++;
  c[r.verdict]++;
}
console.log(`\n== clients vs ${isKit ? 'kit' : modelDir}: ${results.length} steps`);
for (const [c, t] of Object.entries(byClient))
  console.log(`   ${c}: ${t.requests} steps, ${t.identical} identical, ${t.different} different`);
if (typeof opts.json === 'string') writeFileSync(opts.json, JSON.stringify({ byClient, results }, null, 1) + '\n');
if (existsSync('/dev/null')) process.exitCode = results.some((r) => r.verdict === 'different') ? 1 : 0;
