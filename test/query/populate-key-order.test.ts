import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { KIT_CONFIG, KIT_MODEL, kitConfigWithFullToken } from '../helpers/kit.js';

// Real Strapi 5.54's answers to scripts/harness/probes/populate-key-order*.json (the kit's model, empty, then a few
// writes), replayed in order on a fresh mock each: every object of every answer must show its keys in Strapi's order.
// - populate-key-order: Strapi populates a batch's attributes at once and sets each key when its chain of queries
//   ends, so a relation with a nested populate, or a dynamic zone, lands after plain relations, media and components,
//   whatever order the request names them in (`populate[category][populate]=*&populate[author]=true`: `author, category`);
// - populate-key-order-2: `fields` orders a component's and a file's columns (after the ids); a query that joins
//   (a populated level, or filters through a relation) shows its sort's columns first; a dotted populate list is read
//   with each later path under a key put in front (`populate[0]=author.avatar&populate[1]=author.articles`: the
//   author's `articles, avatar`); the files route's `isUrlSigned` comes after `related`.
interface Recorded {
  readonly step: {
    method?: string;
    path: string;
    body?: unknown;
    save?: string;
    saveId?: string;
    upload?: { name: string; text: string };
  };
  readonly status: number;
  readonly body: unknown;
}
/** Every object's keys, by path (list indexes kept): what JSON text shows of an answer besides its values. */
function keyOrders(value: unknown, path = '', out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v, i) => keyOrders(v, `${path}.${i}`, out));
  else if (value && typeof value === 'object') {
    out.push(`${path || '.'}: ${Object.keys(value).join(',')}`);
    for (const [k, v] of Object.entries(value)) keyOrders(v, `${path}.${k}`, out);
  }
  return out;
}

const KEY = 'populate-key-order-key';

async function send(base: string, saved: Record<string, string>, step: Recorded['step']): Promise<{ status: number; body: unknown }> {
  const fill = (text: string) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => saved[k]);
  let body: string | FormData | undefined;
  if (step.upload) {
    body = new FormData();
    body.append('files', new Blob([step.upload.text], { type: 'text/plain' }), step.upload.name);
  } else if (step.body !== undefined) body = fill(JSON.stringify(step.body));
  const res = await fetch(base + fill(step.path), {
    method: step.method ?? 'GET',
    headers: { authorization: `Bearer ${KEY}`, ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}) },
    body,
  });
  const json = (await res.json()) as { data?: { documentId?: string } } | { id?: number }[];
  const made = Array.isArray(json) ? undefined : json.data;
  if (step.save && made?.documentId) saved[step.save] = made.documentId;
  if (step.saveId && Array.isArray(json) && json[0]?.id !== undefined) saved[step.saveId] = String(json[0].id);
  return { status: res.status, body: json };
}

function replay(file: string): void {
  const recorded = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'recorded', file), 'utf8')) as Recorded[];
  let server: MockServer;
  let base: string;
  const saved: Record<string, string> = {};
  beforeAll(async () => {
    server = await createServer({ schemas: KIT_MODEL, config: KIT_CONFIG, memory: true, configObject: kitConfigWithFullToken(KEY) });
    ({ url: base } = await server.listen(0, '127.0.0.1'));
  });
  afterAll(() => server.close());
  test.each(recorded.map((r, i) => [i, `${r.step.method ?? 'GET'} ${r.step.path}`, r] as const))('step %i: %s', async (_, __, r) => {
    const answer = await send(base, saved, r.step);
    expect(answer.status).toBe(r.status);
    if ((r.step.method ?? 'GET') === 'GET') expect(keyOrders(answer.body)).toEqual(keyOrders(r.body));
  });
}

describe('populated attributes land in the order Strapi sets them', () => replay('populate-key-order.json'));
describe('fields, joined sorts and dotted lists order the keys as in Strapi', () => replay('populate-key-order-2.json'));
