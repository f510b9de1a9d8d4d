import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import type { Answer } from './write-client.js';
import { modelServer } from './model-server.js';

// Strapi resolves the documentIds a body names walking its keys in order, into components where they come (the
// document service's data-ids transform traverses the entity): the first unknown one in that order is the one its
// error names. Real Strapi 5.54 (harness graphql-run links-mini seed 503) named a component's relation before a
// relation of the entry that came after it.
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await modelServer('links-mini')));
afterAll(() => server.close());

const message = (a: Answer) => (a.body as { error?: { message: string } }).error?.message;
const missing = (id: string) => `Document with id "${id}", locale "en" not found`;

test("a component's unknown relation is named before a later attribute's, and after an earlier one's", async () => {
  const inRef = 'nosuchdocumentidinref0000';
  const inThings = 'nosuchdocumentidinthings0';
  expect(message(await call('POST', '/api/holders', { data: { name: 'h', ref: { many: [inRef] }, things: [inThings] } }))).toBe(
    missing(inRef),
  );
  expect(message(await call('POST', '/api/holders', { data: { things: [inThings], ref: { many: [inRef] } } }))).toBe(missing(inThings));
  // repeatable components: each item in turn
  expect(message(await call('POST', '/api/holders', { data: { refs: [{ label: 'a' }, { thing: inRef }], things: [inThings] } }))).toBe(
    missing(inRef),
  );
});

test("the relations check's value keeps a number that casts but breaks its max, and a date as given", async () => {
  const { server: events, call: send } = await modelServer('events');
  try {
    const answer = await send('POST', '/api/event-entries', {
      data: {
        title: 't',
        poster: 999,
        program: [
          { __component: 'event.session', title: 's', slots: [{ minutes: 598 }, { minutes: 'x' }] },
          { __component: 'event.agenda', day: '2024-05-06T07:08:09.000Z', slots: [] },
        ],
      },
    });
    const errors = (answer.body as { error: { details: { errors: { message: string; value: Record<string, unknown> }[] } } }).error.details
      .errors;
    const check = errors.find((e) => e.message.includes('relation(s)'));
    const program = check?.value.program as { slots: { minutes: unknown }[]; day?: unknown }[];
    expect(program[0].slots.map((s) => s.minutes)).toEqual([598, null]);
    // a date is checked, not cast: as given
    expect(program[1].day).toBe('2024-05-06T07:08:09.000Z');
  } finally {
    await events.close();
  }
});
