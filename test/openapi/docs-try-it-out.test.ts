import qs from 'qs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/index.js';
import { hasChromium, launchChromium, type Browser } from '../helpers/chromium.js';

// "Try it out" on the served /docs page, clicked through in real Chromium: with nothing edited a list endpoint
// answers 200; with a nested filter and a nested populate typed in as JSON, the request builder sends them as qs
// brackets and the answer holds exactly the rows the same query gives over plain HTTP.

interface TryResult {
  status: number;
  body: string;
  requestUrl: string;
}

/** The page script: open the operation, press "Try it out", fill the given parameters, execute, read the answer. */
const tryItOut = (path: string, method: string, values: Record<string, string>) => `(async () => {
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const until = async (what, fn, ms = 30000) => {
    const t = Date.now();
    for (;;) {
      const v = fn();
      if (v) return v;
      if (Date.now() - t > ms) throw new Error('timed out waiting for ' + what);
      await sleep(50);
    }
  };
  const block = await until('the operation', () =>
    [...document.querySelectorAll('.opblock-${method}')].find((b) => b.querySelector('[data-path="${path}"]')));
  // The page is opened at the operation's deep link, which expands it; a click on the arrow otherwise.
  for (let i = 0; i < 40 && !block.querySelector('.try-out__btn'); i++) {
    if (i % 10 === 9) block.querySelector('.opblock-control-arrow').click();
    await sleep(50);
  }
  (await until('Try it out', () => block.querySelector('.try-out__btn'))).click();
  await until('the execute button', () => block.querySelector('.execute'));
  const values = ${JSON.stringify(values)};
  for (const [name, value] of Object.entries(values)) {
    const field = await until(name, () => block.querySelector('tr[data-param-name="' + name + '"] input, tr[data-param-name="' + name + '"] textarea'));
    const proto = field.tagName === 'TEXTAREA' ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value').set.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    field.dispatchEvent(new Event('change', { bubbles: true }));
  }
  // Swagger UI debounces its inputs: let the typed values settle before executing.
  if (Object.keys(values).length) await sleep(800);
  block.querySelector('.execute').click();
  const status = await until('the response', () => block.querySelector('.live-responses-table .response .response-col_status'));
  const body = block.querySelector('.live-responses-table .response-col_description pre, .live-responses-table .microlight');
  const url = block.querySelector('.request-url pre');
  return { status: Number(status.textContent.trim().split(/\\s/)[0]), body: body ? body.textContent : '', requestUrl: url ? url.textContent : '' };
})()`;

describe.skipIf(!hasChromium)('"Try it out" on /docs in headless chromium', () => {
  let server: MockServer;
  let url: string;
  let browser: Browser;

  beforeAll(async () => {
    server = await createServer({ memory: true });
    ({ url } = await server.listen(0));
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  test('a list endpoint with nothing edited answers 200', async () => {
    const r = await browser.evaluate<TryResult>(`${url}/docs#/Story/story.find`, tryItOut('/api/stories', 'get', {}));
    expect(r.status, r.body.slice(0, 500)).toBe(200);
    const body = JSON.parse(r.body) as { data: unknown[] };
    expect(body.data.length).toBeGreaterThan(0);
  }, 90_000);

  test('a nested filter and a nested populate typed as JSON give the right rows', async () => {
    // A word from a destination a story links to, so the filter through the relation matches some stories only.
    const all = (await (await fetch(`${url}/api/stories?populate[destination][fields][0]=name&pagination[pageSize]=100`)).json()) as {
      data: { documentId: string; destination: { name: string } | null }[];
    };
    const name = all.data.find((s) => s.destination)?.destination?.name ?? '';
    const word = name.split(/\s+/)[0];
    expect(word).not.toBe('');
    const filters = { destination: { name: { $containsi: word } } };
    const populate = { destination: { fields: ['name'] } };
    const expected = (await (await fetch(`${url}/api/stories?${qs.stringify({ filters, populate }, { encodeValuesOnly: true })}`)).json()) as {
      data: { documentId: string }[];
    };
    expect(expected.data.length).toBeGreaterThan(0);
    expect(expected.data.length).toBeLessThan(all.data.length);

    const r = await browser.evaluate<TryResult>(
      `${url}/docs#/Story/story.find`,
      tryItOut('/api/stories', 'get', { filters: JSON.stringify(filters), populate: JSON.stringify(populate) }),
    );
    expect(r.status, r.body.slice(0, 500)).toBe(200);
    const got = JSON.parse(r.body) as { data: { documentId: string; destination: { name: string } }[] };
    expect(got.data.map((s) => s.documentId), r.requestUrl).toEqual(expected.data.map((s) => s.documentId));
    for (const s of got.data) expect(s.destination.name.toLowerCase()).toContain(word.toLowerCase());
  }, 90_000);
});
