import { beforeAll, describe, expect, test } from 'vitest';
import { generateOpenApi } from '../../src/contract/openapi/generate.js';
import { createResponseValidator, type ResponseValidator } from '../../src/contract/openapi/response-validator.js';
import { goldenCases, loadKitModel, resolvePlaceholders, sentV4, type GoldenCase } from './kit.js';

// Requests to routes that are not content-type routes: Strapi's generic 404 for an unknown path. No operation
// describes them, so they are checked against the error envelope schema instead.
const OUTSIDE_CONTENT_ROUTES = [
  'errors-extra-path-segment',
  'errors-singular-path',
  'errors-unknown-content-type',
  'single-global-with-id-path',
];

const cases = goldenCases();
const v4 = cases.filter(sentV4);
const checked = cases.filter((c) => !sentV4(c) && !OUTSIDE_CONTENT_ROUTES.includes(c.name));
const outside = cases.filter((c) => OUTSIDE_CONTENT_ROUTES.includes(c.name));

let validator: ResponseValidator;
beforeAll(async () => {
  validator = createResponseValidator(generateOpenApi(await loadKitModel()));
});

const request = (c: GoldenCase) => ({
  method: c.method,
  path: resolvePlaceholders(c.path),
  status: c.status,
  body: c.response,
  contentType: c.contentType,
});

describe('every answer Strapi 5.54 gave in the conformance kit fits the generated document', () => {
  test('the kit is what this suite expects (266 cases, 7 in v4 format, 4 outside content routes)', () => {
    expect(cases).toHaveLength(266);
    expect(v4).toHaveLength(7);
    expect(outside.map((c) => c.name).sort()).toEqual(OUTSIDE_CONTENT_ROUTES);
    expect(checked).toHaveLength(255);
  });

  test.each(checked.map((c) => [`${c.method} ${c.path} → ${c.status} (${c.name})`, c] as const))('%s', (_title, c) => {
    const result = validator.validate(request(c));
    expect(result.errors).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.operation).toMatch(/^(GET|POST|PUT|DELETE) \/api\//);
  });

  test('the 204 answers (no body) are documented statuses of their operation', () => {
    const deletes = checked.filter((c) => c.status === 204);
    expect(deletes.length).toBeGreaterThan(10);
    for (const c of deletes) {
      expect(c.response).toBeNull();
      expect(validator.validate(request(c))).toMatchObject({ ok: true });
    }
  });

  test('v4-format answers are left out, except errors and 204s, which the v4 header does not change', () => {
    const unchanged = v4.filter((c) => c.status === 204 || c.status >= 400);
    expect(unchanged.map((c) => c.name)).toEqual(['format-v4-not-found', 'format-v4-delete']);
    for (const c of unchanged) expect(validator.validate(request(c))).toMatchObject({ ok: true, errors: [] });
  });

  test('routes outside the content types match no operation, and their 404 bodies are the error envelope', () => {
    for (const c of outside) {
      expect(c.status).toBe(404);
      expect(validator.validate(request(c))).toMatchObject({ ok: false, errors: [{ path: '$', message: expect.stringContaining('no documented operation') }] });
      expect(validator.validateSchema('ErrorResponse', c.response)).toEqual({ ok: true, errors: [] });
    }
  });
});
