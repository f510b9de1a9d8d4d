import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { signJwt, verifyJwt } from '../../src/mock/auth/jwt.js';
import { jwtSecretFile } from '../../src/mock/auth/persist-jwt-secret.js';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { call, json, KIT_CONFIG, KIT_DATASET, KIT_MODEL } from './plugin-server.js';

// JWTs must not be signed with a secret anyone can read in our source: without `usersPermissions.jwtSecret`, each
// store has its own random secret, kept beside its data file.

const users = [{ username: 'ada', email: 'ada@example.com', password: 'analytical-engine' }];
const OLD_DEFAULT = 'content-mock-users-permissions-jwt-secret';
const running: MockServer[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) await s.close();
});

async function start(options: { data?: string; configObject?: Record<string, unknown> }): Promise<string> {
  const server = await createServer({
    schemas: KIT_MODEL,
    seed: KIT_DATASET,
    config: KIT_CONFIG,
    memory: options.data === undefined,
    data: options.data,
    configObject: { users, ...options.configObject },
  });
  running.push(server);
  return (await server.listen(0, '127.0.0.1')).url;
}
const login = async (url: string) =>
  ((await call(`${url}/api/auth/local`, json({ identifier: 'ada', password: 'analytical-engine' }))).body as { jwt: string }).jwt;
const me = (url: string, jwt: string) => call(`${url}/api/users/me`, { headers: { authorization: `Bearer ${jwt}` } });

describe('the JWT secret', () => {
  test('a token minted with the old built-in default secret → 401', async () => {
    const url = await start({});
    expect((await me(url, signJwt({ id: 1 }, OLD_DEFAULT, 3600))).status).toBe(401);
    expect((await me(url, await login(url))).status).toBe(200);
  });

  test('two memory stores have different secrets: one server’s token is refused by the other', async () => {
    const [a, b] = [await start({}), await start({})];
    expect((await me(b, await login(a))).status).toBe(401);
  });

  test('a file store keeps its random secret beside the data file (owner-only), so tokens survive a restart', async () => {
    const data = join(mkdtempSync(join(tmpdir(), 'cm-jwt-')), 'db.json');
    const url = await start({ data });
    const jwt = await login(url);
    const file = jwtSecretFile(data);
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(file).mode & 0o077).toBe(0);
    await running.pop()!.close();
    const again = await start({ data });
    expect((await me(again, jwt)).status).toBe(200);
  });

  test('a configured usersPermissions.jwtSecret is used as given', async () => {
    const url = await start({ configObject: { usersPermissions: { jwtSecret: 'shared-secret' } } });
    const jwt = await login(url);
    expect(verifyJwt(jwt, 'shared-secret')).toMatchObject({ userId: expect.any(String), type: 'access' });
    expect((await me(url, jwt)).status).toBe(200);
  });
});
