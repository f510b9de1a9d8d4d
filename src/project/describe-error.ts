import { ConfigError } from '../core/config/content-mock-config.js';
import { SchemaErrors } from '../core/model/schema-errors.js';
import { DatasetError } from '../core/data/import-dataset.js';

/** A clear one-paragraph message for what stopped a command; a stack trace only for our own bugs. */
export function describeError(e: unknown): string {
  if (e instanceof SchemaErrors) {
    return `content-mock: ${e.problems.length} problem${e.problems.length > 1 ? 's' : ''} in the schemas:\n${e.message
      .split('\n')
      .map((l) => '  ' + l)
      .join('\n')}`;
  }
  if (e instanceof ConfigError || e instanceof DatasetError) return `content-mock: ${e.message}`;
  const err = e as NodeJS.ErrnoException;
  if (err?.code === 'EADDRINUSE') return `content-mock: the port is already in use (${err.message}); pick another with --port`;
  if (err?.code === 'EACCES') return `content-mock: permission denied: ${err.message}`;
  return `content-mock: unexpected error: ${err?.stack ?? String(e)}`;
}
