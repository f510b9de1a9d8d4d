import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import type { Answer, Doc } from './write-client.js';
import { modelServer } from './model-server.js';
import { requiredError } from '../../src/core/write/coerce-scalar.js';
import type { ScalarAttribute } from '../../src/core/model/types.js';

// Strapi's write-side validation rules on models other than the kit's (test/fixtures/models), each as Strapi's
// entity validator, document service and database layer apply them (see src/core/write/prepare-data.ts).
const message = (a: Answer) => a.body.error?.message;
const messages = (a: Answer) => a.body.error?.details.errors?.map((e) => e.message);

describe('shop model', () => {
  let server: MockServer;
  let call: Awaited<ReturnType<typeof modelServer>>['call'];
  let url: string;
  beforeAll(async () => ({ server, call, url } = await modelServer('shop')));
  afterAll(() => server.close());

  test('a required key left out of a create is "must be defined." (no draft & publish)', async () => {
    const a = await call('POST', '/api/brands', { data: { note: 'no name' } });
    expect(a.status).toBe(400);
    expect(message(a)).toBe('name must be defined.');
  });

  test('a required string sent as null fails the type check first', async () => {
    const a = await call('POST', '/api/brands', { data: { name: null } });
    expect(message(a)).toBe('name must be a `string` type, but the final value was: `null`.');
  });

  test('publishing validates the whole draft: a required value the draft lacks fails as null', async () => {
    const draft = await call('POST', '/api/reviews?status=draft', { data: { title: 'only a title' } });
    expect(draft.status).toBe(201);
    const id = (draft.body.data as Doc).documentId;
    // the update itself sends nothing wrong, the publish that follows finds `rating` empty
    const published = await call('PUT', `/api/reviews/${id}`, { data: { title: 'still no rating' } });
    expect(published.status).toBe(400);
    // yup casts null with parseFloat for a required (not nullable) number: NaN (probe.mjs on real Strapi 5.54)
    expect(message(published)).toBe('rating must be a `number` type, but the final value was: `NaN`.');
    // and nothing was written
    const read = await call('GET', `/api/reviews/${id}?status=draft`);
    expect((read.body.data as Doc).title).toBe('only a title');
  });

  test('a required number that is null or absent at publish is NaN to yup; a string stays null', async () => {
    // yup 0.32's number transform: parseFloat(null) when the schema is not nullable (required, not a draft). Each
    // answer checked with scripts/harness/probe.mjs on real Strapi 5.54.
    const nan = (name: string) => `${name} must be a \`number\` type, but the final value was: \`NaN\`.`;
    expect(messages(await call('POST', '/api/reviews', { data: { title: 'abc', rating: null } }))).toEqual([nan('rating')]);
    expect(messages(await call('POST', '/api/reviews?status=published', { data: { title: 'abc', score: 1.03 } }))).toEqual([nan('rating')]);
    expect(messages(await call('POST', '/api/product-variants', { data: { name: 'abcd' } }))).toEqual([nan('price')]);
    // a draft does not check required: null is stored
    const draft = await call('POST', '/api/reviews?status=draft', { data: { title: 'abc', rating: null } });
    expect(draft.status).toBe(201);
    const id = (draft.body.data as Doc).documentId;
    expect(messages(await call('PUT', `/api/reviews/${id}`, { data: { rating: null } }))).toEqual([nan('rating')]);
    expect(messages(await call('POST', '/api/reviews', { data: { title: null, rating: 3 } }))).toEqual([
      'title must be a `string` type, but the final value was: `null`.',
    ]);
  });

  test('a unique value is checked when a draft is published, not when it is saved', async () => {
    await call('POST', '/api/product-variants', { data: { name: 'First', price: 1, sku: 'AB-123' } });
    const draft = await call('POST', '/api/product-variants?status=draft', { data: { name: 'Second', price: 2, sku: 'AB-123' } });
    expect(draft.status).toBe(201);
    const id = (draft.body.data as Doc).documentId;
    const publish = await call('PUT', `/api/product-variants/${id}`, { data: { name: 'Second again' } });
    expect(publish.status).toBe(400);
    expect(message(publish)).toBe('This attribute must be unique');
  });

  test('a new locale takes the non-localized values of the published version (required and defaults included)', async () => {
    const created = await call('POST', '/api/product-variants', { data: { name: 'Lamp', price: 12.5, stock: 421, sku: 'LM-4210' } });
    const id = (created.body.data as Doc).documentId;
    // no price in the body: Strapi copies it before validating, and `stock` keeps 421 instead of its default
    const pt = await call('PUT', `/api/product-variants/${id}?locale=pt-BR`, { data: { name: 'Luminária' } });
    expect(pt.status).toBe(200);
    expect(pt.body.data).toMatchObject({ locale: 'pt-BR', price: 12.5, stock: 421, sku: 'LM-4210' });
    // the same on a type without draft & publish
    const shelf = await call('POST', '/api/shelves', { data: { label: 'Top', position: 7 } });
    const shelfId = (shelf.body.data as Doc).documentId;
    const fr = await call('PUT', `/api/shelves/${shelfId}?locale=fr`, { data: { label: 'Haut' } });
    expect(fr.body.data).toMatchObject({ locale: 'fr', position: 7 });
  });

  test('dates, times and date-times are refused by the database step, after every validation error', async () => {
    const both = await call('POST', '/api/product-variants', {
      data: { name: 'Clock', price: 1, sku: 'bad sku', openingTime: '10:00' },
    });
    // draft & publish: the draft is written (and its time refused) before the publish checks the regex
    expect(message(both)).toBe('Invalid time format, expected HH:mm:ss.SSS');
    const time = await call('POST', '/api/product-variants', { data: { name: 'Clock', price: 1, openingTime: '10:00' } });
    expect(message(time)).toBe('Invalid time format, expected HH:mm:ss.SSS');
    const datetime = await call('POST', '/api/product-variants', { data: { name: 'Clock', price: 1, launchAt: '10:00' } });
    expect(message(datetime)).toBe('Invalid format, expected a timestamp or an ISO date');
    // a Unix time in milliseconds, as a string or a number, is a date-time
    const ms = await call('POST', '/api/product-variants', {
      data: { name: 'Clock', price: 1, launchAt: '1697795469000', openingTime: '09:30:00' },
    });
    expect(ms.status).toBe(201);
    expect(ms.body.data).toMatchObject({ launchAt: '2023-10-20T09:51:09.000Z', openingTime: '09:30:00.000' });
    // a timestamp reads back as milliseconds since the epoch, in a string
    const stamp = await call('POST', '/api/product-variants', { data: { name: 'Clock', price: 1, stamp: '2022-05-03T18:57:11.000Z' } });
    expect(stamp.body.data).toMatchObject({ stamp: '1651604231000' });
  });

  test('an email whose last label is not letters only is refused (yup pattern)', async () => {
    const a = await call('POST', '/api/product-variants', { data: { name: 'Mail', price: 1, contact: 'a.b@example.org-93' } });
    expect(message(a)).toBe('contact must be a valid email');
    const ok = await call('POST', '/api/product-variants', { data: { name: 'Mail', price: 1, contact: 'a.b@example.org' } });
    expect(ok.status).toBe(201);
  });

  test('an update of a missing document checks body keys and relation documentIds before its 404', async () => {
    expect(message(await call('PUT', '/api/warehouses/missingdocument0000000000?status=draft', { data: { city: 'x', nope: 1 } }))).toBe(
      'Invalid key nope',
    );
    const rel = await call('PUT', '/api/product-variants/missingdocument0000000000', {
      data: { brand: { connect: ['nope-not-an-id'] } },
    });
    expect(message(rel)).toBe('Document with id "nope-not-an-id", locale "null" not found');
    // attribute errors are not checked: the document is looked up first
    expect((await call('PUT', '/api/warehouses/missingdocument0000000000', { data: { city: null } })).status).toBe(404);
  });

  test('unknown keys are refused before relations the caller may not read', async () => {
    // the public role may create shelves but not read warehouses
    const res = await fetch(`${url}/api/shelves`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { label: 'x', warehouse: 'anything', nope: 1 } }),
    });
    expect(((await res.json()) as Answer['body']).error?.message).toBe('Invalid key nope');
  });

  test('DELETE with status=draft, a 500 in Strapi, is a 400 naming the reason', async () => {
    const created = await call('POST', '/api/warehouses', { data: { city: 'Porto' } });
    const id = (created.body.data as Doc).documentId;
    const a = await call('DELETE', `/api/warehouses/${id}?status=draft`);
    expect(a.status).toBe(400);
    expect(message(a)).toMatch(/^Cannot delete a draft document/);
    // the document is still there; a plain DELETE removes it
    expect((await call('GET', `/api/warehouses/${id}`)).status).toBe(200);
    expect((await call('DELETE', `/api/warehouses/${id}`)).status).toBe(204);
  });
});

describe('school model', () => {
  let server: MockServer;
  let call: Awaited<ReturnType<typeof modelServer>>['call'];
  beforeAll(async () => ({ server, call } = await modelServer('school')));
  afterAll(() => server.close());

  test('without draft & publish, validation errors come before the database refuses a time', async () => {
    const a = await call('POST', '/api/rooms', { data: { number: 'value 120', opensAt: '10:00' } });
    expect(message(a)).toBe('number must match the following: "/^[A-Z][0-9]{2,3}$/"');
    const b = await call('POST', '/api/rooms', { data: { number: 'B12', opensAt: '10:00' } });
    expect(message(b)).toBe('Invalid time format, expected HH:mm:ss.SSS');
    // and a refused write takes no id: the next room gets the first one
    const c = await call('POST', '/api/rooms', { data: { number: 'B12', opensAt: '10:00:00' } });
    expect(c.body.data).toMatchObject({ id: 1, opensAt: '10:00:00.000' });
  });
});

describe('events model', () => {
  let server: MockServer;
  let call: Awaited<ReturnType<typeof modelServer>>['call'];
  beforeAll(async () => ({ server, call } = await modelServer('events')));
  afterAll(() => server.close());

  test('an update checks only what it sends; a new locale copies the required non-localized name first', async () => {
    const created = await call('POST', '/api/speakers', { data: { name: 'Ada', headline: 'First' } });
    const id = (created.body.data as Doc).documentId;
    expect((await call('PUT', `/api/speakers/${id}`, { data: { headline: null } })).status).toBe(200);
    const de = await call('PUT', `/api/speakers/${id}?locale=de`, { data: { headline: null } });
    expect(de.status).toBe(200);
    expect(de.body.data).toMatchObject({ name: 'Ada', locale: 'de' });
    // sent as null, a required value fails on an update too
    expect(messages(await call('PUT', `/api/speakers/${id}`, { data: { name: null } }))).toEqual([
      'name must be a `string` type, but the final value was: `null`.',
    ]);
  });

  test('a positional connect on the inverse side needs its anchor linked, as on the owning side', async () => {
    const a = (await call('POST', '/api/speakers', { data: { name: 'A' } })).body.data as Doc;
    const b = (await call('POST', '/api/speakers', { data: { name: 'B' } })).body.data as Doc;
    const refused = await call('POST', '/api/tag-groups-list?status=draft', {
      data: { label: 'Positions', speakers: { connect: [{ documentId: a.documentId, position: { after: b.documentId } }] } },
    });
    expect(refused.status).toBe(400);
    expect(message(refused)).toBe(
      `There was a problem connecting relation with id ${a.id} at position {"after":${b.id},"locale":"en"}. The relation with id ${b.id} needs to be connected first.`,
    );
    const accepted = await call('POST', '/api/tag-groups-list?status=draft', {
      data: {
        label: 'Positions',
        speakers: { connect: [{ documentId: b.documentId }, { documentId: a.documentId, position: { after: b.documentId } }] },
      },
    });
    expect(accepted.status).toBe(201);
  });

  test('biginteger has its own test; an object for an enumeration fails its type and its values', async () => {
    const rank = await call('POST', '/api/tag-groups-list', { data: { label: 'Ranked', rank: 'abc' } });
    expect(messages(rank)).toEqual(['rank must be a valid integer']);
    const ok = await call('POST', '/api/tag-groups-list', { data: { label: 'Ranked', rank: ' +0042 ' } });
    expect(ok.body.data).toMatchObject({ rank: '42' });
    const status = await call('POST', '/api/event-entries?status=draft', { data: { title: 'T', status2: { nested: true } } });
    expect(message(status)).toBe('2 errors occurred');
    expect(messages(status)?.[1]).toMatch(/^status2 must be one of the following values: /);
  });

  test('a required date-time left empty: "must be defined." on a create (and publish), "cannot be null." on an update', async () => {
    const draft = await call('POST', '/api/event-entries?status=draft', { data: { title: 'Talk' } });
    const id = (draft.body.data as Doc).documentId;
    // publishing validates as a create: the draft's empty startsAt is not defined
    expect(message(await call('PUT', `/api/event-entries/${id}`, { data: {} }))).toBe('startsAt must be defined.');
    // an update's notNull test, for the yup schemas that let null through their type check
    const attribute = { kind: 'scalar', type: 'datetime', name: 'startsAt', required: true } as unknown as ScalarAttribute;
    expect(requiredError(['startsAt'], attribute, null, false).message).toBe('startsAt cannot be null.');
    expect(requiredError(['startsAt'], attribute, undefined, true).message).toBe('startsAt must be defined.');
  });
});

describe("required values that are null: yup's schema of each type (harness graphql-run donaction-model 811)", () => {
  const attribute = (type: ScalarAttribute['type']): ScalarAttribute => ({
    kind: 'scalar',
    name: 'x',
    type,
    private: false,
    required: true,
    localized: false,
    unique: false,
    source: 'test',
  });
  test('a biginteger is a `mixed` schema in Strapi 5.54: null reaches the required test', () => {
    expect(requiredError(['amount'], attribute('biginteger'), null, true).message).toBe('amount must be defined.');
    expect(requiredError(['amount'], attribute('biginteger'), null, false).message).toBe('amount cannot be null.');
  });
  test('blocks given what is no list cast to null: yup names the value it cast from', () => {
    expect(requiredError(['texte'], attribute('blocks'), null, true, 42).message).toBe(
      'texte must be a `array` type, but the final value was: `null` (cast from the value `42`).',
    );
    expect(requiredError(['texte'], attribute('blocks'), null, true).message).toBe(
      'texte must be a `array` type, but the final value was: `null`.',
    );
  });
});
