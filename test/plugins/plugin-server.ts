import { fileURLToPath } from 'node:url';
import { createServer, type MockServer } from '../../src/mock/create-server.js';

export const KIT_DIR = fileURLToPath(new URL('../fixtures/kit/', import.meta.url));
export const KIT_MODEL = `${KIT_DIR}model`;
export const KIT_DATASET = `${KIT_DIR}dataset.json`;
export const KIT_CONFIG = `${KIT_DIR}content-mock.config.json`;

export interface Running {
  readonly server: MockServer;
  readonly url: string;
}

/** The kit served in memory on a free port, with extra config merged over the kit's. */
export async function startKit(extra: Record<string, unknown> = {}, seed: string | undefined = KIT_DATASET): Promise<Running> {
  const server = await createServer({ schemas: KIT_MODEL, seed, config: KIT_CONFIG, memory: true, configObject: extra });
  const { url } = await server.listen(0, '127.0.0.1');
  return { server, url };
}

export async function call(url: string, init: RequestInit = {}): Promise<{ status: number; body: unknown; type: string | null }> {
  const res = await fetch(url, init);
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body, type: res.headers.get('content-type') };
}

export const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
