import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadContract, type Contract } from '../../src/contract/proxy/load-contract.js';
import { validateExchange } from '../../src/contract/proxy/validate-exchange.js';
import { writeCollectionType } from '../helpers/schema-files.js';
import { startProjectServer } from '../helpers/project-server.js';

// A type with an attribute named `status` (chalets' lead form submissions: seen, contacted, ignored). Strapi 5's
// database orders `sort=status` by the root row's publication rank, not by the value (the mock's SortTerm.rank, as
// real Strapi answered in the harness): the checker held such an answer to the values' order, and called Strapi's
// own answers wrong (chalets --check-strapi 1801: 8 false alarms).
const root = mkdtempSync(join(tmpdir(), 'cm-status-sort-'));
writeCollectionType(
  root,
  { singular: 'lead', plural: 'leads', display: 'Lead' },
  { email: { type: 'string' }, status: { type: 'enumeration', enum: ['seen', 'contacted', 'ignored'] } },
  false,
);

const KEY = 'status-sort-full-access-key-00000001';
let target: Awaited<ReturnType<typeof startProjectServer>>;
let contract: Contract;
beforeAll(async () => {
  target = await startProjectServer(root, KEY);
  for (const [email, status] of [
    ['a@x.io', 'seen'],
    ['b@x.io', 'contacted'],
    ['c@x.io', 'ignored'],
  ])
    expect((await target.send('POST', '/api/leads', { data: { email, status } })).status).toBe(201);
  contract = await loadContract({ schemas: root });
});
afterAll(() => target.close());

test("an answer to sort=status is not held to the values' order", async () => {
  for (const sort of ['status:asc', 'status:desc', 'status:asc,email:desc']) {
    const path = `/api/leads?sort=${sort}`;
    const read = await target.send<{ data: { status: string }[] }>('GET', path);
    expect(read.status).toBe(200);
    // the rank is the same for every row of a type without draft & publish: the values are not in their order
    if (sort === 'status:asc') expect(read.json!.data.map((l) => l.status)).not.toEqual(['contacted', 'ignored', 'seen']);
    const verdict = validateExchange(contract, {
      method: 'GET',
      url: path,
      requestHeaders: {},
      status: 200,
      contentType: 'application/json',
      body: read.json,
    });
    expect(verdict.violations).toEqual([]);
  }
});

test('a sort on another attribute is still judged', async () => {
  const read = await target.send<{ data: unknown[] }>('GET', '/api/leads?sort=email:asc');
  const reversed = { ...read.json!, data: [...read.json!.data].reverse() };
  const verdict = validateExchange(contract, {
    method: 'GET',
    url: '/api/leads?sort=email:asc',
    requestHeaders: {},
    status: 200,
    contentType: 'application/json',
    body: reversed,
  });
  expect(verdict.violations).toContainEqual(expect.objectContaining({ rule: 'sort' }));
});
