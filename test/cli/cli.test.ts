import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'content-mock.js');
const run = (...args: string[]) =>
  spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', cwd: mkdtempSync(join(tmpdir(), 'cm-cli-')) });

describe('the command line', () => {
  test('--help lists every command; --version prints the version', () => {
    const help = run('--help');
    expect(help.status).toBe(0);
    for (const c of ['serve', 'openapi', 'proxy', 'check', 'pull', 'seed', 'types', 'bundle'])
      expect(help.stdout).toContain(`content-mock ${c}`);
    expect(run('--version').stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    expect(run('serve', '--help').stdout).toContain('--schemas');
  });

  test('an unknown command or option is a usage error (exit 2)', () => {
    const r = run('nope');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('Unknown argument: nope');
    expect(run('serve', '--bogus').status).toBe(2);
  });

  test('broken schemas: every problem with file and line, exit 1, no stack trace', () => {
    const r = run('serve', '--schemas', '/no/such/folder', '--memory');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('/no/such/folder #: no such folder of Strapi schemas');
    expect(r.stderr).not.toContain('    at ');
  });

  test('serve --seed: a malformed or missing seed stops start-up with file, line and column (read ahead on another thread)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cm-cli-seed-'));
    const model = join(import.meta.dirname, '..', 'fixtures', 'kit', 'model');
    const seed = (name: string, text: string) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    const cases: [string, string][] = [
      [
        seed('bad-member.json', '{\n  "contentTypes": {\n    "tags": { "documents": [ {"id": 1,} ] }\n  }\n}'),
        'bad-member.json:3:39 #: invalid JSON',
      ],
      [seed('cut-short.json', '{ "contentTypes": { "tags": { "documents": [ '), 'cut-short.json:1:46 #: invalid JSON'],
      [join(dir, 'missing.json'), 'missing.json: cannot read the seed file (ENOENT)'],
    ];
    for (const [file, message] of cases) {
      const r = run('serve', '--schemas', model, '--seed', file, '--memory', '--port', '0');
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(message);
      expect(r.stderr).not.toContain('    at ');
    }
  });

  test('serve with no arguments serves the embedded example and prints its address', async () => {
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--memory'], { cwd: mkdtempSync(join(tmpdir(), 'cm-cli-')) });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /at (http:\/\/[^\s]+)\/api/.exec(out);
          if (m) resolve(m[1]);
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      const res = await fetch(`${url}/api/stories`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { data: unknown[]; meta: { pagination: { total: number } } };
      expect(body.data.length).toBeGreaterThan(0);
      expect(body.meta.pagination.total).toBe(body.data.length);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
