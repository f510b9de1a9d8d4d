import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';

// Headless Chromium driven over the DevTools protocol through a pipe (--remote-debugging-pipe: JSON messages ended
// by NUL on file descriptors 3 and 4), so tests can click through a page without a WebSocket client or Puppeteer.

export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);

export interface Browser {
  /** Opens `url` in a new tab and evaluates `expression` (an async function body's call) there once it has loaded. */
  evaluate<T>(url: string, expression: string, timeoutMs?: number): Promise<T>;
  close(): Promise<void>;
}

export async function launchChromium(): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'content-mock-chromium-'));
  const child: ChildProcess = spawn(
    CHROMIUM,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--user-data-dir=${profile}`,
      '--window-size=1280,1600',
      '--remote-debugging-pipe',
      'about:blank',
    ],
    // Its own process group, so close() can end the helper processes (GPU, network, zygote) with the browser.
    { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'], detached: true },
  );
  const toBrowser = child.stdio[3] as Writable;
  const fromBrowser = child.stdio[4] as Readable;
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const pending = new Map<number, { ok: (v: Record<string, unknown>) => void; fail: (e: Error) => void }>();
  let buffered = '';
  fromBrowser.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    let end: number;
    while ((end = buffered.indexOf('\0')) !== -1) {
      const message = JSON.parse(buffered.slice(0, end)) as { id?: number; result?: Record<string, unknown>; error?: { message: string } };
      buffered = buffered.slice(end + 1);
      const waiter = message.id === undefined ? undefined : pending.get(message.id);
      if (!waiter) continue;
      pending.delete(message.id as number);
      if (message.error) waiter.fail(new Error(message.error.message));
      else waiter.ok(message.result ?? {});
    }
  });
  let nextId = 0;
  const send = (method: string, params: Record<string, unknown> = {}, sessionId?: string) =>
    new Promise<Record<string, unknown>>((ok, fail) => {
      const id = ++nextId;
      pending.set(id, { ok, fail });
      toBrowser.write(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }) + '\0');
    });
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, signal);
    } catch {
      // the group is already gone
    }
  };
  child.once('exit', () => {
    for (const w of pending.values()) w.fail(new Error(`chromium exited:\n${stderr}`));
    pending.clear();
  });

  return {
    async evaluate<T>(url: string, expression: string, timeoutMs = 60_000): Promise<T> {
      const { targetId } = (await send('Target.createTarget', { url })) as { targetId: string };
      const { sessionId } = (await send('Target.attachToTarget', { targetId, flatten: true })) as { sessionId: string };
      try {
        // Wait for the page itself: evaluating while about:blank is replaced destroys the context.
        for (const started = Date.now(); ;) {
          const probe = (await send(
            'Runtime.evaluate',
            { expression: 'location.href + " " + document.readyState', returnByValue: true },
            sessionId,
          ).catch(() => ({ result: { value: '' } }))) as { result: { value?: string } };
          if (probe.result.value === `${url} complete`) break;
          if (Date.now() - started > timeoutMs) throw new Error(`${url} did not load`);
          await new Promise((r) => setTimeout(r, 50));
        }
        const result = (await send(
          'Runtime.evaluate',
          { expression, awaitPromise: true, returnByValue: true, timeout: timeoutMs },
          sessionId,
        )) as {
          result: { value?: T };
          exceptionDetails?: { exception?: { description?: string }; text?: string };
        };
        if (result.exceptionDetails)
          throw new Error(result.exceptionDetails.exception?.description ?? result.exceptionDetails.text ?? 'page script failed');
        return result.result.value as T;
      } finally {
        await send('Target.closeTarget', { targetId });
      }
    },
    async close() {
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const force = setTimeout(() => killGroup('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        killGroup('SIGTERM');
      });
      // The browser's helper processes outlive it for a moment and keep writing into the profile: end them all.
      killGroup('SIGKILL');
      // Removing the profile is housekeeping in the temporary folder: a file still being written there must not fail a test.
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      } catch {
        setTimeout(() => {
          try {
            rmSync(profile, { recursive: true, force: true });
          } catch {
            // left to the system's temporary-folder cleanup
          }
        }, 2_000).unref();
      }
    },
  };
}
