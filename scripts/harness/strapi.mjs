// Boots a real Strapi 5.54 with any content model: a copy of ../shared/strapi-reference (without node_modules,
// which is a symlink to the installed reference's) under <scratch>/<name>/ (scripts/paths.mjs), with the model's src/api,
// src/components, src/extensions and config/api.js swapped in and a bootstrap driven by the model's settings.json
// (locales, public-role permissions, API tokens with fixed keys).
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync, openSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { spawn } from 'node:child_process';
import { transformSync } from 'esbuild';
import { createServer } from 'node:net';

import { REFERENCE_APP, INSTALLED, SCRATCH } from '../paths.mjs';
export { REFERENCE_APP, INSTALLED };

const BOOTSTRAP = `'use strict';
// Written by scripts/harness/strapi.mjs: locales, public-role permissions and API tokens from harness-settings.json.
const fs = require('fs');
const path = require('path');
const settings = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'harness-settings.json'), 'utf8'));
// The project's own src/index (compiled beside this file by prepareApp with withCode), run before the harness's part.
const project = fs.existsSync(path.join(__dirname, 'project-index.js')) ? require('./project-index.js') : {};
const own = project && project.default ? project.default : project;
module.exports = {
  async register(ctx) {
    if (typeof own.register === 'function') await own.register(ctx);
  },
  async bootstrap({ strapi }) {
    if (typeof own.bootstrap === 'function') await own.bootstrap({ strapi });
    const locales = strapi.plugin('i18n').service('locales');
    const wanted = settings.locales;
    for (const l of wanted) {
      if (!(await locales.findByCode(l.code))) await locales.create({ code: l.code, name: l.name ?? l.code });
    }
    const def = wanted.find((l) => l.isDefault) ?? wanted[0];
    await locales.setDefaultLocale({ code: def.code });
    for (const l of await locales.find()) {
      if (!wanted.some((w) => w.code === l.code)) await locales.delete({ id: l.id });
    }
    // the public role's grants, and the authenticated role's when the settings name them
    for (const [type, grants] of [['public', settings.public], ['authenticated', settings.authenticated]]) {
      if (!grants) continue;
      const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type } });
      const actions = [];
      for (const [key, value] of Object.entries(grants)) {
        if (Array.isArray(value)) for (const a of value) actions.push(key + '.' + a);
        else if (value) actions.push(key);
      }
      const perms = strapi.db.query('plugin::users-permissions.permission');
      const have = new Set((await perms.findMany({ where: { role: role.id }, select: ['action'] })).map((p) => p.action));
      for (const action of actions) if (!have.has(action)) await perms.create({ data: { action, role: role.id } });
    }
    const svc = strapi.service('admin::api-token');
    const encryption = strapi.service('admin::encryption');
    for (const t of settings.tokens ?? []) {
      let token = await svc.getByName(t.name);
      if (!token) {
        const body = { name: t.name, description: 'harness', type: t.type, lifespan: null };
        if (t.type === 'custom') body.permissions = Object.entries(t.permissions ?? {}).flatMap(([uid, acts]) => acts.map((a) => uid + '.' + a));
        token = await svc.create(body);
      }
      await strapi.db.query('admin::api-token').update({ where: { id: token.id }, data: { accessKey: svc.hash(t.key), encryptedKey: encryption.encrypt(t.key) } });
    }
    strapi.log.info('[harness] bootstrap done');
  },
};
`;

const routeFiles = (name, kind) => ({
  [`routes/${name}.js`]: `'use strict';\nconst { factories } = require('@strapi/strapi');\nmodule.exports = factories.createCoreRouter('api::${name}.${name}');\n`,
  [`controllers/${name}.js`]: `'use strict';\nconst { factories } = require('@strapi/strapi');\nmodule.exports = factories.createCoreController('api::${name}.${name}');\n`,
  [`services/${name}.js`]: `'use strict';\nconst { factories } = require('@strapi/strapi');\nmodule.exports = factories.createCoreService('api::${name}.${name}');\n`,
});

/** Model layout: a project root (src/api), a src/ folder or a bare folder with api/ + components/. */
export function modelSrc(modelDir) {
  if (existsSync(join(modelDir, 'src', 'api'))) return join(modelDir, 'src');
  return modelDir;
}

/**
 * The project's whole src/ as a JavaScript Strapi app runs it: TypeScript and ESM modules compiled to CommonJS in
 * place (what `strapi build` does for a TypeScript project), schemas and other files copied, the admin left out.
 */
function copyCompiled(from, to) {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const src = join(from, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'admin') copyCompiled(src, join(to, entry.name));
      continue;
    }
    if (/\.(d\.ts)$/.test(entry.name)) continue;
    if (/\.(ts|mts|cts|mjs|js)$/.test(entry.name)) {
      const out = transformSync(readFileSync(src, 'utf8'), {
        loader: entry.name.endsWith('ts') ? 'ts' : 'js',
        format: 'cjs',
        target: 'node20',
      });
      writeFileSync(join(to, entry.name.replace(/\.(ts|mts|cts|mjs)$/, '.js')), out.code);
    } else cpSync(src, join(to, entry.name));
  }
}

export function prepareApp({ name, modelDir, apiConfigFile, settings, withCode = false }) {
  if (!existsSync(join(INSTALLED, '@strapi', 'strapi'))) throw new Error(`${INSTALLED} is not installed yet`);
  const dest = join(SCRATCH, name);
  mkdirSync(dest, { recursive: true });
  for (const entry of readdirSync(REFERENCE_APP)) {
    if (['node_modules', 'src', '.tmp', 'public'].includes(entry)) continue;
    cpSync(join(REFERENCE_APP, entry), join(dest, entry), { recursive: true, force: true });
  }
  if (!existsSync(join(dest, 'node_modules'))) symlinkSync(INSTALLED, join(dest, 'node_modules'));
  rmSync(join(dest, 'src'), { recursive: true, force: true });
  const src = modelSrc(modelDir);
  mkdirSync(join(dest, 'src'), { recursive: true });
  if (withCode) {
    copyCompiled(src, join(dest, 'src'));
    for (const f of ['index.js']) if (existsSync(join(dest, 'src', f))) cpSync(join(dest, 'src', f), join(dest, 'src', 'project-index.js'));
    // the project's folders beside src/ that its code requires (`../../../../libs/x.js` from a service)
    for (const entry of readdirSync(modelDir, { withFileTypes: true }))
      if (
        entry.isDirectory() &&
        !['src', 'config', 'node_modules', 'public', 'database', 'types', 'dist', 'build', '.tmp'].includes(entry.name)
      )
        cpSync(join(modelDir, entry.name), join(dest, entry.name), { recursive: true, force: true });
    // the project's own packages (a model folder's node_modules, which content-mock resolves them from): the copy's
    // node_modules is the reference's, so its src/ finds them first through a link of its own
    if (existsSync(join(modelDir, 'node_modules')) && !existsSync(join(dest, 'src', 'node_modules')))
      symlinkSync(resolve(modelDir, 'node_modules'), join(dest, 'src', 'node_modules'));
    // the project's REST settings and global middlewares; database, server and admin stay the reference app's
    // and config files of the project's own (read by its code through strapi.config)
    const own = existsSync(join(modelDir, 'config'))
      ? readdirSync(join(modelDir, 'config'))
          .filter((f) => /\.(ts|js)$/.test(f) && !f.endsWith('.d.ts'))
          .map((f) => f.replace(/\.(ts|js)$/, ''))
          .filter((n) => !['api', 'middlewares', 'database', 'server', 'admin', 'plugins', 'features'].includes(n))
      : [];
    for (const name of ['api', 'middlewares', ...own]) {
      const file = ['ts', 'js'].map((e) => join(modelDir, 'config', `${name}.${e}`)).find((f) => existsSync(f));
      if (!file) continue;
      writeFileSync(join(dest, 'config', `${name}.js`), configAsCjs(file));
    }
  } else
    // schemas only, as content-mock serves the model without project code (a project's TypeScript routes would
    // shadow the generated ones)
    cpSync(join(src, 'api'), join(dest, 'src', 'api'), {
      recursive: true,
      filter: (from) => statSync(from).isDirectory() || /[\\/]content-types[\\/][^\\/]+[\\/]schema\.json$/.test(from),
    });
  if (existsSync(join(src, 'components'))) cpSync(join(src, 'components'), join(dest, 'src', 'components'), { recursive: true });
  // plugin type extensions (the users & permissions user with the model's relations); content-mock reads the same file
  // (without the project's code, only their schemas: a `strapi-server` file is code, and may name the project's policies)
  if (existsSync(join(src, 'extensions')))
    cpSync(join(src, 'extensions'), join(dest, 'src', 'extensions'), {
      recursive: true,
      filter: (from) => withCode || statSync(from).isDirectory() || /[\\/]content-types[\\/][^\\/]+[\\/]schema\.json$/.test(from),
    });
  // a folder's stray files (`.gitkeep`) and APIs of custom routes only have no content type to route
  const apis = withCode
    ? []
    : readdirSync(join(dest, 'src', 'api'), { withFileTypes: true }).filter(
        (d) => d.isDirectory() && existsSync(join(dest, 'src', 'api', d.name, 'content-types')),
      );
  for (const { name: api } of apis) {
    for (const ct of readdirSync(join(dest, 'src', 'api', api, 'content-types'))) {
      for (const [rel, text] of Object.entries(routeFiles(ct))) {
        const file = join(dest, 'src', 'api', api, rel.replace(ct + '.js', ct + '.js'));
        if (!existsSync(file)) {
          mkdirSync(join(file, '..'), { recursive: true });
          writeFileSync(file, text);
        }
      }
    }
  }
  writeFileSync(join(dest, 'src', 'index.js'), BOOTSTRAP);
  if (apiConfigFile && !withCode) writeFileSync(join(dest, 'config', 'api.js'), configAsCjs(apiConfigFile));
  // a model's own plugin settings replace the reference app's (refresh sessions, upload security): content-mock reads
  // the same file
  if (existsSync(join(modelDir, 'config', 'plugins.js')))
    cpSync(join(modelDir, 'config', 'plugins.js'), join(dest, 'config', 'plugins.js'));
  // a TypeScript project's (its GraphQL depthLimit, amountLimit…) compiled as Strapi's build does, its default export
  // unwrapped so that graphql-strapi.mjs can lay the harness's settings over it
  else if (existsSync(join(modelDir, 'config', 'plugins.ts')))
    writeFileSync(
      join(dest, 'config', 'plugins.js'),
      configAsCjs(join(modelDir, 'config', 'plugins.ts')) +
        '\nif (module.exports && module.exports.__esModule) module.exports = module.exports.default;\n',
    );
  writeFileSync(join(dest, 'harness-settings.json'), JSON.stringify(settings, null, 2));
  // the project's own plugins (a GraphQL plugin its config/plugins enables, a UUID field's plugin) where the
  // node_modules the copy links to hold them: Strapi loads a plugin only when the app's package.json lists it
  const projectPkg = join(modelDir, 'package.json');
  if (existsSync(projectPkg)) {
    const own = JSON.parse(readFileSync(projectPkg, 'utf8')).dependencies ?? {};
    const pkg = JSON.parse(readFileSync(join(dest, 'package.json'), 'utf8'));
    for (const dep of Object.keys(own))
      if (!pkg.dependencies[dep] && existsSync(join(INSTALLED, dep, 'package.json')))
        pkg.dependencies[dep] = JSON.parse(readFileSync(join(INSTALLED, dep, 'package.json'), 'utf8')).version;
    writeFileSync(join(dest, 'package.json'), JSON.stringify(pkg, null, 2));
  }
  return dest;
}

export async function waitHttp(url, pid, timeoutMs = 240000, logFile) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const r = await fetch(url);
      await r.arrayBuffer();
      return r.status;
    } catch {
      /* not yet */
    }
    if (pid) {
      try {
        process.kill(pid, 0);
      } catch {
        throw new Error(`server ${pid} exited during boot${logFile ? ':\n' + readFileSync(logFile, 'utf8').slice(-3000) : ''}`);
      }
    }
    await new Promise((ok) => setTimeout(ok, 300));
  }
  throw new Error(`timeout waiting for ${url}`);
}

/**
 * Refuses a port something already listens on: the server started next would fail to bind, and waiting for the port
 * to answer would then compare against whatever stale server holds it.
 */
export async function assertPortFree(port) {
  await new Promise((ok, fail) => {
    const probe = createServer();
    probe.once('error', () => fail(new Error(`port ${port} is already in use (a server left running?); stop it or pick another --slot`)));
    probe.listen(port, '127.0.0.1', () => probe.close(ok));
  });
}

/** Starts Strapi on a fresh DB; resolves to { pid, base, stop }. */
export async function startStrapi(dest, port, { fresh = true } = {}) {
  await assertPortFree(port);
  mkdirSync(join(dest, '.tmp'), { recursive: true });
  mkdirSync(join(dest, 'public', 'uploads'), { recursive: true });
  if (fresh) {
    for (const f of ['data.db', 'data.db-journal', 'data.db-wal', 'data.db-shm']) rmSync(join(dest, '.tmp', f), { force: true });
    for (const f of readdirSync(join(dest, 'public', 'uploads')))
      if (f !== '.gitkeep') rmSync(join(dest, 'public', 'uploads', f), { recursive: true, force: true });
  }
  const logFile = join(dest, '.tmp', 'strapi.log');
  const out = openSync(logFile, 'w');
  const child = spawn(process.execPath, ['node_modules/@strapi/strapi/bin/strapi.js', 'start'], {
    cwd: dest,
    stdio: ['ignore', out, out],
    detached: false,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      NODE_ENV: 'development',
      STRAPI_TELEMETRY_DISABLED: 'true',
      STRAPI_DISABLE_LICENSE_PING: 'true',
      STRAPI_DISABLE_EE: 'true',
      BROWSER: 'none',
    },
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = () => stopPid(child.pid);
  process.on('exit', stop);
  await waitHttp(`${base}/api/i18n/locales`, child.pid, 240000, logFile);
  return { pid: child.pid, base, stop, logFile };
}

export function stopPid(pid) {
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    /* gone */
  }
}

export async function stopAndWait(server) {
  if (!server) return;
  stopPid(server.pid);
  for (let i = 0; i < 50; i++) {
    try {
      process.kill(server.pid, 0);
    } catch {
      return;
    }
    await new Promise((ok) => setTimeout(ok, 100));
  }
  try {
    process.kill(server.pid, 'SIGKILL');
  } catch {
    /* gone */
  }
}

/** A model's config/api file, .ts before .js as content-mock reads it (null when it has none). */
export function findApiConfig(modelDir) {
  return ['ts', 'js'].map((e) => join(modelDir, 'config', `api.${e}`)).find((f) => existsSync(f)) ?? null;
}

/** A config file's text as CommonJS (a .ts one compiled, `export default` turned into module.exports). */
function configAsCjs(file) {
  return transformSync(readFileSync(file, 'utf8'), { loader: file.endsWith('ts') ? 'ts' : 'js', format: 'cjs' }).code;
}

/** A model's config/api.js|ts, evaluated (env() answers each default) as Strapi would load it. */
export function loadApiConfig(file) {
  const mod = { exports: {} };
  new Function('module', 'exports', configAsCjs(file))(mod, mod.exports);
  const v = mod.exports?.__esModule ? mod.exports.default : mod.exports;
  const env = Object.assign((k, d) => d, { bool: (k, d) => d, int: (k, d) => d });
  return typeof v === 'function' ? v({ env }) : v;
}

/** The content-mock config equivalent to a model's settings: same permissions, tokens, locales and REST settings. */
export function mockConfigFor(settings) {
  return {
    // without REST settings content-mock reads the model's config/api like Strapi (a flag the file leaves out is off),
    // or a new project's defaults when the model has none
    ...(settings.rest ? { rest: settings.rest } : {}),
    // the Strapi copy's bootstrap grants the authenticated role nothing beyond Strapi's defaults; without this the
    // mock's authenticated role would take the public role's grants (its convenience default)
    permissions: { public: settings.public, authenticated: settings.authenticated ?? {} },
    tokens: settings.tokens,
    locales: settings.locales.map((l) => ({ code: l.code, ...(l.isDefault ? { isDefault: true } : {}) })),
  };
}

/** `content-mock serve` arguments for a harness mock: in memory, no watcher, quiet. */
export function mockServeArgs(cli, { modelDir, port, config, seed, code = false }) {
  return [
    cli,
    'serve',
    ...(code ? [] : ['--no-project-code']),
    '--schemas',
    modelDir,
    ...(seed ? ['--seed', seed] : []),
    '--memory',
    '--port',
    String(port),
    '--config',
    config,
    '--no-watch',
    '--quiet',
  ];
}
