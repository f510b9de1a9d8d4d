import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from '../../src/mock/create-server.js';
import { jsonClient } from './write-client.js';

// A mock of one of the test models (test/fixtures/models/<name>), empty, with its full-access token, and a JSON client.
const MODELS = join(import.meta.dirname, '..', 'fixtures', 'models');

export async function modelServer(name: string) {
  const dir = join(MODELS, name);
  const config = JSON.parse(readFileSync(join(dir, 'content-mock.config.json'), 'utf8')) as { tokens: { type: string; key: string }[] };
  const token = config.tokens.find((t) => t.type === 'full-access')!.key;
  const server = await createServer({ schemas: dir, config: join(dir, 'content-mock.config.json'), memory: true });
  const { url } = await server.listen(0, '127.0.0.1');
  const call = jsonClient(url, token);
  return { server, call, url, token };
}
