// Sends GraphQL operations to real Strapi (with the plugin) and to content-mock on the content of the last
// graphql-run.mjs run of a model (its snapshot and pulled dataset), and prints both answers.
//
//   node scripts/harness/graphql-probe.mjs --model kit --slot 25 'query { ... }' ['{"var": 1}'] ...
// Each argument is an operation, optionally followed by its variables as JSON. `--errors`: print only each answer's
// errors, one line each (path, code, message), to compare their order.
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { spawn } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { SCRATCH } from '../paths.mjs';
import { startStrapi, stopAndWait, waitHttp, mockServeArgs } from './strapi.mjs';
import { modelOf } from './graphql-strapi.mjs';

const args = process.argv.slice(2);
const opts = { model: 'kit', slot: '25' };
const ops = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--model' || args[i] === '--slot' || args[i] === '--auth') opts[args[i].slice(2)] = args[++i];
  else if (args[i] === '--errors') opts.errors = true;
  else if (args[i].trim().startsWith('{"') && ops.length) ops[ops.length - 1].variables = JSON.parse(args[i]);
  else ops.push({ query: args[i] });
}
const m = modelOf(opts.model);
const slot = Number(opts.slot);
const work = join(tmpdir(), `gql-harness-${m.name}-${slot}`);
const dest = join(SCRATCH, `gql-${m.name}-${slot}`);
for (const f of ['data.db-journal', 'data.db-wal', 'data.db-shm']) rmSync(join(dest, '.tmp', f), { force: true });
cpSync(join(work, 'snapshot', 'data.db'), join(dest, '.tmp', 'data.db'));
const strapi = await startStrapi(dest, 1400 + slot, { fresh: false });
const child = spawn(
  process.execPath,
  mockServeArgs(join(import.meta.dirname, '..', '..', 'bin/content-mock.js'), {
    modelDir: m.modelDir,
    port: 1450 + slot,
    config: join(work, 'content-mock.config.json'),
    seed: join(work, 'pulled.json'),
  }),
  { stdio: 'ignore' },
);
const mock = `http://127.0.0.1:${1450 + slot}`;
try {
  await waitHttp(`${mock}/api/i18n/locales`, child.pid, 60000);
  const key = opts.auth ? m.settings.tokens.find((t) => t.type === opts.auth)?.key : undefined;
  for (const op of ops) {
    console.log('>>>', op.query, op.variables ? JSON.stringify(op.variables) : '');
    for (const [name, base] of [
      ['strapi', strapi.base],
      ['mock  ', mock],
    ]) {
      const r = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
        body: JSON.stringify(op),
      });
      const raw = await r.text();
      const text = raw.replace(/"stacktrace":\[[^\]]*\],?/g, '');
      if (!opts.errors) console.log(`${name} ${r.status} ${text.slice(0, 3000)}`);
      else {
        let errors = [];
        try {
          errors = JSON.parse(raw).errors ?? [];
        } catch {
          errors = [{ message: raw.slice(0, 200) }];
        }
        const lines = errors.map((e) => `   ${(e.path ?? []).join('.')} ${e.extensions?.code} ${e.message.slice(0, 80)}`);
        console.log(`${name} ${r.status}\n${lines.join('\n')}`);
      }
    }
  }
} finally {
  await stopAndWait(strapi);
  child.kill();
}
