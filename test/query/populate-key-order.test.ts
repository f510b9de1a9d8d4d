import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { KIT_CONFIG, KIT_MODEL, kitConfigWithFullToken } from '../helpers/kit.js';

// Real Strapi 5.54's answers to scripts/harness/probes/populate-key-order.json (the kit's model, empty, then a few
// writes), replayed in order on a fresh mock: every object of every answer must show its keys in Strapi's order.
// Strapi populates a batch's attributes at once and sets each key when its chain of queries ends, so a relation
// with a nested populate, or a dynamic zone, lands after plain relations, media and components, whatever order the
// request names them in (`populate[category][populate]=*&populate[author]=true` shows `author, category`).
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
const recorded = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', 'fixtures', 'recorded', 'populate-key-order.json'), 'utf8'),
) as Recorded[];

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
let server: MockServer;
let base: string;
const saved: Record<string, string> = {};
beforeAll(async () => {
  server = await createServer({ schemas: KIT_MODEL, config: KIT_CONFIG, memory: true, configObject: kitConfigWithFullToken(KEY) });
  ({ url: base } = await server.listen(0, '127.0.0.1'));
});
afterAll(() => server.close());

async function send(step: Recorded['step']): Promise<{ status: number; body: unknown }> {
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

describe('populated attributes land in the order Strapi sets them', () => {
  test.each(recorded.map((r, i) => [i, `${r.step.method ?? 'GET'} ${r.step.path}`, r] as const))('step %i: %s', async (_, __, r) => {
    const answer = await send(r.step);
    expect(answer.status).toBe(r.status);
    if ((r.step.method ?? 'GET') === 'GET') expect(keyOrders(answer.body)).toEqual(keyOrders(r.body));
  });
});
