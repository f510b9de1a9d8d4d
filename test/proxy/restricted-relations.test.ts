import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createProxy, type ContentProxy } from '../../src/contract/proxy/create-proxy.js';
import { probePath } from '../../src/contract/proxy/read-probe.js';
import { KIT_TOKEN } from '../helpers/kit.js';
import { startBrokenBackend, type BrokenBackend } from './broken-backend.js';
import { FULL, startRestrictedKit, type RestrictedKit } from './restricted-kit.js';

// Strapi leaves out of populate, silently, relations to types the caller may not `find`, and refuses filters and
// sort through them: the proxy asks the target what the caller may read before calling such an answer wrong.
let kit: RestrictedKit;
let broken: BrokenBackend;
const open: ContentProxy[] = [];

beforeAll(async () => {
  kit = await startRestrictedKit();
  broken = await startBrokenBackend(kit.url, { elevate: `Bearer ${FULL}` });
});
afterAll(async () => {
  for (const p of open) await p.close();
  await broken.close();
  await kit.server.close();
});

async function through(target: string, requests: Array<{ path: string; token?: string; brk?: string }>, validateFirst = false) {
  const proxy = createProxy({ target, contract: kit.contract, log: () => undefined, validateFirst });
  open.push(proxy);
  const { url } = await proxy.listen(0);
  const statuses: number[] = [];
  for (const r of requests) {
    const headers: Record<string, string> = {};
    if (r.token) headers.authorization = `Bearer ${r.token}`;
    if (r.brk) headers['x-break'] = r.brk;
    const res = await fetch(url + r.path, { headers });
    await res.arrayBuffer();
    statuses.push(res.status);
  }
  await proxy.idle();
  return { statuses, violations: proxy.report.data().results.flatMap((r) => r.violations) };
}

const page = '/api/articles?pagination[pageSize]=3&';

describe('the proxy and relations the caller may not read', () => {
  test.each([false, true])(
    'public role: populate=* and populate=owner without owner, filters/sort through it refused → no violation (validateFirst %s)',
    async (validateFirst) => {
      const { statuses, violations } = await through(
        kit.url,
        [
          { path: `${page}populate=*` },
          { path: `${page}populate=owner` },
          { path: `${page}populate[owner][fields][0]=code` },
          { path: `${page}filters[owner][code][$eq]=x` },
          { path: `${page}sort=owner.code:asc` },
        ],
        validateFirst,
      );
      expect(statuses).toEqual([200, 200, 200, 400, 400]);
      expect(violations).toEqual([]);
    },
  );

  test('tokens that may read it: owner shown, filters accepted → no violation', async () => {
    const { statuses, violations } = await through(kit.url, [
      { path: `${page}populate=*`, token: KIT_TOKEN },
      { path: `${page}populate=owner`, token: FULL },
      { path: `${page}filters[owner][code][$null]=true`, token: KIT_TOKEN },
    ]);
    expect(statuses).toEqual([200, 200, 200]);
    expect(violations).toEqual([]);
  });

  test.each([false, true])('a token that may read it, answered WITHOUT owner → violation (validateFirst %s)', async (validateFirst) => {
    const { violations } = await through(
      broken.url,
      [{ path: `${page}populate=owner`, token: KIT_TOKEN, brk: 'missing-owner' }],
      validateFirst,
    );
    expect(violations).toContainEqual(
      expect.objectContaining({ rule: 'populate', path: '$.data[0].owner', message: 'was populated but is missing' }),
    );
  });

  test('the same broken answer to the public role is what Strapi sends: no violation', async () => {
    const { violations } = await through(broken.url, [{ path: `${page}populate=*`, brk: 'missing-owner' }]);
    expect(violations).toEqual([]);
  });

  test('a backend that lets the public role filter through it → expected 400 Invalid key owner', async () => {
    const { statuses, violations } = await through(broken.url, [{ path: `${page}filters[owner][code][$null]=true`, brk: 'elevate' }]);
    expect(statuses).toEqual([200]);
    expect(violations).toContainEqual({ rule: 'status', path: '$', message: 'expected 400 (Invalid key owner) but got 200' });
  });

  test("one probe per (credential, type) for the run, with the caller's own credential", async () => {
    const seen: string[] = [];
    const spy = await startSpy(kit.url, seen);
    try {
      const requests = [undefined, undefined, KIT_TOKEN, KIT_TOKEN].map((token) => ({ path: `${page}populate=*`, token }));
      await through(spy.url, requests);
      const probes = seen.filter((line) => line.includes('/api/secrets?'));
      expect(probes).toEqual([`- ${probePath(kit.contract.model.contentTypes.get('api::secret.secret')!)}`]);
    } finally {
      await spy.close();
    }
  });
});

/** Forwards to the upstream and records `<credential or -> <path>` of every request. */
async function startSpy(upstream: string, seen: string[]): Promise<BrokenBackend> {
  const { default: http } = await import('node:http');
  const server = http.createServer((req, res) => {
    seen.push(`${req.headers.authorization ?? '-'} ${req.url ?? '/'}`);
    void fetch(upstream + (req.url ?? '/'), { headers: req.headers.authorization ? { authorization: req.headers.authorization } : {} })
      .then(async (a) => {
        res.writeHead(a.status, { 'content-type': a.headers.get('content-type') ?? 'application/json' });
        res.end(Buffer.from(await a.arrayBuffer()));
      })
      .catch(() => res.destroy());
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as import('node:net').AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((ok) => (server.close(() => ok()), server.closeAllConnections())),
  };
}
