import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { postTag, startChildServer } from './child-server.js';
import { createServer } from '../../src/mock/create-server.js';
import { KIT_CONFIG, KIT_DATASET, KIT_MODEL } from '../helpers/kit.js';

// A disk that refuses writes, for real: the server process gets a file size limit (RLIMIT_FSIZE, as `ulimit -f`),
// so appending to the journal fails with EFBIG as it would with ENOSPC; raising the limit is the disk recovering.
const limitFileSize = (pid: number, bytes: number | 'unlimited') =>
  execFileSync('prlimit', ['--pid', String(pid), `--fsize=${bytes}:unlimited`]);
const hasPrlimit = (() => {
  try {
    execFileSync('prlimit', ['--version']);
    return true;
  } catch {
    return false;
  }
})();

/** The names of the tags a server lists (the first 100). */
const tagNames = async (url: string) =>
  ((await (await fetch(`${url}/api/tags?pagination[pageSize]=100`)).json()) as { data: { name: string }[] }).data.map((t) => t.name);

describe('a failed persist', () => {
  test.skipIf(!hasPrlimit)(
    "the store file's first write fails: reads are served, a change writes the whole store first or is refused",
    async () => {
      const data = join(mkdtempSync(join(tmpdir(), 'cm-firstwrite-')), 'db.json');
      // room for the lock file, not for the store: the first write (in the background) fails
      const server = await startChildServer(data, ['--no-watch'], { wrapper: ['prlimit', '--fsize=4096:unlimited', '--'] });
      try {
        const list = await fetch(`${server.url}/api/tags?pagination[pageSize]=1`);
        expect(list.status).toBe(200);
        expect(((await list.json()) as { meta: { pagination: { total: number } } }).meta.pagination.total).toBeGreaterThan(0);
        const refused = await postTag(server.url, 'no-room-yet');
        expect(refused.status).toBe(500);
        expect(existsSync(data)).toBe(false);
        expect(server.output()).toMatch(/could not write .*db\.json .*serving from memory/);

        limitFileSize(server.child.pid!, 'unlimited');
        const kept = await postTag(server.url, 'room-again');
        expect(kept.status).toBe(201);
        // acknowledged: the whole store is on disk, the change in it
        expect(existsSync(data)).toBe(true);
        await server.kill();

        const again = await startChildServer(data, ['--no-watch']);
        try {
          expect((await fetch(`${again.url}/api/tags/${kept.documentId}`)).status).toBe(200);
          const names = await tagNames(again.url);
          expect(names).toContain('room-again');
          expect(names).not.toContain('no-room-yet');
        } finally {
          await again.stop();
        }
      } finally {
        if (server.child.exitCode === null) await server.kill();
      }
    },
    60_000,
  );

  test.skipIf(!hasPrlimit)(
    'answers 500 and leaves memory unchanged; persistence resumes when the disk recovers',
    async () => {
      const data = join(mkdtempSync(join(tmpdir(), 'cm-diskfull-')), 'db.json');
      const server = await startChildServer(data, ['--no-watch']);
      const listTags = async () => (await (await fetch(`${server.url}/api/tags?sort=id&pagination[pageSize]=100`)).text()) as string;
      try {
        const kept = await postTag(server.url, 'before-the-disk-fills');
        expect(kept.status).toBe(201);
        const before = await listTags();

        limitFileSize(server.child.pid!, 0);
        const refused = await Promise.all([postTag(server.url, 'refused-1'), postTag(server.url, 'refused-2')]);
        expect(refused.map((r) => r.status)).toEqual([500, 500]);
        // the answer names the cause
        const third = await fetch(`${server.url}/api/tags`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ data: { name: 'refused-3' } }),
        });
        expect(await third.json()).toMatchObject({
          data: null,
          error: {
            status: 500,
            name: 'InternalServerError',
            message: expect.stringMatching(/could not save the change to .*db\.json: file too large .*\(EFBIG\)\. Nothing was changed/),
          },
        });
        const update = await fetch(`${server.url}/api/tags/${kept.documentId}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ data: { name: 'refused-rename' } }),
        });
        expect(update.status).toBe(500);
        expect(await listTags()).toBe(before);

        limitFileSize(server.child.pid!, 'unlimited');
        const after = await postTag(server.url, 'after-the-disk-recovers');
        expect(after.status).toBe(201);
        await server.kill();

        const again = await startChildServer(data, ['--no-watch']);
        try {
          expect((await fetch(`${again.url}/api/tags/${kept.documentId}`)).status).toBe(200);
          expect((await fetch(`${again.url}/api/tags/${after.documentId}`)).status).toBe(200);
          const names = await tagNames(again.url);
          expect(names).toContain('before-the-disk-fills');
          expect(names).not.toContain('refused-1');
          expect(names).not.toContain('refused-rename');
        } finally {
          await again.stop();
        }
        expect(existsSync(`${data}.journal`)).toBe(false);
      } finally {
        if (server.child.exitCode === null) await server.kill();
      }
    },
    60_000,
  );

  /** A server on a fresh data file, in process; `tags()` lists the tag names it serves. */
  async function serving(dir: string) {
    const data = join(dir, 'db.json');
    const logs: string[] = [];
    const server = await createServer({
      schemas: KIT_MODEL,
      seed: KIT_DATASET,
      config: KIT_CONFIG,
      data,
      logger: { info: (l) => logs.push(l), error: (l) => logs.push(l) },
    });
    const { url } = await server.listen(0);
    const tags = async () => (await (await fetch(`${url}/api/tags?sort=id&pagination[pageSize]=100`)).text()) as string;
    return { server, url, data, logs, tags };
  }

  test.skipIf(!existsSync('/dev/full'))('a full disk (ENOSPC, for real: the journal on /dev/full) answers a 500 that says so', async () => {
    const { server, url, data, logs, tags } = await serving(mkdtempSync(join(tmpdir(), 'cm-enospc-')));
    try {
      const before = await tags();
      // the store file's first write (in the background) is done: the journal that follows it is the full disk
      await server.runtime().store.flush();
      symlinkSync('/dev/full', `${data}.journal`);
      const res = await fetch(`${url}/api/tags`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: { name: 'no-room' } }),
      });
      expect(res.status).toBe(500);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
        /: no space left on device \(ENOSPC\)\. Nothing was changed/,
      );
      expect(await tags()).toBe(before);
      expect(logs.join('\n')).toMatch(/no space left on device/);
      // the disk has room again: writes are saved
      rmSync(`${data}.journal`);
      expect((await postTag(url, 'room-again')).status).toBe(201);
    } finally {
      await server.close();
    }
  });

  test('a removed data folder answers a 500 that says so, and memory is unchanged', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'cm-nofolder-')), 'store');
    const { server, url, tags } = await serving(dir);
    try {
      expect((await postTag(url, 'kept')).status).toBe(201);
      const before = await tags();
      rmSync(dir, { recursive: true, force: true });
      const res = await fetch(`${url}/api/tags`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: { name: 'nowhere' } }),
      });
      expect(res.status).toBe(500);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
        /: data folder missing: .*store was removed \(ENOENT\)/,
      );
      expect(await tags()).toBe(before);
    } finally {
      await server.close().catch(() => undefined);
    }
  });
});
