import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { loadContract, type Contract } from '../../src/contract/proxy/load-contract.js';
import { validateExchange } from '../../src/contract/proxy/validate-exchange.js';
import { datasetLocales, KIT_DIR } from '../openapi/kit.js';

interface Recorded {
  readonly url: string;
  readonly status: number;
  readonly contentType: string | null;
  readonly response: unknown;
  readonly authorized?: boolean;
}

const SHOP = 'test/fixtures/models/shop';
const shopLocales = () =>
  (
    JSON.parse(readFileSync(`${SHOP}/settings.json`, 'utf8')) as { locales: Array<{ code: string; name: string; isDefault?: boolean }> }
  ).locales.map((l) => ({ code: l.code, name: l.name, isDefault: l.isDefault === true }));

// Real Strapi 5.54 answers recorded by scripts/mutation-kill-rate.mjs --record: the kit's model, and the differential
// harness's shop model (config/api.js: defaultLimit 10, maxLimit 40, withCount false; timestamps, pt-BR, zones).
const CORPORA: Array<[string, string, () => Promise<Contract>, (uid: string) => boolean]> = [
  [
    'kit',
    'test/fixtures/contract/kit-answers.json',
    () =>
      loadContract({
        schemas: `${KIT_DIR}model`,
        config: `${KIT_DIR}content-mock.config.json`,
        locales: datasetLocales(`${KIT_DIR}dataset.json`),
      }),
    (uid) => uid !== 'api::secret.secret',
  ],
  [
    'shop',
    'test/fixtures/contract/shop-answers.json',
    () => loadContract({ schemas: SHOP, config: `${SHOP}/content-mock.config.json`, locales: shopLocales() }),
    () => true,
  ],
];

describe.each(CORPORA)('every recorded real answer of the %s model passes the contract (no false alarm)', (_name, file, load, canRead) => {
  test('zero violations but Strapi failing with a 5xx', async () => {
    const contract = await load();
    const answers = JSON.parse(readFileSync(file, 'utf8')) as Recorded[];
    expect(answers.length).toBeGreaterThan(200);
    const alarms: string[] = [];
    let serverErrors = 0;
    for (const a of answers) {
      const verdict = validateExchange(contract, {
        method: 'GET',
        url: a.url,
        requestHeaders: a.authorized ? { authorization: 'Bearer token' } : {},
        status: a.status,
        contentType: a.contentType ?? undefined,
        body: a.response ?? undefined,
      });
      const found = [...verdict.violations, ...(verdict.conditional ?? []).flatMap((c) => c.settle(canRead))];
      for (const v of found) {
        if (a.status >= 500 && v.rule === 'server-error') serverErrors += 1;
        else alarms.push(`${a.url} → ${a.status}: [${v.rule}] ${v.path} ${v.message}`);
      }
    }
    expect(alarms).toEqual([]);
    expect(serverErrors).toBe(answers.filter((a) => a.status >= 500).length);
  });
});
