import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { KIT_CONFIG, KIT_MODEL, kitConfigWithFullToken } from '../helpers/kit.js';
import { sendStep, type Recorded } from '../helpers/recorded-steps.js';

// Recorded on Strapi 5.54 (scripts/harness/probes/s17-files-related-forms.json, an empty kit), replayed on a mock:
// - a file's `related` (a morph relation) given no value or an empty one passes the validators and the sanitizer and
//   breaks Strapi's converter (a 500; harness starterblog --code grammar seed 1602 under an author's image): the mock
//   answers 400 naming it, never 200;
// - a morph relation's nested `populate` may only be `*` (`Invalid key populate at related`, at its traversal path);
// - a private attribute is refused when the main walk of its own populate level ends: after a bad fragment target
//   beside it (harness cmspatas grammar seed 1904), before the level's later keys (`[folder]=true&[fields][0]=nope`).
const recorded = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', 'fixtures', 'recorded', 's17-files-related-forms.json'), 'utf8'),
) as Recorded[];
const key = 'replay-s17-files-related-forms';
let server: MockServer;
let base: string;
beforeAll(async () => {
  server = await createServer({ schemas: KIT_MODEL, config: KIT_CONFIG, memory: true, configObject: kitConfigWithFullToken(key) });
  ({ url: base } = await server.listen(0, '127.0.0.1'));
});
afterAll(() => server.close());

test.each(recorded.map((r, i) => [i, r.step.path, r] as const))('step %i: %s', async (_, __, r) => {
  const answer = await sendStep(base, key, {}, r.step);
  if (r.status === 500) {
    // Strapi's 500: the mock's 400 says what Strapi fails on
    expect(answer.status).toBe(400);
    expect((answer.body as { error: { message: string } }).error.message).toMatch(/real Strapi fails with a 500 here/);
  } else {
    expect(answer.status).toBe(r.status);
    expect(answer.body).toEqual(r.body);
  }
});
