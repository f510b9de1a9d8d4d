import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { postTag, startChildServer } from './child-server.js';

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

describe('a failed persist', () => {
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
          const names = (
            (await (await fetch(`${again.url}/api/tags?pagination[pageSize]=100`)).json()) as { data: { name: string }[] }
          ).data.map((t) => t.name);
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
});
