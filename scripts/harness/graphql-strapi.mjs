// Real Strapi 5.54 with @strapi/plugin-graphql@5.54.0: a harness copy (strapi.mjs) whose node_modules hold the
// plugin (an installed tree of its own, never the shared reference's: CONTENT_MOCK_GRAPHQL_MODULES, default
// <scratch>/gql25-mods/node_modules) and whose package.json lists it, so Strapi loads it.
//
//   node scripts/harness/graphql-strapi.mjs sdl --model <dir>|kit --slot N --out <file.graphql>
// boots the copy, prints its schema from introspection (graphql-js printSchema) into --out and stops.
import { existsSync, readFileSync, writeFileSync, rmSync, lstatSync, symlinkSync, unlinkSync } from 'node:fs';
import { join, resolve, basename, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { SCRATCH, KIT_MODEL } from '../paths.mjs';
import { prepareApp, startStrapi, stopAndWait, loadApiConfig, findApiConfig } from './strapi.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const GRAPHQL_MODULES = resolve(process.env.CONTENT_MOCK_GRAPHQL_MODULES ?? join(SCRATCH, 'gql25-mods', 'node_modules'));
// the CLI reads CONTENT_MOCK_* variables as options (yargs .env): the child processes must not see this one
delete process.env.CONTENT_MOCK_GRAPHQL_MODULES;

/** The model folder and harness settings for `kit` or a model folder. */
export function modelOf(model) {
  const isKit = model === 'kit';
  const modelDir = isKit ? KIT_MODEL : resolve(model);
  const name = isKit ? 'kit' : basename(modelDir);
  const settings = JSON.parse(
    readFileSync(isKit ? join(root, 'scripts/harness/kit-settings.json') : join(modelDir, 'settings.json'), 'utf8'),
  );
  const apiConfigFile = isKit ? null : findApiConfig(modelDir);
  if (!settings.rest && apiConfigFile) settings.rest = loadApiConfig(apiConfigFile).rest;
  return { isKit, modelDir, name, settings, apiConfigFile };
}

/** Prepares a harness copy with the GraphQL plugin; `graphql` is the plugin's config (config/plugins.js `graphql.config`). */
export function prepareGraphqlApp({ name, modelDir, apiConfigFile, settings, graphql = {}, withCode = false }) {
  if (!existsSync(join(GRAPHQL_MODULES, '@strapi', 'plugin-graphql'))) throw new Error(`${GRAPHQL_MODULES} has no @strapi/plugin-graphql`);
  const dest = prepareApp({ name, modelDir, apiConfigFile, settings, withCode });
  const nm = join(dest, 'node_modules');
  if (lstatSync(nm).isSymbolicLink()) unlinkSync(nm);
  symlinkSync(GRAPHQL_MODULES, nm);
  const pkg = JSON.parse(readFileSync(join(dest, 'package.json'), 'utf8'));
  pkg.dependencies['@strapi/plugin-graphql'] = '5.54.0';
  writeFileSync(join(dest, 'package.json'), JSON.stringify(pkg, null, 2));
  const plugins = readFileSync(join(dest, 'config', 'plugins.js'), 'utf8');
  // the harness's settings go over the project's own graphql config (its defaultLimit, maxLimit…), which content-mock
  // reads from the same file
  const extra = `\nconst __base = module.exports;\nmodule.exports = (ctx) => { const b = (typeof __base === 'function' ? __base(ctx) : __base) || {}; const g = b.graphql || {}; return { ...b, graphql: { ...g, config: { ...(g.config || {}), ...${JSON.stringify(graphql)} } } }; };\n`;
  writeFileSync(join(dest, 'config', 'plugins.js'), plugins.replace(/\nconst __base[\s\S]*$/, '') + extra);
  rmSync(join(dest, 'schema.graphql'), { force: true });
  return dest;
}

/** printSchema of a running server's schema, read by introspection. */
export async function introspectSdl(base, headers = {}) {
  const require = createRequire(join(root, 'package.json'));
  const { getIntrospectionQuery, buildClientSchema, printSchema } = require('graphql');
  const r = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query: getIntrospectionQuery() }),
  });
  const body = await r.json();
  if (!body.data) throw new Error(`introspection failed: ${JSON.stringify(body).slice(0, 500)}`);
  return printSchema(buildClientSchema(body.data)) + '\n';
}

/** `--name value` and `--flag` options (positional words in `_`). */
export function parseArgs(args) {
  const o = { _: [] };
  for (let i = 0; i < args.length; i++) {
    if (!args[i].startsWith('--')) o._.push(args[i]);
    else if (args[i + 1] === undefined || args[i + 1].startsWith('--')) o[args[i].slice(2)] = true;
    else o[args[i].slice(2)] = args[++i];
  }
  return o;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const o = parseArgs(process.argv.slice(2));
  const m = modelOf(o.model ?? 'kit');
  const slot = Number(o.slot ?? 25);
  const graphql = o.config ? JSON.parse(o.config) : {};
  const dest = prepareGraphqlApp({ ...m, name: `gql-${m.name}-${slot}`, graphql });
  const server = await startStrapi(dest, 1400 + slot);
  try {
    const sdl = await introspectSdl(server.base);
    const out = o.out ?? join(tmpdir(), `${m.name}.graphql`);
    writeFileSync(out, sdl);
    console.error(`wrote ${out} (${sdl.length} chars)`);
  } finally {
    await stopAndWait(server);
  }
}
