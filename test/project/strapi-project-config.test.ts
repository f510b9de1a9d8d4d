import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadProject } from '../../src/project/load-project.js';
import { expiresInSeconds } from '../../src/project/strapi-plugin-config.js';
import { createServer, type MockServer } from '../../src/mock/create-server.js';

// A project's config/api and config/plugins are run as Strapi runs them: TypeScript or JavaScript, ESM or CommonJS,
// a function given `{ env }` (the process environment over the project's .env) or an object. Each setting that
// changes answers lands in the resolved config; the config file's own settings win over the project's.
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const SCHEMA = {
  kind: 'collectionType',
  info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' },
  options: { draftAndPublish: false },
  attributes: { title: { type: 'string' }, secret: { type: 'string' } },
};

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'cm-strapi-config-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'src/api/note/content-types/note'), { recursive: true });
  writeFileSync(join(dir, 'src/api/note/content-types/note/schema.json'), JSON.stringify(SCHEMA));
  mkdirSync(join(dir, 'config'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

const API_TS = `import type { Core } from '@strapi/strapi';
const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Api => ({
  rest: { prefix: '/v1', defaultLimit: env.int('NOTES_LIMIT', 10), maxLimit: 50, withCount: env.bool('WITH_COUNT', false) },
  responses: { privateAttributes: ['secret'] },
});
export default config;
`;
const PLUGINS_TS = `export default ({ env }) => ({
  'users-permissions': {
    config: {
      jwtManagement: 'refresh',
      jwt: { expiresIn: env('JWT_TTL', '7d') },
      register: { allowedFields: ['nickname'] },
      sessions: { accessTokenLifespan: 1800 },
    },
  },
  upload: { config: { sizeLimit: env.int('UPLOAD_LIMIT', 2048), breakpoints: { big: 700, tiny: 300 } } },
  graphql: { enabled: true, config: { defaultLimit: 10 } },
});
`;
const PACKAGE = JSON.stringify({ name: 'notes-app', dependencies: { '@strapi/strapi': '5.54.0', '@strapi/plugin-graphql': '5.54.0' } });

describe('resolved settings', () => {
  test('config/api.ts (ESM, typed, env defaults and the project .env) and config/plugins.ts', async () => {
    const dir = project({
      'config/api.ts': API_TS,
      'config/plugins.ts': PLUGINS_TS,
      'package.json': PACKAGE,
      '.env': 'NOTES_LIMIT=7\n# comment\nJWT_TTL="2 days"\n',
    });
    const { config, model } = await loadProject({ schemas: dir });
    expect(config.rest).toEqual({ defaultLimit: 7, maxLimit: 50, withCount: false, strictParams: false, prefix: '/v1' });
    expect(config.responses.privateAttributes).toEqual(['secret']);
    expect(model.contentTypes.get('api::note.note')?.attributes.get('secret')?.private).toBe(true);
    expect(config.plugins).toMatchObject({
      jwtManagement: 'refresh',
      jwtExpiresIn: 2 * 86400,
      accessTokenLifespan: 1800,
      registerAllowedFields: ['nickname'],
      uploadSizeLimit: 2048,
      uploadBreakpoints: { big: 700, tiny: 300 },
      graphql: true,
    });
  });

  test('CommonJS objects; what a plugins file leaves out is Strapi default; graphql needs its package and no enabled: false', async () => {
    const dir = project({
      'config/api.js': `module.exports = { rest: { prefix: 'v2/' } };`,
      'config/plugins.js': `module.exports = { graphql: { enabled: false }, upload: { config: {} } };`,
      'package.json': PACKAGE,
    });
    const { config } = await loadProject({ schemas: dir });
    expect(config.rest.prefix).toBe('/v2');
    expect(config.plugins).toMatchObject({
      jwtManagement: 'legacy-support',
      jwtExpiresIn: 30 * 86400,
      accessTokenLifespan: 600,
      uploadBreakpoints: { large: 1000, medium: 750, small: 500 },
      graphql: false,
    });
    const bare = await loadProject({ schemas: project({ 'config/plugins.js': `module.exports = () => ({ graphql: {} });` }) });
    expect(bare.config.plugins.graphql).toBe(false);
    expect(bare.config.rest.prefix).toBe('/api');
  });

  test("env taken from @strapi/utils, an expression of env values, other plugins' settings left alone", async () => {
    const { config } = await loadProject({
      schemas: project({
        'config/plugins.ts': `const { env } = require('@strapi/utils');
const flag = (v) => v === 'true' || v === true;
export default () => ({
  'users-permissions': { config: { jwtManagement: env('UP_JWT_MANAGEMENT_UNSET_X', 'refresh'), sessions: { accessTokenLifespan: env.int('UP_TTL_UNSET_X', 7 * 24 * 60 * 60) } } },
  upload: { enabled: true, config: { provider: 'aws-s3', providerOptions: { params: { Bucket: flag(env('USE_TEST_BUCKET_UNSET_X')) ? 'a' : 'b' } }, sizeLimit: 5737418240 } },
});`,
      }),
    });
    expect(config.warnings).toBeUndefined();
    expect(config.plugins).toMatchObject({
      jwtManagement: 'refresh',
      accessTokenLifespan: 604800,
      uploadSizeLimit: 5737418240,
      graphql: false,
    });
  });

  test('config/env/<NODE_ENV>/ is merged over config/ (NODE_ENV as the process has it, else development), lists index by index', async () => {
    const current = process.env.NODE_ENV || 'development';
    const other = current === 'production' ? 'staging' : 'production';
    const { config } = await loadProject({
      schemas: project({
        'config/api.js': `module.exports = { rest: { prefix: '/v1', defaultLimit: 5 }, responses: { privateAttributes: ['a', 'b'] } };`,
        [`config/env/${current}/api.ts`]: `export default () => ({ rest: { defaultLimit: 9 }, responses: { privateAttributes: ['secret'] } });`,
        [`config/env/${other}/api.js`]: `module.exports = { rest: { prefix: '/other' } };`,
      }),
    });
    expect([config.rest.prefix, config.rest.defaultLimit, config.responses.privateAttributes]).toEqual(['/v1', 9, ['secret', 'b']]);
  });

  test('without a config/plugins the mock keeps refresh mode; the config file wins over the project', async () => {
    const dir = project({ 'config/api.ts': API_TS, 'config/plugins.ts': PLUGINS_TS });
    const none = await loadProject({ schemas: project({}) });
    expect(none.config.plugins.jwtManagement).toBe('refresh');
    const { config } = await loadProject({
      schemas: dir,
      configObject: {
        rest: { prefix: '/api' },
        responses: { privateAttributes: [] },
        usersPermissions: { jwtManagement: 'legacy-support', jwtExpiresIn: '1h' },
        upload: { sizeLimit: 4096 },
      },
    });
    expect(config.rest.prefix).toBe('/api');
    expect(config.responses.privateAttributes).toEqual([]);
    expect(config.plugins).toMatchObject({ jwtManagement: 'legacy-support', jwtExpiresIn: 3600, uploadSizeLimit: 4096 });
  });

  test('a config/api that cannot run here is read as text; bad values are clear errors', async () => {
    const dir = project({
      'config/api.js': `const x = require('not-installed-anywhere');\nmodule.exports = { rest: { defaultLimit: 12, prefix: '/v3' }, responses: { privateAttributes: ['secret'] } };`,
    });
    const { config } = await loadProject({ schemas: dir });
    expect([config.rest.defaultLimit, config.rest.prefix, config.responses.privateAttributes]).toEqual([12, '/v3', ['secret']]);
    expect(config.warnings).toEqual([
      expect.stringMatching(
        /config\/api\.js: cannot run here \(Cannot find module 'not-installed-anywhere'[\s\S]*\); its literal values are read instead$/,
      ),
    ]);
    const plugins = await loadProject({
      schemas: project({ 'config/plugins.js': `module.exports = ({ env }) => ({ upload: { config: { sizeLimit: env.missing('X') } } });` }),
    });
    expect(plugins.config.warnings).toEqual([
      expect.stringMatching(/config\/plugins\.js: env\.missing is not a function: its plugin settings are left at Strapi's defaults$/),
    ]);
    await expect(loadProject({ schemas: project({}), configObject: { responses: { privateAttributes: 'x' } } })).rejects.toThrow(
      'config: responses.privateAttributes must be a list of attribute names',
    );
    await expect(loadProject({ schemas: project({}), configObject: { rest: { prefix: '/a b' } } })).rejects.toThrow(
      'rest.prefix must be a path',
    );
    await expect(loadProject({ schemas: project({}), configObject: { upload: { breakpoints: { x: -1 } } } })).rejects.toThrow(
      'upload.breakpoints must map format names to positive whole numbers of pixels',
    );
  });

  test('breakpoints named with no size make no format (a project turning them off: `{ xlarge: undefined }`)', async () => {
    const dir = project({
      'config/plugins.ts': 'export default () => ({ upload: { config: { breakpoints: { xlarge: undefined, small: 400 } } } });',
    });
    const { config } = await loadProject({ schemas: dir });
    expect(config.plugins.uploadBreakpoints).toEqual({ small: 400 });
  });

  test('a project on the default JWT management (test/fixtures/models/legacy-jwt, pinned on Strapi 5.54)', async () => {
    const { config } = await loadProject({ schemas: join(import.meta.dirname, '..', 'fixtures', 'models', 'legacy-jwt') });
    expect([config.plugins.jwtManagement, config.plugins.jwtExpiresIn]).toEqual(['legacy-support', 7200]);
  });

  test.each([
    [60, 60],
    ['7d', 604800],
    ['2 days', 172800],
    ['10h', 36000],
    ['1.5h', 5400],
    ['120000', 120],
    ['1y', 31557600],
    ['soon', undefined],
    [-5, undefined],
  ])('jwt.expiresIn %j is %j seconds (jsonwebtoken reads strings with ms)', (value, seconds) => {
    expect(expiresInSeconds(value)).toBe(seconds);
  });
});

describe('served', () => {
  let server: MockServer;
  let url: string;
  const token = 'cfg-full-access-key-0123456789abcdef';
  beforeAll(async () => {
    const dir = project({ 'config/api.ts': API_TS, 'config/plugins.ts': PLUGINS_TS, 'package.json': PACKAGE });
    server = await createServer({ schemas: dir, memory: true, configObject: { tokens: [{ name: 'f', type: 'full-access', key: token }] } });
    ({ url } = await server.listen(0, '127.0.0.1'));
  });
  afterAll(() => server.close());

  const upload = async (name: string, type: string, bytes: Buffer) => {
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(bytes)], { type }), name);
    // the project serves its Content API (upload included) under its rest.prefix, /v1
    const res = await fetch(`${url}/v1/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, body: (await res.json()) as unknown };
  };

  test('the project upload.sizeLimit refuses a larger file', async () => {
    expect(await upload('big.bin', 'application/octet-stream', Buffer.alloc(4096, 7))).toMatchObject({
      status: 413,
      body: { error: { name: 'PayloadTooLargeError', message: 'FileTooBig' } },
    });
  });

  test('the project breakpoints name the image formats', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
      .resize(800, 600)
      .png({ compressionLevel: 9, palette: true })
      .toBuffer();
    const res = await upload('photo.png', 'image/png', png);
    expect(res.status).toBe(201);
    const [file] = res.body as { formats: Record<string, { width: number }> }[];
    expect(Object.entries(file.formats).map(([k, f]) => [k, f.width])).toEqual([
      ['thumbnail', 208],
      ['big', 700],
      ['tiny', 300],
    ]);
  });

  test('the document lives under rest.prefix, plugin routes included, and leaves private attributes out', async () => {
    const doc = (await (await fetch(`${url}/openapi.json`)).json()) as {
      paths: Record<string, unknown>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    const paths = Object.keys(doc.paths);
    expect(paths).toContain('/v1/notes/{documentId}');
    expect(paths).toContain('/v1/auth/local');
    expect(paths.filter((p) => !p.startsWith('/v1/'))).toEqual([]);
    expect(Object.keys(doc.components.schemas.Note.properties ?? {})).not.toContain('secret');
  });
});
