#!/usr/bin/env node
// End-to-end test of `content-mock check` and `content-mock proxy` against a real Strapi 5 (the reference app in
// ../shared/strapi-reference). Not part of `npm test`: booting Strapi takes seconds, installing it minutes.
//
//   npm run test:strapi
//   env: STRAPI_DIR (default ../shared/strapi-reference, scripts/paths.mjs), STRAPI_PORT (1337), PROXY_PORT (4011), KIT_DIR (../conformance),
//        KEEP_STRAPI=1 (leave it running), NO_FRESH=1 (reuse a running Strapi; the mutating kit cases are then skipped)
//
// Passes when: check finds zero violations; every kit case (golden.json) gets the same verdict through the proxy as
// directly; every check request gets byte-identical answers through the proxy; the proxy reports zero violations.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REFERENCE_APP } from './paths.mjs';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const STRAPI_DIR = resolve(process.env.STRAPI_DIR ?? REFERENCE_APP);
const KIT = resolve(process.env.KIT_DIR ?? join(STRAPI_DIR, '..', 'conformance'));
const PORT = Number(process.env.STRAPI_PORT ?? 1337);
const PROXY_PORT = Number(process.env.PROXY_PORT ?? 4011);
const TARGET = `http://127.0.0.1:${PORT}`;
const PROXY = `http://127.0.0.1:${PROXY_PORT}`;
const OUT = join(ROOT, '.tmp', 'test-strapi');
const CLI = join(ROOT, 'bin', 'content-mock.js');
mkdirSync(OUT, { recursive: true });

const failures = [];
const step = (msg) => console.log(`\n[test:strapi] ${msg}`);
const run = (cmd, args, opts = {}) => {
  try {
    return {
      code: 0,
      out: execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 << 20, ...opts }),
    };
  } catch (e) {
    return { code: e.status ?? 1, out: String(e.stdout ?? '') };
  }
};

step('building content-mock (tsc -p tsconfig.build.json)');
execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });

if (!process.env.NO_FRESH) {
  step(`starting Strapi from ${STRAPI_DIR} on port ${PORT} (./up.sh --fresh; the first run installs ~720 MB)`);
  execFileSync('./up.sh', ['--fresh'], {
    cwd: STRAPI_DIR,
    stdio: 'inherit',
    env: { ...process.env, PORT: String(PORT), npm_config_nodedir: process.env.npm_config_nodedir ?? '/usr' },
  });
}
const token = readFileSync(join(STRAPI_DIR, '.tmp', 'api-token.txt'), 'utf8').trim();
let proxy;
try {
  step('content-mock check (read-only suite derived from the model), expecting zero violations');
  const checkReport = join(OUT, 'check.json');
  const check = run(
    'node',
    [CLI, 'check', '--target', TARGET, '--schemas', STRAPI_DIR, '--token', token, '--report', checkReport, '--quiet'],
    { cwd: ROOT },
  );
  console.log(check.out.trim().split('\n').slice(-3).join('\n'));
  const checkData = JSON.parse(readFileSync(checkReport, 'utf8'));
  console.log(`check: exit ${check.code}, ${checkData.totals.requests} requests, ${checkData.totals.violations} violations`);
  if (check.code !== 0 || checkData.totals.violations !== 0)
    failures.push(`check: exit ${check.code}, ${checkData.totals.violations} violations (see ${checkReport})`);

  step(`starting content-mock proxy on ${PROXY}`);
  const proxyReport = join(OUT, 'proxy.json');
  proxy = spawn(
    'node',
    [CLI, 'proxy', '--target', TARGET, '--schemas', STRAPI_DIR, '--token', token, '--port', String(PROXY_PORT), '--report', proxyReport],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const proxyLog = [];
  proxy.stderr.on('data', (d) => proxyLog.push(String(d)));
  await new Promise((ok, bad) => {
    proxy.stdout.on('data', (d) => (String(d).includes('content-mock proxy:') ? ok() : undefined));
    proxy.once('exit', (code) => bad(new Error(`proxy exited with ${code}: ${proxyLog.join('')}`)));
  });

  step('byte-for-byte: every check request directly and through the proxy');
  let byteDiffs = 0;
  const headers = { authorization: `Bearer ${token}` };
  for (const r of checkData.results) {
    const [a, b] = await Promise.all([fetch(TARGET + r.url, { headers }), fetch(PROXY + r.url, { headers })]);
    const [ta, tb] = await Promise.all([a.text(), b.text()]);
    if (a.status !== b.status || ta !== tb || a.headers.get('content-type') !== b.headers.get('content-type')) {
      byteDiffs++;
      console.log(`DIFF ${r.url}: ${a.status} vs ${b.status}`);
    }
  }
  console.log(`${checkData.results.length} requests compared, ${byteDiffs} differences`);
  if (byteDiffs) failures.push(`${byteDiffs} answers differ through the proxy`);

  step('the kit cases (golden.json, read-only) directly and through the proxy');
  const kit = (base, json, extra = []) =>
    run('node', [
      join(KIT, 'run.mjs'),
      'check',
      '--base',
      base,
      '--golden',
      join(KIT, 'golden.json'),
      '--dataset',
      join(KIT, 'dataset.json'),
      '--token',
      token,
      '--json',
      json,
      ...extra,
    ]);
  kit(TARGET, join(OUT, 'kit-direct.json'), ['--read-only']);
  kit(PROXY, join(OUT, 'kit-proxy.json'), ['--read-only']);
  const direct = JSON.parse(readFileSync(join(OUT, 'kit-direct.json'), 'utf8')).results;
  const proxied = new Map(JSON.parse(readFileSync(join(OUT, 'kit-proxy.json'), 'utf8')).results.map((r) => [r.name, r]));
  let verdictDiffs = 0;
  for (const d of direct) {
    const p = proxied.get(d.name);
    if (!p || p.pass !== d.pass || p.why !== d.why) {
      verdictDiffs++;
      console.log(`DIFF kit ${d.group}/${d.name}: direct ${d.pass ? 'pass' : d.why} / proxy ${p ? (p.pass ? 'pass' : p.why) : 'missing'}`);
    }
  }
  console.log(
    `kit read-only: direct ${direct.filter((r) => r.pass).length}/${direct.length} passed; ${verdictDiffs} differences through the proxy`,
  );
  if (verdictDiffs) failures.push(`${verdictDiffs} kit verdicts differ through the proxy`);

  step('pull: capture the real content, serve it, and replay the read-only kit cases (vitest, test/strapi)');
  const pull = run('npx', ['vitest', 'run', '--config', 'vitest.strapi.config.ts'], {
    cwd: ROOT,
    env: { ...process.env, STRAPI_URL: TARGET, STRAPI_TOKEN: token, STRAPI_DIR },
  });
  console.log(pull.out.trim().split('\n').slice(-6).join('\n'));
  if (pull.code !== 0) failures.push('pull end-to-end failed (see the vitest output above)');

  if (!process.env.NO_FRESH) {
    step('all kit cases, writes included, through the proxy (the database is still fresh: everything so far only read)');
    const full = kit(PROXY, join(OUT, 'kit-proxy-full.json'));
    console.log(full.out.trim().split('\n').slice(-1)[0]);
    const results = JSON.parse(readFileSync(join(OUT, 'kit-proxy-full.json'), 'utf8')).results;
    const failed = results.filter((r) => !r.pass);
    for (const f of failed) console.log(`FAIL kit ${f.group}/${f.name}: ${f.why}`);
    if (failed.length) failures.push(`${failed.length} kit cases fail through the proxy`);
  }

  step('stopping the proxy; its report must hold zero violations');
  const exited = new Promise((ok) => proxy.once('exit', ok));
  proxy.kill('SIGINT');
  await exited;
  proxy = undefined;
  const proxyData = JSON.parse(readFileSync(proxyReport, 'utf8'));
  console.log(
    `proxy: ${proxyData.totals.requests} requests, ${proxyData.totals.violations} violations, ${proxyData.totals.skipped} not validated`,
  );
  for (const r of proxyData.results.filter((x) => x.violations.length)) {
    for (const v of r.violations) console.log(`VIOLATION ${r.method} ${r.url} → ${r.status} [${v.rule}] ${v.path}: ${v.message}`);
  }
  if (proxyData.totals.violations) failures.push(`proxy reported ${proxyData.totals.violations} violations (see ${proxyReport})`);
} finally {
  if (proxy) proxy.kill('SIGINT');
  if (!process.env.KEEP_STRAPI && !process.env.NO_FRESH && existsSync(join(STRAPI_DIR, 'down.sh'))) {
    step('stopping Strapi');
    execFileSync('./down.sh', [], { cwd: STRAPI_DIR, stdio: 'inherit' });
  }
}

step(failures.length ? `FAILED:\n  ${failures.join('\n  ')}` : 'passed');
process.exitCode = failures.length ? 1 : 0;
