import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from '../../src/mock/create-server.js';
import { writeProjectFile } from './schema-files.js';

type Json = Record<string, any>;

/**
 * A project serving the GraphQL plugin (its dependency in package.json) with the content types `schemas` (by
 * singular name), a mock of it on a free port with `config` and one full-access token; `gql` posts one query with it.
 */
export async function startGraphqlProject(schemas: Record<string, Json>, config: Json = {}) {
  const key = 'g'.repeat(40);
  const dir = mkdtempSync(join(tmpdir(), 'cm-graphql-project-'));
  for (const [name, schema] of Object.entries(schemas))
    writeProjectFile(dir, `src/api/${name}/content-types/${name}/schema.json`, JSON.stringify(schema));
  writeProjectFile(
    dir,
    'package.json',
    JSON.stringify({ dependencies: { '@strapi/strapi': '5.54.0', '@strapi/plugin-graphql': '5.54.0' } }),
  );
  writeProjectFile(dir, 'config/.keep', '');
  const server = await createServer({
    schemas: dir,
    memory: true,
    configObject: { ...config, tokens: [{ name: 'full', type: 'full-access', key }] },
    logger: { info: () => undefined, error: () => undefined },
  });
  const { url } = await server.listen(0, '127.0.0.1');
  const gql = async (query: string, variables?: Json): Promise<Json> => {
    const res = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ query, ...(variables ? { variables } : {}) }),
    });
    return (await res.json()) as Json;
  };
  const close = async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { gql, close, url, key };
}
