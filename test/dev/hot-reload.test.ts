import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KIT_TOKEN, sleep, startDevServer, waitFor, type DevServer } from './dev-helpers.js';

const auth = { authorization: `Bearer ${KIT_TOKEN}` };
let dev: DevServer;

const tagSchemaFile = () => join(dev.schemas, 'api', 'tag', 'content-types', 'tag', 'schema.json');
const readJson = (file: string): Record<string, unknown> => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(dev.url + path, { headers });
  return {
    status: res.status,
    body: (await res.json()) as { data: Record<string, unknown>[] | Record<string, unknown> | null; error?: unknown },
  };
};
const firstTag = async () => ((await get('/api/tags?sort=id')).body.data as Record<string, unknown>[])[0];

function addTagAttribute(name: string, def: Record<string, unknown>): void {
  const schema = readJson(tagSchemaFile());
  (schema.attributes as Record<string, unknown>)[name] = def;
  writeFileSync(tagSchemaFile(), JSON.stringify(schema, null, 2));
}

describe('hot reload of schemas', () => {
  beforeEach(async () => {
    dev = await startDevServer({ watch: true });
  });
  afterEach(async () => {
    await dev.stop();
  });

  it('serves a new attribute (null on existing documents) and a new type, in routes and /openapi.json', async () => {
    const before = await firstTag();
    expect(before).not.toHaveProperty('slug');

    const written = performance.now();
    addTagAttribute('slug', { type: 'string' });
    await waitFor(async () => 'slug' in (await firstTag()));
    const ms = performance.now() - written;
    const rebuild = dev.events.find((e) => e.kind === 'schemas' && e.ok);
    console.log(
      `schema reload latency (write -> new field served): ${ms.toFixed(0)} ms; rebuild and swap: ${rebuild && rebuild.ok ? rebuild.ms : '?'} ms`,
    );
    expect(ms).toBeLessThan(2000);

    const after = await firstTag();
    expect(after).toMatchObject({ id: before.id, documentId: before.documentId, name: before.name, slug: null });

    const widgetDir = join(dev.schemas, 'api', 'widget', 'content-types', 'widget');
    mkdirSync(widgetDir, { recursive: true });
    writeFileSync(
      join(widgetDir, 'schema.json'),
      JSON.stringify({
        kind: 'collectionType',
        collectionName: 'widgets',
        info: { singularName: 'widget', pluralName: 'widgets', displayName: 'Widget' },
        options: { draftAndPublish: false },
        attributes: { label: { type: 'string' } },
      }),
    );
    const event = await dev.nextReload((e) => e.kind === 'schemas' && e.ok && e.diff.routesAdded.includes('/api/widgets'));
    expect(event.ok).toBe(true);
    expect(dev.logs.join('\n')).toMatch(/\+ \/api\/widgets/);
    expect(await get('/api/widgets', auth)).toMatchObject({ status: 200, body: { data: [] } });

    const doc = (await (await fetch(`${dev.url}/openapi.json`)).json()) as {
      paths: Record<string, unknown>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    expect(doc.paths).toHaveProperty(['/api/widgets']);
    expect(JSON.stringify(doc.components.schemas)).toContain('"slug"');
  });

  it('hides a removed attribute without deleting it from the data file', async () => {
    const schema = readJson(tagSchemaFile());
    delete (schema.attributes as Record<string, unknown>).name;
    writeFileSync(tagSchemaFile(), JSON.stringify(schema, null, 2));
    await dev.nextReload((e) => e.kind === 'schemas' && e.ok);
    expect(await firstTag()).not.toHaveProperty('name');
    await dev.server.runtime().store.flush();
    expect(readFileSync(dev.dataFile, 'utf8')).toContain('"javascript"');
  });

  it('keeps serving the last good model after a broken edit, reports file and line, and recovers once fixed', async () => {
    const good = readFileSync(tagSchemaFile(), 'utf8');
    writeFileSync(tagSchemaFile(), good.replace('"unique": true', '"unique": true,,'));
    const failed = await dev.nextReload((e) => e.kind === 'schemas' && !e.ok);
    expect(failed.ok).toBe(false);
    expect(dev.logs.join('\n')).toMatch(/tag[\\/]schema\.json:\d+:\d+/);
    expect(dev.logs.join('\n')).toMatch(/still serving the last good model/);
    expect((await get('/api/tags')).status).toBe(200);

    // A schema that parses but does not validate is refused the same way.
    const invalid = JSON.parse(good) as { attributes: Record<string, unknown> };
    invalid.attributes.broken = { type: 'no-such-type' };
    writeFileSync(tagSchemaFile(), JSON.stringify(invalid, null, 2));
    await dev.nextReload((e) => e.kind === 'schemas' && !e.ok);
    expect(await firstTag()).not.toHaveProperty('broken');

    writeFileSync(tagSchemaFile(), good.replace('"unique": true', '"unique": true },\n    "color": { "type": "string"'));
    await dev.nextReload((e) => e.kind === 'schemas' && e.ok);
    expect(await firstTag()).toHaveProperty('color', null);
  });

  it('serves the last of two saves made in quick succession (save, then format-on-save)', async () => {
    addTagAttribute('first', { type: 'string' });
    await sleep(15);
    addTagAttribute('second', { type: 'string' });
    await waitFor(async () => 'second' in (await firstTag()));
    expect(await firstTag()).toHaveProperty('first', null);
  });

  it('keeps writes made before a schema change', async () => {
    const created = await fetch(`${dev.url}/api/tags`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { name: 'kept' } }),
    });
    expect(created.status).toBe(201);
    addTagAttribute('slug', { type: 'string' });
    await dev.nextReload((e) => e.kind === 'schemas' && e.ok);
    const list = (await get('/api/tags?filters[name][$eq]=kept')).body.data as Record<string, unknown>[];
    expect(list).toEqual([expect.objectContaining({ name: 'kept', slug: null })]);
  });
});

describe('hot reload of the data file', () => {
  beforeEach(async () => {
    dev = await startDevServer({ watch: true });
  });
  afterEach(async () => {
    await dev.stop();
  });

  it('picks up an edit of the data file made outside the server', async () => {
    await sleep(800); // the initial seed write is ours; an edit right after it is checked again later
    const store = readJson(dev.dataFile) as { types: Record<string, { id: number; name?: string }[]> };
    const tags = store.types['api::tag.tag'];
    const id = [...tags].sort((a, b) => a.id - b.id)[0].id;
    for (const t of tags) if (t.id === id) t.name = 'edited-by-hand';
    const written = performance.now();
    writeFileSync(dev.dataFile, JSON.stringify(store, null, 2));
    await waitFor(async () => (await firstTag()).name === 'edited-by-hand');
    console.log(`data reload latency (write -> new value served): ${(performance.now() - written).toFixed(0)} ms`);
    // (the new data is served a moment before the line is printed: the journal is rebased on the edited file between)
    await waitFor(async () => /db\.json changed outside the server/.test(dev.logs.join('\n')));
  });

  it('keeps the last good data when the file is not valid JSON', async () => {
    await sleep(800);
    writeFileSync(dev.dataFile, '{ "format": "content-mock-store/1", ');
    const failed = await dev.nextReload((e) => e.kind === 'data' && !e.ok);
    expect(failed.ok).toBe(false);
    expect(dev.logs.join('\n')).toMatch(/keeping the last good data/);
    expect((await firstTag()).name).toBe('javascript');
  });

  it('does not reload after its own writes', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${dev.url}/api/tags`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: { name: `own-${i}` } }),
      });
      expect(res.status).toBe(201);
    }
    await sleep(1500); // past the own-write window and any re-check
    expect(dev.events.filter((e) => e.kind === 'data')).toEqual([]);
    const names = ((await get('/api/tags?pagination[pageSize]=100')).body.data as Record<string, unknown>[]).map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['own-0', 'own-1', 'own-2']));
  });
});

describe('watching off', () => {
  it('does not follow edits with watch: false', async () => {
    dev = await startDevServer({ watch: false });
    try {
      addTagAttribute('slug', { type: 'string' });
      await sleep(400);
      expect(await firstTag()).not.toHaveProperty('slug');
    } finally {
      await dev.stop();
    }
  });
});
