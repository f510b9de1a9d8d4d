import { createWriteStream, mkdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Dataset } from '../../core/data/import-dataset.js';
import { isPlainObject } from '../../core/is-plain-object.js';

// Writes a dataset (the seed format) to a file: streamed document by document, so 100,000 documents never become
// one giant string, and atomically: a temp file beside the target, renamed over it only once complete. A failed
// or interrupted run leaves the previous file as it was, never half a file.

class Chunked {
  private parts: string[] = [];
  private size = 0;
  constructor(private readonly out: NodeJS.WritableStream) {}

  async write(s: string): Promise<void> {
    this.parts.push(s);
    this.size += s.length;
    if (this.size > 1 << 20) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.parts.length === 0) return;
    const text = this.parts.join('');
    this.parts = [];
    this.size = 0;
    if (!this.out.write(text)) await new Promise<void>((ok) => this.out.once('drain', () => ok()));
  }
}

async function writeValue(w: Chunked, value: unknown, indent: string): Promise<void> {
  // Documents lists are streamed item by item; everything else is small enough to stringify at once.
  if (Array.isArray(value)) {
    if (value.length === 0) return w.write('[]');
    await w.write('[');
    for (let i = 0; i < value.length; i++) await w.write(`${i ? ',' : ''}\n${indent}  ${JSON.stringify(value[i])}`);
    return w.write(`\n${indent}]`);
  }
  return w.write(JSON.stringify(value));
}

async function writeObject(w: Chunked, obj: Record<string, unknown>, indent: string, deep: (key: string) => boolean): Promise<void> {
  const entries = Object.entries(obj).filter(([, v]) => v !== undefined);
  await w.write('{');
  for (let i = 0; i < entries.length; i++) {
    const [key, value] = entries[i];
    await w.write(`${i ? ',' : ''}\n${indent}  ${JSON.stringify(key)}: `);
    if (deep(key) && isPlainObject(value)) await writeObject(w, value, `${indent}  `, () => true);
    else await writeValue(w, value, `${indent}  `);
  }
  await w.write(`\n${indent}}`);
}

export async function writeDatasetFile(file: string, dataset: Dataset): Promise<void> {
  mkdirSync(dirname(file) || '.', { recursive: true });
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.${Date.now()}.tmp`);
  const stream = createWriteStream(temp, { encoding: 'utf8' });
  const failed = new Promise<never>((_, fail) => stream.once('error', fail));
  try {
    const w = new Chunked(stream);
    const body = (async () => {
      // contentTypes → each type → documents → each locale → each status: objects written key by key down to lists.
      await writeObject(w, dataset as Record<string, unknown>, '', (key) => key === 'contentTypes');
      await w.write('\n');
      await w.flush();
      await new Promise<void>((ok) => stream.end(() => ok()));
    })();
    await Promise.race([body, failed]);
    renameSync(temp, file);
  } catch (e) {
    stream.destroy();
    rmSync(temp, { force: true });
    throw e;
  }
}
