import type { OpenAPIV3_1 } from 'openapi-types';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { generateOpenApi } from '../../src/contract/openapi/generate.js';
import { loadExampleModel, loadKitModel } from './kit.js';
import { serveDocs } from './serve-docs.js';

let kitDoc: OpenAPIV3_1.Document;
let exampleDoc: OpenAPIV3_1.Document;
let current: OpenAPIV3_1.Document;
let server: { url: string; close: () => Promise<void> };

beforeAll(async () => {
  kitDoc = generateOpenApi(await loadKitModel());
  exampleDoc = generateOpenApi(await loadExampleModel());
  current = exampleDoc;
  server = await serveDocs(() => current, '/_mock');
});
afterAll(() => server.close());

describe('docs router (mounted under /_mock)', () => {
  test('GET /openapi.json serves the live document', async () => {
    const res = await fetch(`${server.url}/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.json()).toEqual(exampleDoc);
  });

  test('GET /openapi.yaml serves the same document as YAML', async () => {
    const res = await fetch(`${server.url}/openapi.yaml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/yaml; charset=utf-8');
    expect(parse(await res.text())).toEqual(exampleDoc);
  });

  test('a rebuilt document shows at once', async () => {
    current = kitDoc;
    try {
      const res = await fetch(`${server.url}/openapi.json`);
      expect(Object.keys(((await res.json()) as OpenAPIV3_1.Document).paths ?? {})).toContain('/api/articles');
    } finally {
      current = exampleDoc;
    }
  });

  test('GET /docs is a Swagger UI page loading local assets and the document, with links under the mount point', async () => {
    const res = await fetch(`${server.url}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toContain('<script src="/_mock/docs/assets/swagger-ui-bundle.js"></script>');
    expect(html).toContain('href="/_mock/docs/assets/swagger-ui.css"');
    expect(html).toContain('"url":"/_mock/docs/openapi.json"');
    expect(html).not.toMatch(/https?:\/\//);
  });

  test.each([
    ['swagger-ui-bundle.js', 'javascript'],
    ['swagger-ui.css', 'text/css'],
  ])('serves %s from swagger-ui-dist', async (file, type) => {
    const res = await fetch(`${server.url}/docs/assets/${file}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain(type);
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
  });

  test('other files of the package are not exposed', async () => {
    for (const file of ['package.json', 'index.html', '..%2Fpackage.json']) {
      expect((await fetch(`${server.url}/docs/assets/${file}`)).status).toBe(404);
    }
  });
});
