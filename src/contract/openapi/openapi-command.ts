import type { ServedRoute } from './paths.js';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { ContentModel } from '../../core/model/types.js';
import { buildOpenApiDocument } from './build-document.js';
import { serializeDocument, type DocumentFormat } from './serialize-document.js';
import type { DeepPopulateSettings } from '../../core/query/deep-populate.js';

export interface CommandIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

export interface OpenApiCommandOptions {
  /** Where the schemas were read from: only used to tell the user how to regenerate. */
  readonly schemas?: string;
  /** File to write (or, with check, to compare); stdout when absent. */
  readonly out?: string;
  readonly format: DocumentFormat;
  /** Compare `out` with what the model generates instead of writing it. */
  readonly check: boolean;
  readonly model: ContentModel;
  readonly title?: string;
  readonly version?: string;
  readonly serverUrl?: string;
  /** The project's `rest.prefix` (default `/api`). */
  readonly restPrefix?: string;
  /** strapi-v5-plugin-populate-deep's settings when the project enables it. */
  readonly populateDeep?: DeepPopulateSettings | null;
  /** The core routes the project's route files serve (see ServedRoute); without it, Strapi's defaults. */
  readonly served?: ServedRoute;
  readonly io?: CommandIo;
}

/** Exit codes: 0 done / up to date, 1 the file on disk is stale or missing (--check), 2 usage or generation error. */
export const EXIT = { ok: 0, stale: 1, error: 2 } as const;

const processIo: CommandIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

const normalize = (text: string): string => text.replace(/\r\n/g, '\n');

/** 1-based number of the first line that differs, for a message that points somewhere. */
function firstDifference(a: string, b: string): number {
  const left = a.split('\n');
  const right = b.split('\n');
  for (let i = 0; i < Math.max(left.length, right.length); i++) if (left[i] !== right[i]) return i + 1;
  return 0;
}

/** Temp file then rename: a reader (or a crash) never sees half a document. */
async function writeAtomically(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, text, 'utf8');
  await rename(temp, path);
}

/** `content-mock openapi`: writes the model's OpenAPI document, or with `--check` fails when the file is stale. */
export async function runOpenApiCommand(opts: OpenApiCommandOptions): Promise<number> {
  const io = opts.io ?? processIo;
  const regenerate = `content-mock openapi${opts.schemas ? ` --schemas ${opts.schemas}` : ''}${opts.format === 'yaml' ? ' --format yaml' : ''}${opts.out ? ` --out ${opts.out}` : ''}`;
  if (opts.check && opts.out === undefined) {
    io.stderr('openapi: --check needs --out <file> (the file to compare)\n');
    return EXIT.error;
  }
  let text: string;
  try {
    const document = await buildOpenApiDocument(opts.model, {
      title: opts.title,
      version: opts.version,
      serverUrl: opts.serverUrl,
      restPrefix: opts.restPrefix,
      populateDeep: opts.populateDeep,
      served: opts.served,
    });
    text = serializeDocument(document, opts.format);
  } catch (error) {
    io.stderr(`openapi: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT.error;
  }

  if (opts.out === undefined) {
    io.stdout(text);
    return EXIT.ok;
  }
  if (opts.check) {
    if (!existsSync(opts.out)) {
      io.stderr(`openapi: ${opts.out} does not exist; generate it with: ${regenerate}\n`);
      return EXIT.stale;
    }
    const current = normalize(await readFile(opts.out, 'utf8'));
    if (current !== text) {
      io.stderr(
        `openapi: ${opts.out} is out of date with the schemas (first difference at line ${firstDifference(current, text)}); ` +
          `regenerate it with: ${regenerate}\n`,
      );
      return EXIT.stale;
    }
    io.stderr(`openapi: ${opts.out} is up to date\n`);
    return EXIT.ok;
  }
  await writeAtomically(opts.out, text);
  io.stderr(`openapi: wrote ${opts.out}\n`);
  return EXIT.ok;
}
