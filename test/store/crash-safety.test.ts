import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, onTestFinished, test } from 'vitest';
import { postTag, startChildServer } from './child-server.js';

// kill -9 in the middle of a write storm, several times over the same store: it always loads, and every write that
// was acknowledged with a 2xx before the kill is there after the restart (deletes stay deleted).
describe('crash safety of the file store', () => {
  test('SIGKILL mid-storm, three times: the store loads and no acknowledged write is lost', async () => {
    const data = join(mkdtempSync(join(tmpdir(), 'cm-crash-')), 'db.json');
    const created = new Set<string>();
    const deleted = new Set<string>();
    let acknowledgedInAll = 0;
    for (let round = 0; round < 3; round++) {
      const server = await startChildServer(data, ['--no-watch']);
      onTestFinished(() => server.kill());
      // everything acknowledged in earlier rounds survived the kill
      for (const id of created) expect((await fetch(`${server.url}/api/tags/${id}`)).status, `created ${id}`).toBe(200);
      for (const id of deleted) expect((await fetch(`${server.url}/api/tags/${id}`)).status, `deleted ${id}`).toBe(404);

      let stop = false;
      let acknowledged = 0;
      const writer = async (w: number) => {
        for (let i = 0; !stop; i++) {
          try {
            const made = await postTag(server.url, `crash-${round}-${w}-${i}`);
            if (made.status === 201 && made.documentId) {
              created.add(made.documentId);
              acknowledged++;
              acknowledgedInAll++;
            }
            // every third writer also deletes what it just made, so deletes are in the journal too
            if (w % 3 === 0 && made.documentId) {
              // until its 204 arrives, a delete may or may not have happened: neither outcome is checked
              created.delete(made.documentId);
              const res = await fetch(`${server.url}/api/tags/${made.documentId}`, { method: 'DELETE' });
              if (res.status === 204) deleted.add(made.documentId);
            }
          } catch {
            return; // the connection died with the server
          }
        }
      };
      const storm = Promise.all(Array.from({ length: 6 }, (_, w) => writer(w)));
      // kill once the storm is under way (however slow the machine), at a moment that varies
      const deadline = Date.now() + 10_000;
      while (acknowledged < 15 && Date.now() < deadline) await new Promise((ok) => setTimeout(ok, 10));
      await new Promise((ok) => setTimeout(ok, Math.random() * 100));
      await server.kill();
      stop = true;
      await storm;
    }
    const last = await startChildServer(data, ['--no-watch']);
    try {
      for (const id of created) expect((await fetch(`${last.url}/api/tags/${id}`)).status, `created ${id}`).toBe(200);
      for (const id of deleted) expect((await fetch(`${last.url}/api/tags/${id}`)).status, `deleted ${id}`).toBe(404);
      expect(acknowledgedInAll).toBeGreaterThanOrEqual(3 * 15);
      expect(created.size).toBeGreaterThan(0);
      expect(deleted.size).toBeGreaterThan(0);
    } finally {
      await last.stop();
    }
  }, 60_000);
});
