import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { jsonClient, type Answer } from '../write/write-client.js';

/** A mock of a model under test/fixtures/models (its own config) on a free port, and a client with its full-access token. */
export async function startFixtureModel(
  name: string,
): Promise<{ server: MockServer; call: (method: string, path: string, body?: unknown) => Promise<Answer> }> {
  const dir = join(import.meta.dirname, '..', 'fixtures', 'models', name);
  const configFile = join(dir, 'content-mock.config.json');
  const config = JSON.parse(readFileSync(configFile, 'utf8')) as { tokens: { type: string; key: string }[] };
  const server = await createServer({ schemas: dir, config: configFile, memory: true });
  const { url } = await server.listen(0, '127.0.0.1');
  return { server, call: jsonClient(url, config.tokens.find((t) => t.type === 'full-access')!.key) };
}
