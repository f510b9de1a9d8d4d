import { afterAll, beforeAll, expect, test } from 'vitest';
import { startKit, type Running } from '../plugins/plugin-server.js';

// koa-router's allowedMethods as Strapi mounts it, next to a catch-all GET route (the admin panel's): a method no
// route of the path takes is a 405 text/plain with `Allow` (HEAD, GET and the methods of every route the path
// matches), OPTIONS a 200 with `Allow`, and GET of a path no route takes the JSON 404.

let kit: Running;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(() => kit.server.close());

const send = async (method: string, path: string) => {
  const res = await fetch(`${kit.url}${path}`, { method });
  return { status: res.status, allow: res.headers.get('allow'), type: res.headers.get('content-type'), text: await res.text() };
};

test.each([
  ['POST', '/api/upload/files', 'HEAD, GET'],
  ['PUT', '/api/upload', 'HEAD, GET, POST'],
  ['PATCH', '/api/auth/local', 'HEAD, GET, POST'],
  ['POST', '/api/users/me', 'HEAD, GET, PUT, DELETE'],
  ['DELETE', '/api/articles', 'HEAD, GET, POST'],
  ['POST', '/api/global', 'HEAD, GET, PUT, DELETE'],
  ['PATCH', '/api/articles/some-document', 'HEAD, GET, PUT, DELETE'],
  ['PATCH', '/api/no-such-types', 'HEAD, GET'],
  ['POST', '/api/articles/a/b', 'HEAD, GET'],
  ['DELETE', '/anywhere', 'HEAD, GET'],
])('%s %s → 405 Method Not Allowed, Allow: %s', async (method, path, allow) => {
  expect(await send(method, path)).toEqual({ status: 405, allow, type: 'text/plain; charset=utf-8', text: 'Method Not Allowed' });
});

test('OPTIONS (not a CORS preflight) → 200 with Allow, empty', async () => {
  expect(await send('OPTIONS', '/api/auth/local')).toMatchObject({ status: 200, allow: 'HEAD, GET, POST', text: '' });
  expect(await send('OPTIONS', '/api/articles')).toMatchObject({ status: 200, allow: 'HEAD, GET, POST', text: '' });
});

test('GET of a path only other methods take, or no route takes → the JSON 404', async () => {
  for (const path of ['/api/upload', '/api/auth/local', '/api/no-such-types']) {
    const res = await send('GET', path);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.text)).toEqual({ data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } });
  }
});
