import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { ContentModel } from '../../core/model/types.js';
import { generateTypes } from './generate-types.js';

/** Exit codes, as `openapi`'s: 0 done / up to date, 1 the file is stale or missing (--check), 2 usage error. */
export const EXIT = { ok: 0, stale: 1, error: 2 } as const;

export interface TypesCommandOptions {
  readonly model: ContentModel;
  /** Where the schemas were read from: only used to tell the user how to regenerate. */
  readonly schemas?: string;
  /** File to write (or, with check, to compare); stdout when absent. */
  readonly out?: string;
  readonly check: boolean;
  readonly io?: { stdout(text: string): void; stderr(text: string): void };
}

/** `content-mock types`: writes the module, or with `--check` fails when the file on disk is stale (for CI). */
export async function runTypesCommand(opts: TypesCommandOptions): Promise<number> {
  const io = opts.io ?? { stdout: (t: string) => process.stdout.write(t), stderr: (t: string) => process.stderr.write(t) };
  const text = generateTypes(opts.model);
  const regenerate = `content-mock types${opts.schemas ? ` --schemas ${opts.schemas}` : ''}${opts.out ? ` --out ${opts.out}` : ''}`;
  if (opts.check) {
    if (opts.out === undefined) {
      io.stderr('types: --check needs --out <file> (the file to compare)\n');
      return EXIT.error;
    }
    if (!existsSync(opts.out)) {
      io.stderr(`types: ${opts.out} does not exist; run: ${regenerate}\n`);
      return EXIT.stale;
    }
    const current = (await readFile(opts.out, 'utf8')).replace(/\r\n/g, '\n');
    if (current === text) {
      io.stdout(`types: ${opts.out} is up to date\n`);
      return EXIT.ok;
    }
    const left = current.split('\n');
    const right = text.split('\n');
    let line = 0;
    while (line < Math.max(left.length, right.length) && left[line] === right[line]) line++;
    io.stderr(`types: ${opts.out} is stale (first difference at line ${line + 1}); run: ${regenerate}\n`);
    return EXIT.stale;
  }
  if (opts.out === undefined) {
    io.stdout(text);
    return EXIT.ok;
  }
  // Temp file then rename: an editor or a build never sees half a module.
  await mkdir(dirname(opts.out), { recursive: true });
  const temp = `${opts.out}.${process.pid}.tmp`;
  await writeFile(temp, text, 'utf8');
  await rename(temp, opts.out);
  io.stdout(`types: wrote ${opts.out}\n`);
  return EXIT.ok;
}
