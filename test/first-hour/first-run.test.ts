import { writeFileSync } from 'node:fs';
import { createServer as createNetServer, type Server } from 'node:net';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { spawn } from 'node:child_process';
import { BIN, copyProject, PROJECT, runCli, startCli } from './cli-server.js';

// The first hour on one's own Strapi project, through the real CLI: what a caller can reach, where the config is
// found, and how bad input and a taken port end the command.

describe('serve on a project of ones own', () => {
  test('without grants every route is a 403, and the start-up lines say so and what to do', async () => {
    const cli = await startCli(['--schemas', PROJECT, '--memory']);
    try {
      expect(cli.stdout).toContain('access: all 3 types are private (403 without a token): add --public, a token, or permissions');
      expect(cli.stdout).toMatch(/content: the store is empty: restart with --seed-if-empty/);
      expect(cli.stdout).toContain(`content-mock seed --schemas ${PROJECT} --out seed.json`);
      expect((await fetch(`${cli.url}/api/articles`)).status).toBe(403);
      // The dangling inverse relation left by a v4 migration: a warning with file and JSON path, not a refusal.
      expect(cli.stderr()).toMatch(/tag[\\/]schema\.json#\/attributes\/legacyPosts\/mappedBy: inverse attribute "legacyTag" not found/);
    } finally {
      await cli.stop();
    }
  }, 30_000);

  test('--public --seed-if-empty: every type readable, with content, at once', async () => {
    const cli = await startCli(['--schemas', PROJECT, '--memory', '--public', '--seed-if-empty']);
    try {
      expect(cli.stdout).toContain('access: every type is public');
      expect(cli.stdout).not.toContain('store is empty');
      const list = await fetch(`${cli.url}/api/articles?populate=*`);
      expect(list.status).toBe(200);
      const body = (await list.json()) as { data: { documentId: string; author?: unknown }[]; meta: { pagination: { pageSize: number } } };
      expect(body.data.length).toBeGreaterThan(0);
      // config/api.js of the project: defaultLimit 5.
      expect(body.meta.pagination.pageSize).toBe(5);
      const one = await fetch(`${cli.url}/api/articles/${body.data[0].documentId}`);
      expect(one.status).toBe(200);
      // find and findOne only: writes stay closed.
      expect(
        (await fetch(`${cli.url}/api/articles`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })).status,
      ).toBe(403);
      // The pinned fixture is there, published, under its own documentId.
      const home = (await (await fetch(`${cli.url}/api/pages?filters[slug][$eq]=home`)).json()) as {
        data: { documentId: string; title: string }[];
      };
      expect(home.data).toEqual([expect.objectContaining({ documentId: 'homepage0000000000000001', title: 'Home' })]);
    } finally {
      await cli.stop();
    }
  }, 30_000);

  test('content-mock.config.json is found next to --schemas (the project root), not only in the working directory', async () => {
    const cli = await startCli(['--schemas', PROJECT, '--memory', '--seed-if-empty']);
    try {
      // The project's config has a read-only token; only that config can make this a 200.
      const res = await fetch(`${cli.url}/api/tags`, { headers: { authorization: 'Bearer first-hour-read-token' } });
      expect(res.status).toBe(200);
      // Given as src/, the config one folder up is found too.
      const viaSrc = await startCli(['--schemas', join(PROJECT, 'src'), '--memory']);
      try {
        expect((await fetch(`${viaSrc.url}/api/tags`, { headers: { authorization: 'Bearer first-hour-read-token' } })).status).toBe(200);
      } finally {
        await viaSrc.stop();
      }
    } finally {
      await cli.stop();
    }
  }, 30_000);

  test('a typo in the config is an error naming the file and the key (exit 1)', async () => {
    const app = copyProject();
    writeFileSync(join(app, 'content-mock.config.json'), JSON.stringify({ permisions: { public: {} } }));
    const r = await runCli(['serve', '--schemas', app, '--memory', '--port', '0']);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`${join(app, 'content-mock.config.json')}: unknown key "permisions"`);
    expect(r.stderr).not.toContain('    at ');
  });
});

// Independent processes: run side by side.
describe.concurrent('failing loudly and exiting right', () => {
  test('a taken port: the error, then exit 2 within a second (the watchers do not hold the process)', async () => {
    const blocker: Server = createNetServer();
    const port = await new Promise<number>((resolve) =>
      blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as { port: number }).port)),
    );
    try {
      const child = spawn(process.execPath, [BIN, 'serve', '--memory', '--port', String(port)]);
      let err = '';
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      const code = await new Promise<number | null>((resolve) => {
        // Timed from the error line: loading the schemas before it is not what is measured.
        let printedAt = 0;
        child.stderr.on('data', () => (printedAt ||= Date.now()));
        child.once('exit', (c) => {
          expect(Date.now() - printedAt).toBeLessThan(1000);
          resolve(c);
        });
      });
      expect(code).toBe(2);
      expect(err).toContain('the port is already in use');
    } finally {
      blocker.close();
    }
  }, 30_000);

  test('proxy with its port taken: exit 2 with the error', async () => {
    const blocker: Server = createNetServer();
    const port = await new Promise<number>((resolve) =>
      blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as { port: number }).port)),
    );
    try {
      const r = await runCli(['proxy', '--target', 'http://127.0.0.1:9', '--schemas', PROJECT, '--port', String(port)]);
      expect(r.status).toBe(2);
      expect(r.stderr).toContain('the port is already in use');
    } finally {
      blocker.close();
    }
  }, 30_000);

  test.each([
    [['serve', '--port', '99999'], '--port 99999: expected a port number from 0 to 65535'],
    [['serve', '--delay', 'abc'], '--delay abc: expected a number of ms or a range like 100-400'],
    [['seed', '--count', 'abc'], '--count abc: expected a number, or <type>=<number>'],
    [['check', '--target', 'http://127.0.0.1:9', '--timeout', 'soon'], '--timeout soon: expected a number'],
  ])('usage error %j: one line and exit 2', async (args, message) => {
    const r = await runCli(args);
    expect(r.status).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(message);
    expect(r.stderr).not.toContain('    at ');
  });

  test('environment variables stand for flags: CONTENT_MOCK_<FLAG>, and PORT', async () => {
    expect((await runCli(['serve'], undefined, { PORT: 'abc' })).stderr).toContain('--port abc: expected a port number');
    expect((await runCli(['serve', '--memory'], undefined, { CONTENT_MOCK_SCHEMAS: '/no/such/folder' })).stderr).toContain(
      '/no/such/folder #: no such folder of Strapi schemas',
    );
  });

  test('--help of every command shows examples', async () => {
    const commands = ['serve', 'openapi', 'types', 'proxy', 'check', 'pull', 'push', 'seed', 'bundle'];
    const helps = await Promise.all(commands.map((c) => runCli([c, '--help'])));
    helps.forEach((h, i) => expect(h.stdout, commands[i]).toContain('Examples:'));
  });
});
