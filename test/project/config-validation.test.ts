import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadProject } from '../../src/project/load-project.js';

const MINI = join(import.meta.dirname, '../fixtures/mini');

function configFile(content: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'cm-config-')), 'content-mock.config.json');
  writeFileSync(file, JSON.stringify(content, null, 2));
  return file;
}

describe('one validated config: typos are errors naming the file and the JSON path', () => {
  it('an unknown top-level key', async () => {
    const file = configFile({ permisions: {} });
    await expect(loadProject({ schemas: MINI, config: file })).rejects.toThrow(`${file}: unknown key "permisions"`);
  });

  it('a permission for a type the schemas do not define', async () => {
    const file = configFile({ permissions: { public: { 'api::nope.nope': ['find'] } } });
    await expect(loadProject({ schemas: MINI, config: file })).rejects.toThrow(
      `${file}: permissions.public["api::nope.nope"]: no content type "api::nope.nope"`,
    );
  });

  it('an action Strapi does not have', async () => {
    const project = await loadProject({ schemas: MINI });
    const type = [...project.model.contentTypes.values()].find((t) => t.uid.startsWith('api::'))!;
    const file = configFile({ permissions: { public: { [type.uid]: ['find', 'fnid'] } } });
    await expect(loadProject({ schemas: MINI, config: file })).rejects.toThrow(
      `${file}: permissions.public["${type.uid}"][1]: unknown action "fnid"`,
    );
    const tokenFile = configFile({ tokens: [{ key: 'k', type: 'custom', permissions: [`${type.uid}.destroy`] }] });
    await expect(loadProject({ schemas: MINI, config: tokenFile })).rejects.toThrow(
      `${tokenFile}: tokens[0].permissions[0]: unknown action "destroy"`,
    );
  });

  it('accepts route names, "*" and plugin permissions', async () => {
    const project = await loadProject({ schemas: MINI });
    const type = [...project.model.contentTypes.values()].find((t) => t.uid.startsWith('api::'))!;
    const file = configFile({
      permissions: { public: { [type.pluralName]: ['find'], '*': ['findOne'], 'plugin::i18n.locales.listLocales': true } },
      tokens: [{ key: 'k', type: 'custom', permissions: { [type.singularName]: ['create'] } }],
    });
    const loaded = await loadProject({ schemas: MINI, config: file });
    expect(loaded.config.publicPermissions[type.pluralName]).toEqual(['find']);
    expect(loaded.config.publicPlugins).toEqual(['plugin::i18n.locales.listLocales']);
  });
});

describe('proxy and check load the project as serve does', () => {
  it('a custom field mapped by --config is checked as that type', async () => {
    const { mkdirSync } = await import('node:fs');
    const { loadContract } = await import('../../src/contract/proxy/load-contract.js');
    const root = mkdtempSync(join(tmpdir(), 'cm-contract-'));
    const dir = join(root, 'api', 'gadget', 'content-types', 'gadget');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'schema.json'),
      JSON.stringify({
        kind: 'collectionType',
        info: { singularName: 'gadget', pluralName: 'gadgets', displayName: 'Gadget' },
        attributes: { rating: { type: 'customField', customField: 'plugin::acme.rating' } },
      }),
    );
    const file = configFile({ customFields: { 'plugin::acme.rating': 'integer' } });
    const withConfig = await loadContract({ schemas: root, config: file });
    expect(withConfig.model.contentTypes.get('api::gadget.gadget')!.attributes.get('rating')).toMatchObject({ type: 'integer' });
    expect(withConfig.config?.customFields).toEqual({ 'plugin::acme.rating': 'integer' });
    const without = await loadContract({ schemas: root });
    expect(without.model.contentTypes.get('api::gadget.gadget')!.attributes.get('rating')).not.toMatchObject({ type: 'integer' });
  });
});

describe("a project's config/api replaces the new-project template", () => {
  const project = (apiJs: string | undefined) => {
    const root = mkdtempSync(join(tmpdir(), 'cm-api-'));
    cpSync(MINI, join(root, 'src'), { recursive: true });
    if (apiJs !== undefined) {
      mkdirSync(join(root, 'config'));
      writeFileSync(join(root, 'config', 'api.js'), apiJs);
    }
    return root;
  };
  const flags = async (root: string) => {
    const { config } = await loadProject({ schemas: root });
    return [config.rest.strictParams, config.documents.strictRelations, config.rest.defaultLimit];
  };

  it('without the file, a new 5.54 project: both flags on', async () => {
    expect(await flags(project(undefined))).toEqual([true, true, 25]);
  });
  it('a file that leaves the flags out (a project from before 5.x) has them off, as Strapi reads undefined', async () => {
    expect(await flags(project('module.exports = { rest: { defaultLimit: 7, withCount: true } };'))).toEqual([false, false, 7]);
  });
  it("literal values and env.bool defaults are read; an expression keeps the template's value", async () => {
    const generated = `module.exports = ({ env }) => ({ rest: { strictParams: env.bool('X', true) }, documents: { strictRelations: false } });`;
    expect(await flags(project(generated))).toEqual([true, false, 25]);
    expect(await flags(project('const s = true; module.exports = { rest: { strictParams: s } };'))).toEqual([true, false, 25]);
  });
});
