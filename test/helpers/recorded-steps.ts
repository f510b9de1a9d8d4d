import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { KIT_CONFIG, KIT_MODEL, kitConfigWithFullToken } from './kit.js';

// A step of a recorded probe (scripts/harness/probe.mjs --record) sent to a mock: `{{name}}` filled from what earlier
// steps saved (`save`: the answer's documentId, `saveId`: an upload's first file id), `upload` sent as the multipart
// `files` field, with a bearer token.
export interface RecordedStep {
  method?: string;
  path: string;
  body?: unknown;
  save?: string;
  saveId?: string;
  upload?: { name: string; text: string };
}
export interface Recorded {
  readonly step: RecordedStep;
  readonly status: number;
  readonly body: unknown;
}

export async function sendStep(
  base: string,
  token: string,
  saved: Record<string, string>,
  step: RecordedStep,
): Promise<{ status: number; body: unknown }> {
  const fill = (text: string) => text.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => saved[k]);
  let body: string | FormData | undefined;
  if (step.upload) {
    body = new FormData();
    body.append('files', new Blob([step.upload.text], { type: 'text/plain' }), step.upload.name);
  } else if (step.body !== undefined) body = fill(JSON.stringify(step.body));
  const res = await fetch(base + fill(step.path), {
    method: step.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}) },
    body,
  });
  // (a 204 has no body)
  const text = await res.text();
  const json = (text === '' ? null : JSON.parse(text)) as { data?: { documentId?: string } } | { id?: number }[];
  if (step.save && json && !Array.isArray(json) && json.data?.documentId) saved[step.save] = json.data.documentId;
  if (step.saveId && Array.isArray(json) && json[0]?.id !== undefined) saved[step.saveId] = String(json[0].id);
  return { status: res.status, body: json };
}

/**
 * Replays a recorded probe on the kit's model (test/fixtures/recorded/<file>, recorded on an empty kit) on a fresh mock:
 * each step's status, and for a read what `view` shows of both answers, must be Strapi's (a Strapi 500: the mock's
 * 400 naming it).
 */
export function replayOnKit(file: string, view: (body: unknown) => unknown): void {
  const recorded = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'recorded', file), 'utf8')) as Recorded[];
  const key = `replay-${file}`;
  let server: MockServer;
  let base: string;
  const saved: Record<string, string> = {};
  beforeAll(async () => {
    server = await createServer({ schemas: KIT_MODEL, config: KIT_CONFIG, memory: true, configObject: kitConfigWithFullToken(key) });
    ({ url: base } = await server.listen(0, '127.0.0.1'));
  });
  afterAll(() => server.close());
  test.each(recorded.map((r, i) => [i, `${r.step.method ?? 'GET'} ${r.step.path}`, r] as const))('step %i: %s', async (_, __, r) => {
    const answer = await sendStep(base, key, saved, r.step);
    if (r.status === 500) {
      // Strapi's 500: the mock answers 400 saying what Strapi fails on, never 200
      expect(answer.status).toBe(400);
      expect((answer.body as { error?: { message?: string } }).error?.message).toMatch(/real Strapi fails with a 500 here/);
      return;
    }
    expect(answer.status).toBe(r.status);
    if ((r.step.method ?? 'GET') === 'GET') expect(view(answer.body)).toEqual(view(r.body));
  });
}
