import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

// `--schemas`, `--config` and `--seed` are one option each, whatever the command: the same help text (so the same
// default), read from each command's own --help as a user reads it.

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'content-mock.js');
const COMMANDS = ['serve', 'openapi', 'types', 'bundle', 'seed', 'pull', 'push', 'check', 'proxy'] as const;
const SHARED = ['schemas', 'config', 'seed'] as const;

function help(command: string): string {
  const r = spawnSync(process.execPath, [BIN, command, '--help'], {
    encoding: 'utf8',
    cwd: mkdtempSync(join(tmpdir(), 'cm-help-')),
    env: { ...process.env, COLUMNS: '100' },
  });
  expect(r.status, `${command} --help: ${r.stderr}`).toBe(0);
  return r.stdout;
}

/** An option's help entry: its line and the wrapped lines after it, up to the next option, in one string. */
function entry(text: string, option: string): string | undefined {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => new RegExp(`^\\s+--${option}\\s`).test(l));
  if (start < 0) return undefined;
  const out = [lines[start]];
  for (const l of lines.slice(start + 1)) {
    if (/^\s+-/.test(l) || l.trim() === '' || !/^\s{3,}/.test(l)) break;
    out.push(l);
  }
  // `[required]` marks a command that cannot run without the option; the meaning is what has to read alike.
  return out
    .join(' ')
    .replace(/--\S+/, '')
    .replace(/\[required\]/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('options every command shares', () => {
  const helps = new Map(COMMANDS.map((c) => [c, help(c)]));

  test.each(SHARED)('--%s reads the same in every command that takes it', (option) => {
    const entries = new Map<string, string>();
    for (const [command, text] of helps) {
      const e = entry(text, option);
      if (e !== undefined) entries.set(command, e);
    }
    // schemas and config: every command reads a project; seed: every command that reads a seed file.
    if (option !== 'seed') expect([...entries.keys()]).toEqual([...COMMANDS]);
    else expect([...entries.keys()].sort()).toEqual(['bundle', 'openapi', 'push', 'serve']);
    const distinct = new Set(entries.values());
    expect(distinct.size, [...entries].map(([c, e]) => `${c}: ${e}`).join('\n')).toBe(1);
  });

  test('a missing --schemas means the same everywhere: the working directory when it is a project, else the example', () => {
    for (const text of helps.values()) {
      expect(entry(text, 'schemas')).toContain('the working directory when it holds a Strapi project, else the embedded example');
    }
  });
});

describe('every command reads the project as serve does', () => {
  const PROJECT = join(import.meta.dirname, '..', 'fixtures', 'first-hour');
  const cli = (cwd: string, ...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', cwd });

  test('push finds content-mock.config.json in the working directory (a mistake in it stops push before any request)', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'cm-push-'));
    expect(cli(cwd, 'seed', '--schemas', PROJECT, '--out', 'seed.json', '--config', join(PROJECT, 'content-mock.config.json')).status).toBe(
      0,
    );
    writeFileSync(join(cwd, 'content-mock.config.json'), JSON.stringify({ notAKey: true }));
    for (const command of [
      ['push', '--to', 'http://127.0.0.1:9', '--seed', 'seed.json'],
      ['serve', '--memory', '--port', '0'],
    ]) {
      const r = cli(cwd, ...command, '--schemas', PROJECT);
      expect(r.status, command[0]).toBe(1);
      expect(r.stderr, command[0]).toContain('content-mock.config.json');
      expect(r.stderr, command[0]).toContain('notAKey');
    }
  });
});

describe('--locales of generated content', () => {
  const PROJECT = join(import.meta.dirname, '..', 'fixtures', 'editor-site');

  test('serve --seed-if-empty --locales en de generates both and says so at start-up', async () => {
    const child = spawn(
      process.execPath,
      [BIN, 'serve', '--schemas', PROJECT, '--seed-if-empty', '--memory', '--port', '0', '--no-watch', '--locales', 'en', 'de'],
      {
        cwd: mkdtempSync(join(tmpdir(), 'cm-locales-')),
      },
    );
    try {
      const out = await new Promise<string>((resolve, reject) => {
        let text = '';
        child.stdout.on('data', (d: Buffer) => {
          text += d.toString();
          if (/access: .*\n/.test(text)) resolve(text);
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${text}`)));
      });
      expect(out).toMatch(/content: generated \d+ documents of 5 types, \d+ media files, locales en \(default\), de; kept in memory/);
    } finally {
      child.kill();
    }
  });

  test('seed --locales writes every locale given; without, an i18n project gets its default and one other', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'cm-locales-'));
    const run = (...args: string[]) => spawnSync(process.execPath, [BIN, 'seed', '--schemas', PROJECT, ...args], { encoding: 'utf8', cwd });
    const codes = (file: string) =>
      (JSON.parse(readFileSync(join(cwd, file), 'utf8')) as { locales: { code: string }[] }).locales.map((l) => l.code);
    expect(run('--out', 'a.json', '--locales', 'en,nl,de').status).toBe(0);
    expect(codes('a.json')).toEqual(['en', 'nl', 'de']);
    expect(run('--out', 'b.json').status).toBe(0);
    expect(codes('b.json')).toEqual(['en', 'fr']);
  });
});
