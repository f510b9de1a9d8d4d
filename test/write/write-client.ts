import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { startKitServer } from '../helpers/kit.js';

// A kit server with a full-access token, and a JSON client for it, shared by the HTTP-level write tests.
export interface Answer {
  readonly status: number;
  readonly body: {
    data: unknown;
    error?: { message: string; details: { errors?: { path: string[]; message: string; value?: unknown }[]; path?: string } };
  };
}

export interface Doc {
  readonly id: number;
  readonly documentId: string;
  readonly [key: string]: unknown;
}
export const one = (a: Answer): Doc => a.body.data as Doc;
export const list = (a: Answer): Doc[] => a.body.data as Doc[];

export async function writeClient(
  token: string,
): Promise<{ server: MockServer; call: (method: string, path: string, body?: unknown) => Promise<Answer> }> {
  const { server, url } = await startKitServer({ tokens: [{ name: 'writer', type: 'full-access', key: token }] });
  return { server, call: jsonClient(url, token) };
}

/** JSON requests to a server with a bearer token; a 204 reads as `{ data: null }`. */
export function jsonClient(url: string, token: string): (method: string, path: string, body?: unknown) => Promise<Answer> {
  return async (method, path, body) => {
    const res = await fetch(url + path, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: res.status === 204 ? { data: null } : ((await res.json()) as Answer['body']) };
  };
}

/**
 * A test fixture model (test/fixtures/models/<name>) served in memory with GraphQL on, and a JSON client with its
 * config's full-access token.
 */
export async function fixtureClient(
  name: string,
): Promise<{ server: MockServer; call: (method: string, path: string, body?: unknown) => Promise<Answer> }> {
  const dir = join(import.meta.dirname, '..', 'fixtures', 'models', name);
  const config = JSON.parse(readFileSync(join(dir, 'content-mock.config.json'), 'utf8')) as { tokens: { type: string; key: string }[] };
  const token = config.tokens.find((t) => t.type === 'full-access')!.key;
  const server = await createServer({
    schemas: dir,
    config: join(dir, 'content-mock.config.json'),
    configObject: { graphql: {} },
    memory: true,
  });
  const { url } = await server.listen(0, '127.0.0.1');
  return { server, call: jsonClient(url, token) };
}
