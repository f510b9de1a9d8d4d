import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { writeClient, type Answer } from './write-client.js';

// Real Strapi 5.54's answers to bodies whose relation, media, component and zone values hold keys that are no
// attributes (scripts/harness/probes/link-object-keys.json on the kit): its input validation walks the body depth
// first and refuses such a key unless it is a relation operation or an id. A body Strapi refuses later (a missing
// relation) depends on the content: there the keys only have to pass here too.
const recorded = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'recorded', 'link-object-keys.json'), 'utf8')) as {
  data: Record<string, unknown>;
  status: number;
  message: string | null;
  details: Record<string, unknown> | null;
}[];

let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => {
  ({ server, call } = await writeClient('link-object-keys-token'));
});
afterAll(() => server.close());

test.each(recorded.map((r) => [JSON.stringify(r.data), r] as const))('%s', async (_, r) => {
  const answer = await call('POST', '/api/articles', { data: r.data });
  if (r.message?.startsWith('Invalid key')) {
    expect(answer.status).toBe(r.status);
    expect(answer.body.error?.message).toBe(r.message);
    expect(answer.body.error?.details).toEqual({ ...r.details, source: 'body' });
  } else if (r.status === 201) {
    expect(answer.status).toBe(201);
  } else {
    // Strapi's later refusal depends on its content (a file id it does not hold): the keys passed here too
    expect(answer.body.error?.message ?? '').not.toMatch(/^Invalid key/);
  }
});
