import { rmSync } from 'node:fs';
import { createServer, type MockServer } from '../../src/mock/create-server.js';

/**
 * A mock serving the project folder `root` (with its code) on a free port, with one full-access token; `config`: more
 * of the config file's settings (locales, permissions).
 */
export async function startProjectServer(root: string, key: string, config: Record<string, unknown> = {}) {
  const server: MockServer = await createServer({
    schemas: root,
    memory: true,
    configObject: { tokens: [{ name: 'full', type: 'full-access', key }], ...config },
    logger: { info: () => undefined, error: () => undefined },
  });
  const { url: base } = await server.listen(0);
  /** One request with the token; the answer's status and parsed body (null when empty). */
  const send = async <T = unknown>(method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, json: text ? (JSON.parse(text) as T) : null };
  };
  const close = async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  };
  return { server, base, send, close };
}
