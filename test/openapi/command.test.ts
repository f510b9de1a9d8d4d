import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ContentModel } from '../../src/core/model/types.js';
import { runOpenApiCommand, type CommandIo } from '../../src/contract/openapi/openapi-command.js';
import { generateOpenApi } from '../../src/contract/openapi/generate.js';
import { serializeDocument } from '../../src/contract/openapi/serialize-document.js';
import { EXAMPLE_OPENAPI, loadExampleModel, loadKitModel } from './kit.js';
import { component, contentType, makeModel, scalar } from './model-builder.js';

function capture(): CommandIo & { out: string; err: string } {
  const io = { out: '', err: '', stdout: (t: string) => void (io.out += t), stderr: (t: string) => void (io.err += t) };
  return io;
}

let model: ContentModel;
let dir: string;
beforeAll(async () => {
  model = await loadKitModel();
  dir = mkdtempSync(join(tmpdir(), 'content-mock-openapi-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('content-mock openapi', () => {
  test('without --out the document goes to stdout', async () => {
    const io = capture();
    expect(await runOpenApiCommand({ model, format: 'json', check: false, io })).toBe(0);
    expect(JSON.parse(io.out)).toEqual(generateOpenApi(model));
    expect(io.err).toBe('');
  });

  test('--format yaml', async () => {
    const io = capture();
    expect(await runOpenApiCommand({ model, format: 'yaml', check: false, io })).toBe(0);
    expect(parse(io.out)).toEqual(generateOpenApi(model));
  });

  test('--out writes the file (creating folders), byte-identical on a second run', async () => {
    const out = join(dir, 'nested', 'openapi.json');
    const io = capture();
    expect(await runOpenApiCommand({ model, out, format: 'json', check: false, io })).toBe(0);
    const first = readFileSync(out, 'utf8');
    expect(first).toBe(serializeDocument(generateOpenApi(model), 'json'));
    expect(io.err).toContain(`wrote ${out}`);
    expect(await runOpenApiCommand({ model, out, format: 'json', check: false, io: capture() })).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(first);
  });

  test('title, version and server URL reach the document', async () => {
    const io = capture();
    await runOpenApiCommand({ model, format: 'json', check: false, io, title: 'Kit', version: '5.54.0', serverUrl: 'http://localhost:1337' });
    expect(JSON.parse(io.out)).toMatchObject({ info: { title: 'Kit', version: '5.54.0' }, servers: [{ url: 'http://localhost:1337' }] });
  });

  describe('--check', () => {
    const out = () => join(dir, 'check', 'openapi.yaml');
    beforeAll(async () => {
      await runOpenApiCommand({ model, out: out(), format: 'yaml', check: false, io: capture() });
    });

    test('passes when the file is what the model generates (CRLF line ends tolerated)', async () => {
      const io = capture();
      expect(await runOpenApiCommand({ model, out: out(), format: 'yaml', check: true, io })).toBe(0);
      expect(io.err).toContain('is up to date');
      const crlf = join(dir, 'crlf.yaml');
      writeFileSync(crlf, readFileSync(out(), 'utf8').replace(/\n/g, '\r\n'));
      expect(await runOpenApiCommand({ model, out: crlf, format: 'yaml', check: true, io: capture() })).toBe(0);
    });

    test('fails with exit 1 and the first differing line when the file is stale', async () => {
      const stale = join(dir, 'stale.yaml');
      writeFileSync(stale, readFileSync(out(), 'utf8').replace('title: Strapi Content API', 'title: Old'));
      const io = capture();
      expect(await runOpenApiCommand({ model, out: stale, format: 'yaml', check: true, io, schemas: 'test/fixtures/kit/model' })).toBe(1);
      expect(io.err).toMatch(/stale\.yaml is out of date with the schemas \(first difference at line 3\); regenerate it with: content-mock openapi --schemas test\/fixtures\/kit\/model --format yaml --out /);
      expect(readFileSync(stale, 'utf8')).toContain('title: Old');
    });

    test('fails with exit 1 when the file is missing, and exit 2 without --out', async () => {
      const io = capture();
      expect(await runOpenApiCommand({ model, out: join(dir, 'missing.json'), format: 'json', check: true, io })).toBe(1);
      expect(io.err).toContain('does not exist');
      const usage = capture();
      expect(await runOpenApiCommand({ model, format: 'json', check: true, io: usage })).toBe(2);
      expect(usage.err).toContain('--check needs --out');
    });
  });

  test('a model that cannot be described exits 2 with the reason, writing nothing', async () => {
    const unnamed = makeModel([contentType('thing', [scalar('x', 'string')])], [component('3d.seo', [])]);
    const io = capture();
    const out = join(dir, 'unnamed.json');
    expect(await runOpenApiCommand({ model: unnamed, out, format: 'json', check: false, io })).toBe(2);
    expect(io.err).toMatch(/^openapi: component 3d\.seo .*cannot derive an OpenAPI schema name \(got "3dSeo"\)/);
    expect(() => readFileSync(out)).toThrow();
  });
});

test('openapi/openapi.json is current with the embedded example (the same check as --check)', async () => {
  const io = capture();
  const code = await runOpenApiCommand({ model: await loadExampleModel(), out: EXAMPLE_OPENAPI, format: 'json', check: true, io, schemas: 'data/schemas' });
  expect(io.err).toContain('is up to date');
  expect(code).toBe(0);
});
