import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { modelServer } from './model-server.js';
import type { Answer } from './write-client.js';

// Real Strapi 5.54's answers to the steps of two probes on test/fixtures/models/list-bounds, replayed in order on a
// fresh mock each:
// - scripts/harness/probes/list-bounds.json: a repeatable component's and a dynamic zone's min and max (never on
//   drafts; min only when required or not empty; the list's own error after its items', the list as its value, a
//   published draft's as read back with ids), and yup's order of an object's field errors (by the first key that is a
//   substring of the field's path, fields sharing one in the order they settle, the later key first on a tie);
// - scripts/harness/probes/component-links-publish.json (test/fixtures/models/component-links): relations inside a
//   list's items;
// - scripts/harness/probes/zone-blocks-order.json: a blocks value settles as a list of nodes (a zone entry holding
//   invalid blocks reports after a sibling's enumeration), and a list given to a single component shows the relations
//   and media inside rewritten.
interface Recorded {
  readonly step: { method: string; path: string; body?: unknown; save?: string };
  readonly status: number;
  readonly body: { data: unknown; error?: unknown };
}

/** The error with its timestamps (a relations check's value shows the entry's `publishedAt`) as one token. */
const timeless = (error: unknown): unknown => JSON.parse(JSON.stringify(error).replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, '<time>'));

function replay(file: string, model = 'list-bounds'): void {
  const recorded = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'recorded', file), 'utf8')) as Recorded[];
  let server: MockServer;
  let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
  const saved: Record<string, string> = {};
  beforeAll(async () => {
    ({ server, call } = await modelServer(model));
  });
  afterAll(() => server.close());

  test.each(recorded.map((r, i) => [i, `${r.step.method} ${r.step.path} ${JSON.stringify(r.step.body ?? '')}`, r] as const))(
    'step %i: %s',
    async (_, __, r) => {
      const fill = (text: string) => text.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => saved[k]);
      const body = r.step.body === undefined ? undefined : (JSON.parse(fill(JSON.stringify(r.step.body))) as unknown);
      const answer = await call(r.step.method, fill(r.step.path), body);
      const made = answer.body.data as { documentId?: string } | null;
      if (r.step.save && made?.documentId) saved[r.step.save] = made.documentId;
      expect(answer.status).toBe(r.status);
      if (r.status >= 400) expect(timeless(answer.body.error)).toEqual(timeless(r.body.error));
    },
  );
}

describe('list bounds and field error order', () => replay('list-bounds.json'));
describe('blocks settle order, a list given to a single component', () => replay('zone-blocks-order.json'));
// scripts/harness/probes/component-links-publish.json on test/fixtures/models/component-links: a published draft's
// list shows the relations inside its items as publishing rewrites them (the target's published id in a set, a target
// with no published version an empty set, an unset to-one null)
describe("relations inside a published draft's list", () => replay('component-links-publish.json', 'component-links'));
// scripts/harness/reports/s14-write-probes/zone-unknown-component-order-steps-*.json (list-bounds write grammar 1711):
// a zone entry whose uid names no component settles before a known entry's field errors (yup's `oneOf` is an initial
// test); a repeatable component given an object shows its relations and media rewritten, as a single one given a list
describe('an unknown zone component first, a list given an object', () => replay('zone-unknown-component-order.json'));
