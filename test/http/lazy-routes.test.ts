import { describe, expect, test } from 'vitest';
import { createDocsRouter } from '../../src/mock/http/docs-router.js';
import { DOCS_PATHS } from '../../src/mock/create-server.js';
import type { OpenAPIV3_1 } from 'openapi-types';

describe('docs routes mounted on first use', () => {
  test('every path the docs router answers is one the lazy mount passes on to it', () => {
    const router = createDocsRouter(() => ({}) as OpenAPIV3_1.Document) as unknown as { stack: { route?: { path: string } }[] };
    const paths = router.stack.flatMap((layer) => (layer.route ? [layer.route.path] : []));
    expect(paths.length).toBeGreaterThan(3);
    expect(paths.map((p) => p.replace(/:[^/]+/g, 'x')).filter((p) => !DOCS_PATHS.test(p))).toEqual([]);
  });

  test('other paths never wait for the OpenAPI generator', () => {
    for (const path of ['/api/articles', '/openapi.jsonx', '/docsx', '/api/docs']) expect(DOCS_PATHS.test(path)).toBe(false);
  });
});
