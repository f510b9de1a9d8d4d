import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadModel } from '../../src/project/load-model.js';
import { SchemaErrors } from '../../src/core/model/schema-errors.js';
import { KIT_MODEL } from '../helpers/kit.js';

type Json = Record<string, unknown>;

/** A folder laid out like a Strapi src/: api/<name>/content-types/<name>/schema.json and components/<cat>/<name>.json. */
function project(types: Record<string, Json | string>, components: Record<string, Json | string> = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'cm-schema-'));
  for (const [name, schema] of Object.entries(types)) {
    const dir = join(root, 'api', name, 'content-types', name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'schema.json'), typeof schema === 'string' ? schema : JSON.stringify(schema, null, 2));
  }
  for (const [uid, schema] of Object.entries(components)) {
    const [category, name] = uid.split('.');
    mkdirSync(join(root, 'components', category), { recursive: true });
    writeFileSync(
      join(root, 'components', category, `${name}.json`),
      typeof schema === 'string' ? schema : JSON.stringify(schema, null, 2),
    );
  }
  return root;
}

const type = (name: string, attributes: Json, extra: Json = {}): Json => ({
  kind: 'collectionType',
  info: { singularName: name, pluralName: `${name}s`, displayName: name },
  options: { draftAndPublish: false },
  attributes,
  ...extra,
});

async function problems(root: string, strict = false): Promise<string[]> {
  try {
    await loadModel(root, { strict });
  } catch (e) {
    if (e instanceof SchemaErrors)
      return e.problems.map(
        (p) => `${p.file.split('/').slice(-2).join('/')}${p.line ? `:${p.line}:${p.column}` : ''} ${p.path}: ${p.message}`,
      );
    throw e;
  }
  return [];
}

describe('reading Strapi schemas into the content model', () => {
  test('the kit model: every kind of attribute, relations resolved both ways, components nested', async () => {
    const model = await loadModel(KIT_MODEL);
    const article = model.contentTypes.get('api::article.article')!;
    expect(article.kind).toBe('collectionType');
    expect(article.draftAndPublish).toBe(true);
    expect(article.localized).toBe(true);
    expect(model.byRoute.get('articles')).toBe(article);
    expect(model.byRoute.get('global')?.kind).toBe('singleType');
    const kinds = Object.fromEntries([...article.attributes.values()].map((a) => [a.name, a.kind === 'scalar' ? a.type : a.kind]));
    expect(kinds).toMatchObject({
      title: 'string',
      slug: 'uid',
      body: 'blocks',
      content: 'richtext',
      views: 'integer',
      rating: 'decimal',
      featured: 'boolean',
      publishDate: 'date',
      kind: 'enumeration',
      metadata: 'json',
      category: 'relation',
      cover: 'media',
      seo: 'component',
      blocks: 'dynamiczone',
    });
    const tags = article.attributes.get('tags');
    expect(tags).toMatchObject({ kind: 'relation', relation: 'manyToMany', owner: true, toMany: true, inversedBy: 'articles' });
    expect(model.contentTypes.get('api::tag.tag')!.attributes.get('articles')).toMatchObject({ owner: false, mappedBy: 'tags' });
    // relations and uids are always per-locale; other attributes only when flagged
    expect(article.attributes.get('slug')!.localized).toBe(true);
    expect(article.attributes.get('views')!.localized).toBe(false);
    expect(article.attributes.get('title')!.localized).toBe(true);
    expect(model.components.get('shared.seo')!.attributes.get('links')).toMatchObject({
      kind: 'component',
      repeatable: true,
      component: 'shared.link',
    });
    expect(Object.isFrozen(model)).toBe(true);
  });

  test('every scalar type, media single and multiple, oneToOne without inverse as one-way, custom fields', async () => {
    const scalars = [
      'string',
      'text',
      'richtext',
      'blocks',
      'email',
      'password',
      'uid',
      'integer',
      'biginteger',
      'float',
      'decimal',
      'boolean',
      'date',
      'time',
      'datetime',
      'timestamp',
      'json',
    ];
    const attributes: Json = Object.fromEntries(scalars.map((t) => [`a_${t}`, { type: t }]));
    attributes.choice = { type: 'enumeration', enum: ['a', 'b'], default: 'a' };
    attributes.one = { type: 'media', multiple: false };
    attributes.many = { type: 'media', multiple: true, allowedTypes: ['images'] };
    attributes.self = { type: 'relation', relation: 'oneToOne', target: 'api::thing.thing' };
    attributes.others = { type: 'relation', relation: 'manyWay', target: 'api::thing.thing' };
    attributes.color = { type: 'customField', customField: 'plugin::color-picker.color' };
    attributes.limited = { type: 'string', minLength: 2, maxLength: 5, required: true, unique: true, private: true };
    const model = await loadModel(project({ thing: type('thing', attributes) }));
    const thing = model.contentTypes.get('api::thing.thing')!;
    for (const t of scalars) expect(thing.attributes.get(`a_${t}`)).toMatchObject({ kind: 'scalar', type: t });
    expect(thing.attributes.get('a_password')!.private).toBe(true);
    expect(thing.attributes.get('choice')).toMatchObject({ enum: ['a', 'b'], default: 'a' });
    expect(thing.attributes.get('many')).toMatchObject({ kind: 'media', multiple: true, allowedTypes: ['images'] });
    expect(thing.attributes.get('self')).toMatchObject({ owner: true, toMany: false });
    expect(thing.attributes.get('others')).toMatchObject({ owner: true, toMany: true });
    expect(thing.attributes.get('color')).toMatchObject({ kind: 'scalar', type: 'string', customField: 'plugin::color-picker.color' });
    expect(thing.attributes.get('limited')).toMatchObject({ minLength: 2, maxLength: 5, required: true, unique: true, private: true });
  });

  test("morph relations, unknown custom fields and other plugins' targets are warnings, not errors", async () => {
    const model = await loadModel(
      project({
        thing: type('thing', {
          owner: { type: 'relation', relation: 'morphToOne' },
          fancy: { type: 'customField', customField: 'plugin::nobody.knows' },
          grant: { type: 'relation', relation: 'manyToOne', target: 'plugin::upload.folder' },
          name: { type: 'string' },
        }),
      }),
    );
    // An unknown custom field is kept (as any JSON value): real answers carry it.
    expect([...model.contentTypes.get('api::thing.thing')!.attributes.keys()]).toEqual(['fancy', 'name']);
    expect(model.warnings).toHaveLength(3);
    expect(model.warnings.join('\n')).toMatch(/morphToOne.*skipped/);
    expect(model.warnings.join('\n')).toMatch(/unknown custom field "plugin::nobody.knows" served as any JSON value/);
    expect(model.warnings.join('\n')).toMatch(/relation to "plugin::upload.folder" \(not a content type of this project\) skipped/);
  });

  test('the users & permissions user type is always there: a relation target without content routes of its own', async () => {
    const model = await loadModel(
      project({
        thing: type('thing', {
          reviewer: { type: 'relation', relation: 'manyToOne', target: 'plugin::users-permissions.user', inversedBy: 'things' },
          name: { type: 'string' },
        }),
      }),
    );
    const user = model.contentTypes.get('plugin::users-permissions.user')!;
    expect(user).toMatchObject({ builtIn: true, kind: 'collectionType', pluralName: 'users', draftAndPublish: false, localized: false });
    expect(user.attributes.get('password')).toMatchObject({ kind: 'scalar', type: 'password', private: true });
    expect([...model.byRoute.keys()]).toEqual(['things']);
    // the plugin's default schema has no `things`: the relation is kept, one-way, with a warning saying how to extend
    expect(model.contentTypes.get('api::thing.thing')!.attributes.get('reviewer')).toMatchObject({ owner: true, inversedBy: undefined });
    expect(model.warnings.join('\n')).toMatch(/extend its schema under extensions\/users-permissions\/content-types\/user/);
  });

  test("the project's extension of the user schema is the user type", async () => {
    const root = project({
      thing: type('thing', {
        reviewer: { type: 'relation', relation: 'manyToOne', target: 'plugin::users-permissions.user', inversedBy: 'things' },
      }),
    });
    const dir = join(root, 'extensions', 'users-permissions', 'content-types', 'user');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'schema.json'),
      JSON.stringify({
        kind: 'collectionType',
        info: { singularName: 'user', pluralName: 'users' },
        attributes: {
          username: { type: 'string' },
          nickname: { type: 'string' },
          things: { type: 'relation', relation: 'oneToMany', target: 'api::thing.thing', mappedBy: 'reviewer' },
        },
      }),
    );
    const model = await loadModel(root);
    const user = model.contentTypes.get('plugin::users-permissions.user')!;
    expect([...user.attributes.keys()]).toEqual(['username', 'nickname', 'things']);
    expect(model.contentTypes.get('api::thing.thing')!.attributes.get('reviewer')).toMatchObject({ inversedBy: 'things' });
    expect(model.warnings).toEqual([]);
  });

  test.each([
    [
      'invalid JSON, with line and column',
      { thing: '{\n  "kind": "collectionType",\n  "info": {,\n}' },
      {},
      'thing/schema.json:3:12 #: invalid JSON: Expected property name',
    ],
    [
      'an unknown attribute type',
      { thing: type('thing', { x: { type: 'strnig' } }) },
      {},
      'thing/schema.json #/attributes/x/type: unknown attribute type "strnig"',
    ],
    [
      'a relation to a missing type',
      { thing: type('thing', { x: { type: 'relation', relation: 'manyToOne', target: 'api::ghost.ghost' } }) },
      {},
      'thing/schema.json #/attributes/x/target: relation to a missing content type "api::ghost.ghost"',
    ],
    [
      'an unknown component',
      { thing: type('thing', { x: { type: 'component', component: 'shared.ghost' } }) },
      {},
      'thing/schema.json #/attributes/x/component: unknown component "shared.ghost"',
    ],
    [
      'an unknown component in a dynamic zone',
      { thing: type('thing', { x: { type: 'dynamiczone', components: ['shared.ghost'] } }) },
      {},
      'thing/schema.json #/attributes/x/components/0: unknown component "shared.ghost"',
    ],
    [
      'a reserved attribute name',
      { thing: type('thing', { documentId: { type: 'string' } }) },
      {},
      'thing/schema.json #/attributes/documentId: "documentId" is a reserved attribute name in Strapi',
    ],
    [
      'a reserved attribute name (locale)',
      { thing: type('thing', { locale: { type: 'string' } }) },
      {},
      'thing/schema.json #/attributes/locale: "locale" is a reserved attribute name in Strapi',
    ],
    [
      'an enumeration without values',
      { thing: type('thing', { x: { type: 'enumeration' } }) },
      {},
      'thing/schema.json #/attributes/x/enum: an enumeration needs an "enum" array of strings',
    ],
    [
      'a bad kind',
      { thing: { ...type('thing', {}), kind: 'pageType' } },
      {},
      'thing/schema.json #/kind: "kind" must be "collectionType" or "singleType" (got "pageType")',
    ],
    [
      'a broken component file',
      { thing: type('thing', {}) },
      { 'shared.bad': '{"attributes": ' },
      'shared/bad.json:1:16 #: invalid JSON: Unexpected end of JSON input',
    ],
  ])('%s is an error naming the file and the JSON path', async (_name, types, components, message) => {
    const found = await problems(project(types as Record<string, Json | string>, components as Record<string, Json | string>));
    expect(
      found.some((p) => p.startsWith(message)),
      found.join('\n'),
    ).toBe(true);
  });

  test('duplicate API ids are an error on the second type', async () => {
    const found = await problems(project({ a: type('thing', {}), b: type('thing', {}) }));
    expect(found).toEqual([
      expect.stringMatching(/#\/info\/singularName: API id "thing" is already used by api::a.a/),
      expect.stringMatching(/#\/info\/pluralName: API id "things" is already used by api::a.a/),
    ]);
  });

  test('all problems are reported at once', async () => {
    const found = await problems(
      project({
        one: type('one', { x: { type: 'nope' }, id: { type: 'string' } }),
        two: '{ broken',
      }),
    );
    expect(found).toHaveLength(3);
  });

  test('a Strapi project root is read through its src/ folder', async () => {
    const root = mkdtempSync(join(tmpdir(), 'cm-project-'));
    cpSync(KIT_MODEL, join(root, 'src'), { recursive: true });
    const model = await loadModel(root);
    // the kit's 7 types, plus the users & permissions user, role and permission every Strapi has
    expect(model.contentTypes.size).toBe(10);
    // a role's permissions are rows of the plugin's permission type, in the role's attribute order (before users)
    const role = model.contentTypes.get('plugin::users-permissions.role')!;
    expect(role.attributes.get('permissions')).toMatchObject({
      kind: 'relation',
      target: 'plugin::users-permissions.permission',
      toMany: true,
    });
    expect([...role.attributes.keys()].slice(0, 4)).toEqual(['name', 'description', 'type', 'permissions']);
    expect(model.byRoute.size).toBe(7);
  });

  test('a folder without schemas is a clear error', async () => {
    await expect(loadModel(mkdtempSync(join(tmpdir(), 'cm-empty-')))).rejects.toThrow(/no schema found/);
    await expect(loadModel('/no/such/folder')).rejects.toThrow(/no such folder of Strapi schemas/);
  });

  test('a dangling inverse relation (a v4 migration leftover) is a warning with file and JSON path; the attribute is skipped', async () => {
    const root = project({
      thing: type('thing', {
        title: { type: 'string' },
        x: { type: 'relation', relation: 'manyToOne', target: 'api::thing.thing', inversedBy: 'nope' },
      }),
    });
    const model = await loadModel(root);
    const thing = model.contentTypes.get('api::thing.thing');
    expect([...(thing?.attributes.keys() ?? [])]).toEqual(['title']);
    expect(
      model.warnings.some((w) => /thing[\\/]schema\.json#\/attributes\/x\/inversedBy: inverse attribute "nope" not found/.test(w)),
    ).toBe(true);
    expect(await problems(root, true)).toEqual([
      'thing/schema.json #/attributes/x/inversedBy: inverse attribute "nope" not found on api::thing.thing',
    ]);
  });
});
