import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const BIN = join(import.meta.dirname, '..', '..', 'bin', 'content-mock.js');
/** A Strapi project as a new user brings it (see its README). */
export const PROJECT = join(import.meta.dirname, '..', 'fixtures', 'first-hour');

/** A copy of the project in a temp folder (tests that edit its config). */
export function copyProject(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cm-first-hour-'));
  cpSync(PROJECT, join(dir, 'my-app'), { recursive: true });
  return join(dir, 'my-app');
}

/** Runs the CLI to its end; async, so independent runs overlap. */
export function runCli(
  args: string[],
  cwd = mkdtempSync(join(tmpdir(), 'cm-cli-')),
  env: NodeJS.ProcessEnv = {},
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, ...env }, timeout: 30_000 });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.once('close', (status) => resolve({ status, stdout, stderr })));
}

export interface CliServer {
  readonly url: string;
  /** What it printed up to and including the start-up lines. */
  readonly stdout: string;
  readonly stderr: () => string;
  readonly child: ChildProcess;
  stop(): Promise<void>;
}

/** `content-mock serve …` as a user runs it, on a free port; resolves once it prints its address and hints. */
export function startCli(args: string[], cwd = mkdtempSync(join(tmpdir(), 'cm-cli-'))): Promise<CliServer> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--quiet', '--no-watch', ...args], {
    cwd,
    env: { ...process.env, CI: 'true' },
  });
  let out = '';
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /at (http:\/\/[^\s]+)\/api\n[\s\S]*(watch off|watching)[^\n]*\n/.exec(out);
      // The hints follow the last fixed line in the same write.
      if (m) setTimeout(() => resolve({ url: m[1], stdout: out, stderr: () => err, child, stop }), 50);
    });
    child.once('exit', (code) => reject(new Error(`serve exited ${code}:\n${out}\n${err}`)));
  });
}
