import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, onTestFinished, test } from 'vitest';
import { postTag, refusedServe, startChildServer } from './child-server.js';

// One server per data file: a second `serve` on the same file refuses to start (exit 2) and names the process and
// port holding it; a lock left by a killed server is taken over, and nothing it acknowledged is lost.

test('a second serve on the same data file refuses to start, naming the pid and port of the first', async () => {
  const data = join(mkdtempSync(join(tmpdir(), 'cm-lock-')), 'db.json');
  const first = await startChildServer(data);
  onTestFinished(() => first.kill());
  const written = await postTag(first.url, 'held');
  expect(written.status).toBe(201);
  const second = await refusedServe(data);
  expect(second.code).toBe(2);
  expect(second.output).toContain(`pid ${first.child.pid}`);
  expect(second.output).toContain(first.url);
  expect(second.output).toContain(data);
  // the first one is untouched and still serves what it acknowledged
  const read = await fetch(`${first.url}/api/tags/${written.documentId}`);
  expect(read.status).toBe(200);
  await first.stop();
  // a clean stop releases the lock
  expect(existsSync(`${data}.lock`)).toBe(false);
});

test('a lock left by a killed server (kill -9) is taken over, and its acknowledged writes are all there', async () => {
  const data = join(mkdtempSync(join(tmpdir(), 'cm-lock-stale-')), 'db.json');
  const first = await startChildServer(data);
  const ids: string[] = [];
  for (let k = 0; k < 5; k++) ids.push((await postTag(first.url, `before-kill-${k}`)).documentId!);
  await first.kill();
  expect(existsSync(`${data}.lock`)).toBe(true);
  const second = await startChildServer(data);
  onTestFinished(() => second.kill());
  expect(second.output()).toContain(`was left by pid ${first.child.pid}, which is no longer running; taking it over`);
  for (const id of ids) expect((await fetch(`${second.url}/api/tags/${id}`)).status).toBe(200);
  // and it holds the lock now: a third one is refused
  expect((await refusedServe(data)).code).toBe(2);
});
