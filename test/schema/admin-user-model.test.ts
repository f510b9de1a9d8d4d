import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { generateOpenApi } from '../../src/contract/openapi/generate.js';
import { ADMIN_USER_UID, USER_UID } from '../../src/core/model/built-in-types.js';
import { SchemaErrors } from '../../src/core/model/schema-errors.js';
import { loadModel } from '../../src/project/load-model.js';
import { roleCan } from '../../src/core/auth/role-grants.js';

// The admin panel's user as a built-in type: what loading a project that relates to it gives, and the contract of
// such a relation.

type Json = Record<string, unknown>;

function project(attributes: Json, userExtension?: Json): string {
  const root = mkdtempSync(join(tmpdir(), 'cm-admin-user-'));
  const dir = join(root, 'api', 'article', 'content-types', 'article');
  mkdirSync(dir, { recursive: true });
  const article = {
    collectionName: 'articles',
    info: { singularName: 'article', pluralName: 'articles', displayName: 'Article' },
    options: { draftAndPublish: false },
    attributes: { title: { type: 'string' }, ...attributes },
  };
  writeFileSync(join(dir, 'schema.json'), JSON.stringify(article));
  if (userExtension) {
    const ext = join(root, 'extensions', 'users-permissions', 'content-types', 'user');
    mkdirSync(ext, { recursive: true });
    writeFileSync(join(ext, 'schema.json'), JSON.stringify({ attributes: userExtension }));
  }
  return root;
}

const author = { type: 'relation', relation: 'manyToOne', target: 'admin::user' };

describe('a relation to admin::user', () => {
  test('is kept, and the admin user is a built-in type without routes, with private fields as @strapi/admin has them', async () => {
    const model = await loadModel(project({ author }));
    expect(model.contentTypes.get('api::article.article')!.attributes.get('author')).toMatchObject({
      kind: 'relation',
      target: ADMIN_USER_UID,
    });
    const admin = model.contentTypes.get(ADMIN_USER_UID)!;
    expect(admin.builtIn).toBe(true);
    expect([...model.byRoute.values()].map((t) => t.uid)).toEqual(['api::article.article']);
    expect(admin.attributes.get('firstname')?.private).toBe(false);
    for (const name of ['email', 'password', 'roles', 'isActive']) expect(admin.attributes.get(name)?.private, name).toBe(true);
    expect(model.warnings.join('\n')).not.toContain('admin::user');
  });

  test('a project without one has no admin user type', async () => {
    const model = await loadModel(project({}));
    expect(model.contentTypes.has(ADMIN_USER_UID)).toBe(false);
  });

  test('an inverse side that names it from another type is skipped with a warning, as Strapi boots (monblog)', async () => {
    const root = project(
      { author: { ...author } },
      {
        username: { type: 'string' },
        email: { type: 'email' },
        articles: { type: 'relation', relation: 'oneToMany', target: 'api::article.article', mappedBy: 'author' },
      },
    );
    const model = await loadModel(root);
    expect(model.contentTypes.get(USER_UID)!.attributes.has('articles')).toBe(false);
    expect(model.contentTypes.get('api::article.article')!.attributes.has('author')).toBe(true);
    expect(model.warnings.join('\n')).toContain('targets "admin::user", not plugin::users-permissions.user');
    await expect(loadModel(root, { strict: true })).rejects.toBeInstanceOf(SchemaErrors);
  });

  test('its contract: the AdminUser entry (public fields only), the users & permissions User keeps its name, writes take only empty values', async () => {
    const model = await loadModel(project({ author, owner: { type: 'relation', relation: 'oneToOne', target: USER_UID } }));
    const schemas = generateOpenApi(model).components!.schemas! as Record<string, Json>;
    const adminProps = Object.keys(schemas.AdminUser.properties as Json);
    expect(adminProps).toEqual(expect.arrayContaining(['firstname', 'lastname', 'username', 'preferedLanguage']));
    for (const hidden of ['email', 'password', 'roles']) expect(adminProps).not.toContain(hidden);
    expect(JSON.stringify((schemas.Article.properties as Json).author)).toContain('#/components/schemas/AdminUser"');
    expect(JSON.stringify((schemas.Article.properties as Json).owner)).toContain('#/components/schemas/User"');
    expect(schemas).not.toHaveProperty('AdminUserCreateInput');
    const write = (schemas.ArticleCreateInput.properties as Record<string, { oneOf: Json[]; description: string }>).author;
    expect(write.oneOf[0]).toMatchObject({ type: 'array', maxItems: 0 });
    expect(write.description).toContain('cannot create or link admin panel users');
  });
});

test('no users & permissions role may read admin users, not even through a "*" grant (admin::user.find is no Content API action)', async () => {
  const model = await loadModel(project({ author }));
  const grants = { content: { '*': ['find', 'findOne'], [ADMIN_USER_UID]: ['find'] }, plugins: [`${ADMIN_USER_UID}.find`] };
  expect(roleCan(grants, model.contentTypes.get(ADMIN_USER_UID)!, 'find')).toBe(false);
  expect(roleCan(grants, model.contentTypes.get('api::article.article')!, 'find')).toBe(true);
});
