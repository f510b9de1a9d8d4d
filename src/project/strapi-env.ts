import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// Strapi's `env` helper (@strapi/utils env-helper), what a project's config files receive: `env(key, default)` and
// its typed readers. A variable counts when it is set at all (an empty string included), as Strapi's `_.has` does.

export interface StrapiEnv {
  (key: string, defaultValue?: unknown): unknown;
  int(key: string, defaultValue?: unknown): unknown;
  float(key: string, defaultValue?: unknown): unknown;
  bool(key: string, defaultValue?: unknown): unknown;
  json(key: string, defaultValue?: unknown): unknown;
  array(key: string, defaultValue?: unknown): unknown;
  date(key: string, defaultValue?: unknown): unknown;
  oneOf(key: string, expected: readonly unknown[], defaultValue?: unknown): unknown;
}

export function createStrapiEnv(vars: Readonly<Record<string, string | undefined>>): StrapiEnv {
  const has = (key: string) => Object.hasOwn(vars, key) && vars[key] !== undefined;
  const raw = (key: string) => vars[key] ?? '';
  const read =
    <T>(parse: (text: string, key: string) => T) =>
    (key: string, defaultValue?: unknown): unknown =>
      has(key) ? parse(raw(key), key) : defaultValue;
  const env = (key: string, defaultValue?: unknown): unknown => (has(key) ? vars[key] : defaultValue);
  return Object.assign(env, {
    int: read((t) => parseInt(t, 10)),
    float: read((t) => parseFloat(t)),
    bool: read((t) => t === 'true'),
    json: read((t, key) => {
      try {
        return JSON.parse(t) as unknown;
      } catch (e) {
        throw new Error(`Invalid json environment variable ${key}: ${(e as Error).message}`);
      }
    }),
    array: read((t) => {
      const inner = t.startsWith('[') && t.endsWith(']') ? t.slice(1, -1) : t;
      return inner.split(',').map((v) => v.trim().replace(/^"+|"+$/g, ''));
    }),
    date: read((t) => new Date(t)),
    oneOf: (key: string, expected: readonly unknown[], defaultValue?: unknown): unknown => {
      const value = env(key, defaultValue);
      return value !== undefined && expected.includes(value) ? value : defaultValue;
    },
  });
}

/**
 * The variables a Strapi project's config sees: the process environment over the project's `.env` file (Strapi
 * loads it with dotenv, which never overrides a variable already set).
 */
export function projectEnvVars(projectRoot: string): Record<string, string | undefined> {
  const file = join(projectRoot, '.env');
  const vars: Record<string, string | undefined> = {};
  if (existsSync(file)) {
    for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
      const m = /^\s*(?:export\s+)?([\w.-]+)\s*=\s*(.*?)\s*$/.exec(line);
      if (!m) continue;
      const value = m[2];
      const quoted = /^(['"`])([\s\S]*)\1$/.exec(value);
      vars[m[1]] = quoted ? quoted[2] : value.replace(/\s+#.*$/, '');
    }
  }
  return { ...vars, ...process.env };
}
