import { expect, test } from 'vitest';
import { serverConfigOf } from '../../src/mock/strapi/strapi-config.js';

// config/server as Strapi's configuration loader completes it (core/configuration: defaults under the file, then
// getConfigUrls and getAbsoluteServerUrl): project code builds links from `server.url` and `server.absoluteUrl`, and
// reads `server.host`, which the mock left undefined without the file's own (probe meta.json on Strapi 5.54).

test('without a config/server: the host from HOST or the machine, port 1337, url empty, absoluteUrl on localhost', () => {
  expect(serverConfigOf(undefined, {}, 'box')).toEqual({
    host: 'box',
    port: 1337,
    proxy: false,
    cron: { enabled: false },
    dirs: { public: './public' },
    url: '',
    absoluteUrl: 'http://box:1337',
  });
  expect(serverConfigOf(undefined, { HOST: '0.0.0.0', PORT: '4000' }, 'box')).toMatchObject({
    host: '0.0.0.0',
    port: 4000,
    absoluteUrl: 'http://localhost:4000',
  });
});

test("the file's values win; a relative url gets its slash, an absolute one is kept without its trailing slash", () => {
  expect(serverConfigOf({ host: '::', port: 1338, url: 'cms/' }, {}, 'box')).toMatchObject({
    url: '/cms',
    absoluteUrl: 'http://localhost:1338/cms',
  });
  expect(serverConfigOf({ url: 'https://cms.example.com/', cron: { tasks: {} } }, {}, 'box')).toMatchObject({
    url: 'https://cms.example.com',
    absoluteUrl: 'https://cms.example.com',
    cron: { enabled: false, tasks: {} },
  });
  expect(serverConfigOf({ host: 'fe80::1', port: 80 }, {}, 'box').absoluteUrl).toBe('http://[fe80::1]:80');
});
