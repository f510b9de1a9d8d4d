import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, onTestFinished, test } from 'vitest';
import { createServer } from '../../src/mock/create-server.js';
import { KIT_CONFIG, KIT_DATASET, KIT_MODEL } from '../helpers/kit.js';
import { postTag, refusedServe, startChildServer } from './child-server.js';

// Every journal line carries a checksum. A damaged line that is not the torn end of the last append stops start-up
// with the file, the line and what to do; `--repair` applies the sound entries and sets the damaged ones aside.

const open = (data: string, logs: string[] = [], repair = false) =>
  createServer({
    schemas: KIT_MODEL,
    seed: KIT_DATASET,
    config: KIT_CONFIG,
    data,
    repair,
    logger: { info: (l) => logs.push(l), error: (l) => logs.push(l) },
  });

/**
 * A store whose journal holds 10 acknowledged tag writes, as a killed server leaves it: the files are copied the
 * moment the last write is acknowledged (before any fold), then the server is closed.
 */
async function journalOfTen(): Promise<{ data: string; names: string[] }> {
  const live = join(mkdtempSync(join(tmpdir(), 'cm-damage-live-')), 'db.json');
  const server = await open(live);
  const { url } = await server.listen(0);
  const names: string[] = [];
  for (let k = 0; k < 10; k++) {
    expect((await postTag(url, `entry-${k}`)).status).toBe(201);
    names.push(`entry-${k}`);
  }
  const data = join(mkdtempSync(join(tmpdir(), 'cm-damage-')), 'db.json');
  copyFileSync(live, data);
  copyFileSync(`${live}.journal`, `${data}.journal`);
  await server.close();
  return { data, names };
}

const tagNames = async (server: Awaited<ReturnType<typeof open>>) =>
  new Set(server.runtime().store.data.types['api::tag.tag'].map((t) => t.name as string));

/** Replaces journal line `n` (1-based) with `text`. */
function damageLine(data: string, n: number, text: (line: string) => string): void {
  const lines = readFileSync(`${data}.journal`, 'utf8').split('\n');
  lines[n - 1] = text(lines[n - 1]);
  writeFileSync(`${data}.journal`, lines.join('\n'));
}

describe('a damaged journal', () => {
  test('a damaged entry in the middle stops start-up with file, line and what to do; --repair keeps every sound entry', async () => {
    const { data, names } = await journalOfTen();
    // one character changed in the 5th entry (line 6): still JSON, but not what was written
    damageLine(data, 6, (line) => line.replace('entry-4', 'entry-X'));
    const before = readFileSync(`${data}.journal`, 'utf8');
    await expect(open(data)).rejects.toThrow(
      new RegExp(`db\\.json\\.journal:6: journal entry 5 of 10 is damaged: its checksum does not match its content[\\s\\S]*--repair`),
    );
    // nothing was changed on disk
    expect(readFileSync(`${data}.journal`, 'utf8')).toBe(before);

    const logs: string[] = [];
    const repaired = await open(data, logs, true);
    onTestFinished(() => repaired.close());
    const present = await tagNames(repaired);
    for (const name of names) expect(present.has(name)).toBe(name !== 'entry-4');
    expect(present.has('entry-X')).toBe(false);
    const aside = readdirSync(join(data, '..')).find((f) => f.includes('.journal.') && f.endsWith('.unapplied'));
    expect(aside).toBeDefined();
    expect(readFileSync(join(data, '..', aside!), 'utf8')).toContain('entry-X');
    expect(logs.join('\n')).toMatch(/--repair: .*journal:6: .*applied the 9 sound entries, set 1 damaged line aside in .*\.unapplied/);
    // the repaired store is folded: no journal left to trip over
    expect(existsSync(`${data}.journal`)).toBe(false);
  }, 60_000);

  test('a garbage line stops start-up too; a damaged first line is named as the header, and --repair sets it all aside', async () => {
    const { data } = await journalOfTen();
    damageLine(data, 3, () => '\u0000\u0000garbage');
    await expect(open(data)).rejects.toThrow(/journal:3: journal entry 2 of 10 is damaged/);

    const second = await journalOfTen();
    damageLine(second.data, 1, (line) => line.slice(0, 20));
    await expect(open(second.data)).rejects.toThrow(
      /journal:1: the journal's first line \(which names the version of .*db\.json it applies to\) is damaged/,
    );
    const logs: string[] = [];
    const repaired = await open(second.data, logs, true);
    onTestFinished(() => repaired.close());
    expect(logs.join('\n')).toMatch(/the whole journal was set aside as .*\.unused \(not applied\)/);
  }, 60_000);

  test('a torn last line is ignored with a note; the acknowledged entries before it are all applied', async () => {
    const { data, names } = await journalOfTen();
    writeFileSync(`${data}.journal`, readFileSync(`${data}.journal`, 'utf8') + '{"sum":"0000', { flag: 'w' });
    const logs: string[] = [];
    const server = await open(data, logs);
    onTestFinished(() => server.close());
    const present = await tagNames(server);
    for (const name of names) expect(present.has(name)).toBe(true);
    expect(logs.join('\n')).toMatch(/ends in a torn line .* it is ignored/);
  }, 60_000);

  test('serve refuses with exit 2 on a damaged journal, and starts with --repair', async () => {
    const { data } = await journalOfTen();
    damageLine(data, 4, (line) => line.replace('entry-2', 'entry-Z'));
    const refused = await refusedServe(data);
    expect(refused.code).toBe(2);
    expect(refused.output).toContain(`${data}.journal:4:`);
    expect(refused.output).toContain('--repair');
    const server = await startChildServer(data, ['--repair']);
    onTestFinished(() => server.kill());
    expect(server.output()).toMatch(/applied the 9 sound entries/);
  }, 60_000);
});

test('a journal written before lines had checksums (content-mock-journal/1, SHA-256 bases) is still replayed whole', async () => {
  const { data, names } = await journalOfTen();
  const lines = readFileSync(`${data}.journal`, 'utf8')
    .split('\n')
    .map((line) => (line ? '{' + line.slice('{"sum":"00000000",'.length) : line));
  // its header named the file as it did then: by the SHA-256 of its bytes
  lines[0] = JSON.stringify({ format: 'content-mock-journal/1', bases: [createHash('sha256').update(readFileSync(data)).digest('hex')] });
  const v1 = lines.filter((line) => !line.startsWith('{"base"')).join('\n');
  writeFileSync(`${data}.journal`, v1);
  const server = await open(data);
  onTestFinished(() => server.close());
  const present = await tagNames(server);
  for (const name of names) expect(present.has(name)).toBe(true);
}, 60_000);
