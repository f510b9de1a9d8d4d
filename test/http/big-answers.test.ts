import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { findMany, parseQueryString } from '../../src/core/query/run-query.js';
import { PopulateBudget } from '../../src/core/query/render-entry.js';
import { SliceScheduler } from '../../src/mock/express/slice-scheduler.js';
import { KIT_CONFIG, KIT_MODEL } from '../helpers/kit.js';
// @ts-expect-error: a plain .mjs script without types (the bench's dataset generator)
import { generateDataset } from '../../scripts/bench/generate-dataset.mjs';

// A populate chain of many MB is counted, rendered and written a slice at a time, taking turns with every other
// request; the answer is byte for byte the one the engine gives in one go.

const CHAIN = '/api/tags?populate[articles][populate][tags]=true&pagination[pageSize]=100';
let server: MockServer;
let url: string;
let seed: string;
beforeAll(async () => {
  seed = join(mkdtempSync(join(tmpdir(), 'cm-big-')), 'seed.json');
  writeFileSync(seed, JSON.stringify(generateDataset({ articles: 800 })));
  server = await createServer({ schemas: KIT_MODEL, seed, config: KIT_CONFIG, memory: true, cache: false });
  ({ url } = await server.listen(0, '127.0.0.1'));
});
afterAll(() => server.close());

describe('big list answers', () => {
  test('a populate chain rendered in slices is byte for byte the engine’s answer in one go', async () => {
    const res = await fetch(url + CHAIN);
    expect(res.status).toBe(200);
    const text = await res.text();
    const rt = server.runtime();
    const type = rt.model.contentTypes.get('api::tag.tag')!;
    const budget = new PopulateBudget(rt.config.populateBudget ?? Infinity);
    const whole = findMany(rt.store.index, type, parseQueryString(CHAIN.split('?')[1]), {
      limits: rt.config.rest,
      strictParams: rt.config.rest.strictParams,
      budget,
    });
    // big enough to be counted and rendered in slices
    expect(budget.precounted).toBeGreaterThan(5_000);
    expect(text).toBe(JSON.stringify(whole));
    // asked again: written from the rows kept the first time (mock/request/populated-rows.ts), the same bytes
    expect(await (await fetch(url + CHAIN)).text()).toBe(text);
    expect(await (await fetch(url + CHAIN.replace('pageSize]=100', 'pageSize]=50&pagination[page]=2'))).text()).toBe(
      JSON.stringify(
        findMany(rt.store.index, type, parseQueryString(CHAIN.replace('pageSize]=100', 'pageSize]=50&pagination[page]=2').split('?')[1]), {
          limits: rt.config.rest,
          strictParams: rt.config.rest.strictParams,
        }),
      ),
    );
  });

  test('requests arriving meanwhile are answered, and each big answer arrives whole', async () => {
    const heavy = Array.from({ length: 3 }, () => fetch(url + CHAIN).then(async (r) => (await r.text()).length));
    const cheap = await fetch(`${url}/api/categories?pagination[pageSize]=1`);
    expect(cheap.status).toBe(200);
    const lengths = await Promise.all(heavy);
    expect(new Set(lengths).size).toBe(1);
  });

  test('over the populate budget it is still a 400 in the envelope, found while counting in slices', async () => {
    const small = await createServer({
      schemas: KIT_MODEL,
      seed,
      config: KIT_CONFIG,
      memory: true,
      configObject: { populateBudget: 3_000 },
    });
    try {
      const res = await fetch((await small.listen(0, '127.0.0.1')).url + CHAIN);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ data: null, error: { name: 'ValidationError', details: { populateBudget: 3_000 } } });
    } finally {
      await small.close();
    }
  });
});

describe('SliceScheduler', () => {
  test('one turn per turn of the event loop, round robin', async () => {
    const scheduler = new SliceScheduler();
    const order: string[] = [];
    const job = async (name: string) => {
      for (let i = 0; i < 3; i++) {
        await scheduler.turn();
        order.push(`${name}${i}`);
      }
    };
    const loop = (async () => {
      for (let i = 0; i < 6; i++) {
        await new Promise<void>((ok) => setImmediate(ok));
        order.push('io');
      }
    })();
    await Promise.all([job('a'), job('b'), loop]);
    // a and b alternate, and the loop's own callbacks run between their turns
    expect(order.filter((x) => x !== 'io')).toEqual(['a0', 'b0', 'a1', 'b1', 'a2', 'b2']);
    expect(order.indexOf('io')).toBeLessThan(order.indexOf('b0'));
  });
});
