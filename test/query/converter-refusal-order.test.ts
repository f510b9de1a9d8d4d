import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import type { Answer } from '../write/write-client.js';
import { modelServer } from '../write/model-server.js';

// What Strapi's populate converter refuses (a list or no value for a zone's component under `on`) comes after every
// error of its validators, wherever in the populate they are (harness kit-601: `Invalid key note` in a later
// relation's filters is reported, not `Invalid nested populate`).
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await modelServer('shop')));
afterAll(() => server.close());

test("a zone component's list under `on` is the converter's refusal: a validator's error elsewhere comes first", async () => {
  const onList = 'populate[sections][on][shop.banner][0][fields][0][0]=heading';
  const alone = await call('GET', `/api/product-variants?${onList}`);
  expect(alone.body.error?.message).toBe("Invalid nested populate. Expected '*' or an object");
  const both = await call('GET', `/api/product-variants?${onList}&populate[brand][filters][nope][$eq]=x`);
  expect(both.body.error).toMatchObject({ message: 'Invalid key nope', details: { key: 'nope' } });
  const noValue = await call('GET', '/api/product-variants?populate[sections][on][shop.banner]&populate[brand][filters][nope][$eq]=x');
  expect(noValue.body.error?.message).toBe('Invalid key nope');
});

test("a zone's `on` without a value is no object: the validators skip it (harness events-501)", async () => {
  const answer = await call('GET', '/api/product-variants?populate[brand][0]=true&populate[sections][on]');
  expect(answer.body.error?.message).toBe("Invalid nested populate. Expected '*' or an object");
});

test("a zone component's list under `on` with an empty item is that empty key, refused by the validator (probe on-list, casino)", async () => {
  // `on[x]=&on[x]=` (a key sent twice with no value) and `on[x][1]=` are lists holding '': Strapi's validator walks
  // their items as the value itself, and an empty one is an unknown key under the zone, before any converter refusal
  for (const on of [
    '[shop.banner]=&populate[sections][on][shop.banner]=',
    '[shop.banner][0]=true&populate[sections][on][shop.banner][1]=',
  ]) {
    const answer = await call('GET', `/api/product-variants?populate[sections][on]${on}`);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ message: 'Invalid key  at sections', details: { key: '' } });
  }
  // a list without an empty item stays the converter's refusal
  const kept = await call('GET', '/api/product-variants?populate[sections][on][shop.banner][0]=true');
  expect(kept.body.error?.message).toBe("Invalid nested populate. Expected '*' or an object");
});

// Inside an `on` fragment Strapi's validator names the zone: `on` and a component's uid are no attributes (harness
// kit-2615, school-541, shop-573: `Invalid key  at sections`, details.path `sections`)
test('an error inside an on fragment names the zone', async () => {
  const answer = await call('GET', '/api/product-variants?populate[sections][on][shop.feature][populate]=');
  expect(answer.status).toBe(400);
  expect(answer.body.error?.message).toBe('Invalid key  at sections');
  expect(answer.body.error?.details.path).toBe('sections');
});

// A list under a zone component in `on` has its strings walked as names under the component by the validator (a
// boolean-like one that names nothing skipped), refused at the zone, before any converter refusal (harness REST
// geometre-811: `on[uid]=true&on[uid]=x` was `Invalid key x at <zone>` in Strapi)
test("a zone component's list of names under `on`: an unknown name is the validator's refusal at the zone", async () => {
  const on = 'populate[sections][on][shop.banner]';
  const unknown = await call('GET', `/api/product-variants?${on}=true&${on}=x`);
  expect(unknown.body.error).toMatchObject({ message: 'Invalid key x at sections', details: { key: 'x', path: 'sections' } });
  // after a converter refusal earlier in the populate
  const later = await call('GET', `/api/product-variants?populate[brand][0]=true&${on}=true&${on}=x`);
  expect(later.body.error?.message).toBe('Invalid key x at sections');
  // a name of the component's attributes is refused too, at its attribute path (probe s17-populate-lists-zones on
  // Strapi 5.54: `on[shared.quote]=true&on[shared.quote]=title` is `Invalid key title at blocks.title`)
  const known = await call('GET', `/api/product-variants?${on}=true&${on}=heading`);
  expect(known.body.error?.message).toBe('Invalid key heading at sections.heading');
});

// `on[uid]=*` is walked through the component as `populate[attr]=*` is: refused at its first populatable attribute,
// named under the zone; a component of scalars only takes it (harness REST geometre-812: `Invalid key Form at
// Sections.Form`)
test("a zone component's wildcard under `on` is refused at the component's first populatable attribute", async () => {
  const answer = await call('GET', '/api/product-variants?populate[sections][on][shop.banner]=*');
  expect(answer.body.error).toMatchObject({
    message: 'Invalid key image at sections.image',
    details: { key: 'image', path: 'sections.image' },
  });
  expect((await call('GET', '/api/product-variants?populate[sections][on][shop.link]=*')).status).toBe(200);
});
