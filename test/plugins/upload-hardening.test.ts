import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { call, KIT_CONFIG, KIT_DATASET, KIT_MODEL } from './plugin-server.js';

// Hostile uploads: a body cut short or abandoned, too many or too big files, names the disk refuses, and bytes
// that lie about their type. The process must survive all of them, and nothing half-written may stay behind.

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'content-mock.js');
const kitConfig = JSON.parse(readFileSync(KIT_CONFIG, 'utf8')) as { permissions: { public: Record<string, unknown> } };
const config = {
  ...kitConfig,
  upload: { sizeLimit: 64 * 1024, maxFiles: 3 },
  permissions: { public: { ...kitConfig.permissions.public, 'plugin::upload.content-api.upload': true } },
};
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR'),
  Buffer.from([0, 0, 0, 3, 0, 0, 0, 2, 8, 6, 0, 0, 0]),
]);

const BOUNDARY = 'XhardenX';
const part = (name: string, type: string, bytes: Buffer | string) =>
  Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    Buffer.from(bytes),
    Buffer.from('\r\n'),
  ]);

/** Sends raw bytes as a POST /api/upload; `end` false leaves the body unfinished, then the socket is destroyed. */
function rawUpload(port: number, body: Buffer, contentLength: number, end: boolean): Promise<string> {
  return new Promise((ok, fail) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        `POST /api/upload HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
          `Content-Length: ${contentLength}\r\nConnection: close\r\n\r\n`,
      );
      socket.write(body);
      if (!end) setTimeout(() => socket.destroy(), 100);
    });
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    socket.on('close', () => ok(answer));
    socket.on('error', fail);
  });
}

describe('a hostile upload against the CLI server (child process)', () => {
  let child: ChildProcess;
  let port: number;
  let output = '';
  let exited: number | null | undefined;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cm-upload-'));
    writeFileSync(join(dir, 'config.json'), JSON.stringify(config));
    child = spawn(
      process.execPath,
      [
        BIN,
        'serve',
        '--schemas',
        KIT_MODEL,
        '--seed',
        KIT_DATASET,
        '--config',
        join(dir, 'config.json'),
        '--data',
        join(dir, 'db.json'),
        '--port',
        '0',
        '--no-watch',
      ],
      { cwd: dir },
    );
    child.once('exit', (code) => (exited = code));
    port = await new Promise<number>((ok, fail) => {
      const read = (d: Buffer) => {
        output += d.toString();
        const m = /at http:\/\/[^:]+:(\d+)\/api/.exec(output);
        if (m) ok(Number(m[1]));
      };
      child.stdout!.on('data', read);
      child.stderr!.on('data', read);
      child.once('exit', (code) => fail(new Error(`exited ${code}: ${output}`)));
    });
  });
  afterAll(() => {
    child.kill('SIGTERM');
  });

  test('a body that stops before its closing boundary → 400, and the process lives on', async () => {
    const body = part('cut.txt', 'text/plain', 'x'.repeat(1000)).subarray(0, 700);
    const answer = await rawUpload(port, body, body.length, true);
    expect(answer).toMatch(/^HTTP\/1.1 400/);
    expect(answer).toContain('"name":"ValidationError"');
    expect(answer).toContain('Invalid multipart body');
    expect((await fetch(`http://127.0.0.1:${port}/api/tags`)).status).toBe(200);
    expect(exited).toBeUndefined();
  });

  test('a client that goes away mid-body is logged as a client abort, not an internal error', async () => {
    const body = part('gone.txt', 'text/plain', 'y'.repeat(2000));
    await rawUpload(port, body.subarray(0, 500), body.length, false);
    await new Promise((r) => setTimeout(r, 200));
    expect((await fetch(`http://127.0.0.1:${port}/api/tags`)).status).toBe(200);
    expect(exited).toBeUndefined();
    expect(output).toMatch(/POST \/api\/upload 499 \(client closed request\)/);
    expect(output).not.toContain('internal error');
    // nothing half-written stays in the uploads folder
    expect(readdirSync(join(dir, 'uploads')).filter((n) => n.startsWith('.incoming-'))).toEqual([]);
  });
});

describe('upload limits, names and types (file store)', () => {
  let server: MockServer;
  let url: string;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cm-upload-store-'));
    server = await createServer({ schemas: KIT_MODEL, seed: KIT_DATASET, data: join(dir, 'db.json'), configObject: config });
    url = (await server.listen(0, '127.0.0.1')).url;
  });
  afterAll(() => server.close());

  const uploads = () => readdirSync(join(dir, 'uploads'));
  const form = (files: { name: string; type: string; bytes: Buffer | string }[]) => {
    const f = new FormData();
    for (const file of files) f.append('files', new Blob([new Uint8Array(Buffer.from(file.bytes))], { type: file.type }), file.name);
    return f;
  };
  const upload = (files: { name: string; type: string; bytes: Buffer | string }[]) =>
    call(`${url}/api/upload`, { method: 'POST', body: form(files) });

  test('more files than upload.maxFiles → 413, nothing stored, no temporary file left', async () => {
    const before = server.runtime().store.data.media.length;
    const res = await upload([1, 2, 3, 4].map((i) => ({ name: `f${i}.txt`, type: 'text/plain', bytes: `file ${i}` })));
    expect(res).toMatchObject({
      status: 413,
      body: { error: { name: 'PayloadTooLargeError', message: 'Too many files: at most 3 in one request' } },
    });
    expect(server.runtime().store.data.media.length).toBe(before);
    expect(uploads().filter((n) => n.startsWith('.incoming-'))).toEqual([]);
  });

  test('a file over upload.sizeLimit → 413 FileTooBig; its partial bytes are deleted', async () => {
    const res = await upload([{ name: 'big.bin', type: 'application/octet-stream', bytes: Buffer.alloc(200 * 1024, 1) }]);
    expect(res).toMatchObject({ status: 413, body: { error: { message: 'FileTooBig' } } });
    expect(uploads().filter((n) => n.startsWith('.incoming-'))).toEqual([]);
  });

  test('a 250-character name → 201; the stored file name is cut to fit the disk and the bytes are served', async () => {
    const name = `${'a'.repeat(250)}.txt`;
    const res = await upload([{ name, type: 'text/plain', bytes: 'long name' }]);
    expect(res.status).toBe(201);
    const [file] = res.body as { name: string; hash: string; url: string }[];
    expect(file.name).toBe(name);
    expect(file.hash).toMatch(/^a+_[0-9a-f]{10}$/);
    expect(Buffer.byteLength(file.url.slice('/uploads/'.length))).toBeLessThanOrEqual(255);
    expect(await (await fetch(url + file.url)).text()).toBe('long name');
  });

  test("a name that fits keeps Strapi's hash whole (240 characters)", async () => {
    const res = await upload([{ name: `${'b'.repeat(240)}.txt`, type: 'text/plain', bytes: 'x' }]);
    expect((res.body as { hash: string }[])[0].hash).toMatch(new RegExp(`^${'b'.repeat(240)}_[0-9a-f]{10}$`));
  });

  test('a name over 255 characters → 400 ApplicationError, as Strapi answers; nothing stored', async () => {
    const before = server.runtime().store.data.media.length;
    const res = await upload([{ name: `${'c'.repeat(300)}.txt`, type: 'text/plain', bytes: 'x' }]);
    expect(res).toMatchObject({
      status: 400,
      body: { data: null, error: { status: 400, name: 'ApplicationError', message: 'File name contains invalid characters' } },
    });
    expect(server.runtime().store.data.media.length).toBe(before);
    expect(uploads().filter((n) => n.startsWith('.incoming-'))).toEqual([]);
  });

  test('the type comes from the bytes: HTML claimed as an image is served as text, with nosniff', async () => {
    const res = await upload([
      { name: 'evil.html', type: 'text/html', bytes: '<html><script>alert(1)</script></html>' },
      { name: 'pixel.txt', type: 'text/html', bytes: PNG },
    ]);
    expect(res.status).toBe(201);
    const [html, png] = res.body as { mime: string; url: string; width: number }[];
    expect(png).toMatchObject({ mime: 'image/png', width: 3 });
    const servedHtml = await fetch(url + html.url);
    expect(servedHtml.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(servedHtml.headers.get('x-content-type-options')).toBe('nosniff');
    expect(servedHtml.headers.get('content-security-policy')).toContain('sandbox');
    const servedPng = await fetch(url + png.url);
    expect(servedPng.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await servedPng.arrayBuffer())).toEqual(PNG);
  });

  test('a path or a temporary file name under /uploads/ → 404', async () => {
    const incoming = '.incoming-0011223344556677';
    writeFileSync(join(dir, 'uploads', incoming), 'secret');
    for (const path of [`/uploads/${incoming}`, '/uploads/..%2Fdb.json', '/uploads/%2e%2e']) {
      expect((await fetch(url + path)).status).toBe(404);
    }
  });
});
