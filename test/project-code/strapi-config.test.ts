import { describe, expect, test } from 'vitest';
import { strapiConfig } from '../../src/mock/strapi/strapi-config.js';

// strapi.config as Strapi's config provider answers it (@strapi/core services/config.js: lodash get/has/set over the
// loaded files, `plugin.x` read as `plugin::x`, the file keys spread as properties). The academy probe checks it
// against Strapi 5.54 over HTTP (test/project-code/academy.test.ts); these are the rules that probe does not reach.

describe('strapi.config', () => {
  const make = () =>
    strapiConfig(
      {
        server: { url: 'https://cms.example.com' },
        plugins: { email: { config: { provider: 'sendgrid', settings: { defaultFrom: 'a@b.c' } } }, seo: { enabled: true } },
        lists: { tags: ['a', 'b'] },
      },
      { api: () => ({ rest: { defaultLimit: 25 } }) },
    );

  test("a plugin's config is plugin::<name>, and plugin.<name> reads it too", () => {
    const c = make();
    expect(c.get('plugin::email.settings.defaultFrom')).toBe('a@b.c');
    expect(c.get('plugin.email.provider')).toBe('sendgrid');
    expect(c.has('plugin::seo')).toBe(false);
  });

  test('paths as lists and with indexes; a fallback only for what is undefined', () => {
    const c = make();
    expect(c.get(['lists', 'tags', 1])).toBe('b');
    expect(c.get('lists.tags[0]')).toBe('a');
    expect(c.get('server.port', 1337)).toBe(1337);
    expect(c.server).toEqual({ url: 'https://cms.example.com' });
  });

  test('set writes for the rest of the run, making missing steps (a list before an index)', () => {
    const c = make();
    c.set('feature.flags.0', 'beta').set('api.rest.maxLimit', 50);
    expect(c.get('feature.flags')).toEqual(['beta']);
    // a live key written under becomes a copy: what was live stays readable
    expect(c.get('api.rest')).toEqual({ defaultLimit: 25, maxLimit: 50 });
  });
});
