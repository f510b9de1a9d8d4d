import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadProject } from '../../src/project/load-project.js';

// A schema names a custom field by uid; its type is what the plugin registers with strapi.customFields.register.
// The project below has three plugins: one installed from npm (node_modules, strapi-server.js), a local one named in
// config/plugins with `resolve` (TypeScript source importing a package that is not installed here), and one whose
// server code throws. The config's own `customFields` mapping wins over what a plugin registers.

let root: string;
const write = (file: string, text: string) => {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
};

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'cm-custom-fields-'));
  write(
    'package.json',
    JSON.stringify({ name: 'app', dependencies: { '@strapi/strapi': '5.54.0', 'strapi-plugin-stars': '1.0.0', 'broken-plugin': '1.0.0' } }),
  );
  write(
    'node_modules/strapi-plugin-stars/package.json',
    JSON.stringify({ name: 'strapi-plugin-stars', strapi: { kind: 'plugin', name: 'stars' } }),
  );
  write(
    'node_modules/strapi-plugin-stars/strapi-server.js',
    `module.exports = { register({ strapi }) {
       strapi.customFields.register([{ name: 'rating', plugin: 'stars', type: 'integer' }, { name: 'note', plugin: 'stars', type: 'text' }]);
       strapi.admin.services.permission.actionProvider.registerMany([]);
     } };`,
  );
  write('node_modules/broken-plugin/package.json', JSON.stringify({ name: 'broken-plugin', strapi: { kind: 'plugin', name: 'broken' } }));
  write('node_modules/broken-plugin/strapi-server.js', `throw new Error('needs a licence key');`);
  write('config/plugins.js', `module.exports = () => ({ palette: { enabled: true, resolve: './src/plugins/palette' } });`);
  write(
    'src/plugins/palette/package.json',
    JSON.stringify({
      name: 'palette',
      strapi: { kind: 'plugin', name: 'palette' },
      exports: { './strapi-server': { source: './server/index.ts' } },
    }),
  );
  write(
    'src/plugins/palette/server/index.ts',
    `import colours from 'colour-names-not-installed';
     import { PLUGIN_ID } from './plugin-id';
     colours.registerLocale('en');
     export default { register: ({ strapi }: { strapi: any }) => strapi.customFields.register({ name: 'swatch', plugin: PLUGIN_ID, type: 'string' }) };`,
  );
  write('src/plugins/palette/server/plugin-id.ts', `export const PLUGIN_ID = 'palette';`);
  const field = (uid: string) => ({ type: 'customField', customField: uid });
  write(
    'src/api/bike/content-types/bike/schema.json',
    JSON.stringify({
      kind: 'collectionType',
      collectionName: 'bikes',
      info: { singularName: 'bike', pluralName: 'bikes', displayName: 'Bike' },
      attributes: {
        name: { type: 'string' },
        rating: field('plugin::stars.rating'),
        note: field('plugin::stars.note'),
        colour: field('plugin::palette.swatch'),
        serial: field('plugin::broken.serial'),
        size: field('plugin::stars.size'),
      },
    }),
  );
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

test("custom fields take the type their plugin's register gives; a plugin that cannot run is named", async () => {
  const project = await loadProject({ schemas: root, configObject: { customFields: { 'plugin::stars.note': 'richtext' } } });
  const bike = project.model.contentTypes.get('api::bike.bike');
  const typeOf = (name: string) => {
    const a = bike?.attributes.get(name);
    return a?.kind === 'scalar' ? a.type : a?.kind;
  };
  expect(typeOf('rating')).toBe('integer');
  expect(typeOf('colour')).toBe('string');
  // the config's mapping wins
  expect(typeOf('note')).toBe('richtext');
  // unknown to every plugin: any JSON value, said
  expect(typeOf('serial')).toBe('json');
  expect(typeOf('size')).toBe('json');
  const warnings = project.model.warnings.join('\n');
  expect(warnings).toMatch(/broken-plugin[/\\]strapi-server\.js.*needs a licence key.*custom fields this plugin registers are unknown/);
  expect(warnings).toMatch(/unknown custom field "plugin::stars\.size"/);
  expect(warnings).not.toMatch(/plugin::stars\.rating|plugin::palette\.swatch/);
});
