import { spawn, type ChildProcess } from 'node:child_process';
import { createServer as netServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { KIT_CONFIG, KIT_DATASET, KIT_MODEL } from '../helpers/kit.js';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'content-mock.js');

export interface ChildServer {
  readonly child: ChildProcess;
  readonly url: string;
  output(): string;
  /** SIGKILL, as a crash or `kill -9`; resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM, the clean shutdown. */
  stop(): Promise<void>;
}

export const freePort = () =>
  new Promise<number>((ok, fail) => {
    const s = netServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => ok(port));
    });
    s.once('error', fail);
  });

/** How a child server runs: under another command (`prlimit --fsize=N --`: a disk full from the start), another seed. */
export interface ChildOptions {
  readonly wrapper?: readonly string[];
  readonly seed?: string;
}

/** The arguments of `content-mock serve` on the kit's model (its seed, or `seed`) over the file store `data`. */
export const serveArgs = (data: string, port: number, extra: string[] = [], seed = KIT_DATASET): string[] => [
  BIN,
  'serve',
  '--schemas',
  KIT_MODEL,
  '--seed',
  seed,
  '--config',
  KIT_CONFIG,
  '--data',
  data,
  '--quiet',
  '--port',
  String(port),
  ...extra,
];

/** `content-mock serve` on the kit's model over a file store, in its own process (so it can be killed). */
export async function startChildServer(data: string, extra: string[] = [], options: ChildOptions = {}): Promise<ChildServer> {
  const port = await freePort();
  const args = serveArgs(data, port, extra, options.seed);
  const [command, ...before] = [...(options.wrapper ?? []), process.execPath];
  const child = spawn(command, [...before, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`content-mock exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`content-mock did not start:\n${output}`);
    }
    try {
      const res = await fetch(`${url}/_health`);
      if (res.status === 204) break;
    } catch {
      // not listening yet
    }
    await new Promise((ok) => setTimeout(ok, 20));
  }
  return {
    child,
    url,
    output: () => output,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function postTag(url: string, name: string): Promise<{ status: number; documentId?: string }> {
  const res = await fetch(`${url}/api/tags`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: { name } }),
  });
  const body = (await res.json().catch(() => ({}))) as { data?: { documentId?: string } };
  return { status: res.status, documentId: body.data?.documentId };
}

/** Runs `content-mock serve` expecting it not to start: its exit code and output. */
export async function refusedServe(
  data: string,
  extra: string[] = [],
  options: Pick<ChildOptions, 'seed'> = {},
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, serveArgs(data, await freePort(), extra, options.seed), { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  const code = await new Promise<number | null>((ok) => child.once('exit', (c) => ok(c)));
  clearTimeout(timer);
  return { code, output };
}
