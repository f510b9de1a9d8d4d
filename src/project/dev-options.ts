import {
  ConfigError,
  DEFAULT_MAX_FAULT_DELAY,
  FAULTS,
  STRAPI_CORS,
  type CorsOptions,
  type DelayRange,
  type DevOptions,
  type FaultKind,
  type FaultSpec,
  type RouteRule,
} from '../core/config/content-mock-config.js';
import { isPlainObject } from '../core/is-plain-object.js';

const strings = (v: unknown): string[] | undefined =>
  typeof v === 'string'
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : Array.isArray(v) && v.every((s) => typeof s === 'string')
      ? v
      : undefined;

/** Parses `300`, `"300"`, `"100-400"` or `[100, 400]`; throws a ConfigError naming `where` otherwise. */
export function parseDelay(value: unknown, where: string): DelayRange | undefined {
  if (value === undefined || value === null || value === false) return undefined;
  let min: number;
  let max: number;
  if (typeof value === 'number') min = max = value;
  else if (Array.isArray(value) && value.length === 2) [min, max] = value.map(Number) as [number, number];
  else if (typeof value === 'string' && /^\s*\d+(\s*-\s*\d+)?\s*$/.test(value)) {
    const [a, b] = value.split('-').map((s) => Number(s.trim()));
    min = a;
    max = b ?? a;
  } else throw new ConfigError(`${where}: a delay is a number of ms or a range like "100-400"`);
  if (!Number.isFinite(min) || !Number.isFinite(max) || min < 0 || max < min)
    throw new ConfigError(`${where}: the delay range must be 0 <= min <= max`);
  return max === 0 ? undefined : { min, max };
}

function globPattern(path: string): RegExp {
  const escaped = path.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('.*')}$`);
}

function parseFault(raw: Record<string, unknown>, where: string): FaultSpec {
  const fault = raw.fault;
  if (fault !== undefined && !(FAULTS as readonly unknown[]).includes(fault))
    throw new ConfigError(`${where}.fault must be one of ${FAULTS.join(', ')}`);
  const status = raw.status;
  if (status !== undefined && (typeof status !== 'number' || !Number.isInteger(status) || status < 100 || status > 599)) {
    throw new ConfigError(`${where}.status must be an HTTP status code`);
  }
  const timeoutMs = raw.timeout;
  if (timeoutMs !== undefined && (typeof timeoutMs !== 'number' || timeoutMs < 0))
    throw new ConfigError(`${where}.timeout must be a number of ms`);
  return {
    delay: parseDelay(raw.delay, `${where}.delay`),
    // A rule that names a status but no fault means that status.
    fault: (fault as FaultKind | undefined) ?? (status !== undefined ? 'status' : undefined),
    status,
    message: typeof raw.message === 'string' ? raw.message : undefined,
    timeoutMs,
  };
}

export function parseRules(value: unknown, where = 'config'): RouteRule[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new ConfigError(`${where}: "rules" must be a list`);
  return value.map((raw, i) => {
    const at = `${where}: rules[${i}]`;
    if (!isPlainObject(raw) || typeof raw.path !== 'string') throw new ConfigError(`${at} needs a "path" (e.g. "/api/stories*")`);
    const method = raw.method === undefined || raw.method === '*' ? undefined : String(raw.method).toUpperCase();
    const probability = raw.probability === undefined ? 1 : Number(raw.probability);
    if (!(probability >= 0 && probability <= 1)) throw new ConfigError(`${at}.probability must be between 0 and 1`);
    return { ...parseFault(raw, at), method, path: raw.path, pattern: globPattern(raw.path), probability };
  });
}

export function parseCors(value: unknown, enabled: boolean | undefined, where = 'config'): CorsOptions | undefined {
  if (enabled === false || value === false) return undefined;
  if (value === undefined || value === true) return STRAPI_CORS;
  if (!isPlainObject(value))
    throw new ConfigError(`${where}: "cors" must be an object like {"origin": ["http://localhost:3000"]} or false`);
  if (value.enabled === false && enabled !== true) return undefined;
  const origin = value.origin === undefined ? STRAPI_CORS.origin : strings(value.origin);
  if (!origin) throw new ConfigError(`${where}: cors.origin must be "*", an origin or a list of origins`);
  return {
    origin,
    methods: strings(value.methods)?.map((m) => m.toUpperCase()) ?? STRAPI_CORS.methods,
    headers: strings(value.headers) ?? STRAPI_CORS.headers,
    credentials: typeof value.credentials === 'boolean' ? value.credentials : STRAPI_CORS.credentials,
    maxAge: typeof value.maxAge === 'number' ? value.maxAge : STRAPI_CORS.maxAge,
  };
}

/** `"faults": false` (no fault header), `true`, or `{"header": true, "maxDelay": 30000}`. */
export function parseFaults(value: unknown, where = 'config'): { faultHeader: boolean; maxFaultDelay: number } {
  if (value === undefined || value === true) return { faultHeader: true, maxFaultDelay: DEFAULT_MAX_FAULT_DELAY };
  if (value === false) return { faultHeader: false, maxFaultDelay: DEFAULT_MAX_FAULT_DELAY };
  if (!isPlainObject(value)) throw new ConfigError(`${where}: "faults" must be true, false or {"header": true, "maxDelay": 30000}`);
  for (const key of Object.keys(value)) {
    if (key !== 'header' && key !== 'maxDelay')
      throw new ConfigError(`${where}: unknown key "faults.${key}" (known keys: header, maxDelay)`);
  }
  if (value.header !== undefined && typeof value.header !== 'boolean')
    throw new ConfigError(`${where}: faults.header must be true or false`);
  const max = value.maxDelay;
  if (max !== undefined && (typeof max !== 'number' || !Number.isFinite(max) || max < 0))
    throw new ConfigError(`${where}: faults.maxDelay must be a number of ms`);
  return { faultHeader: value.header !== false, maxFaultDelay: max ?? DEFAULT_MAX_FAULT_DELAY };
}

/** The config file's dev comforts, checked once. */
export function parseDevOptions(raw: Readonly<Record<string, unknown>>, where = 'config'): DevOptions {
  if (raw.readonly !== undefined && typeof raw.readonly !== 'boolean') throw new ConfigError(`${where}: "readonly" must be true or false`);
  return {
    cors: parseCors(raw.cors, undefined, where),
    delay: parseDelay(raw.delay, `${where}: delay`),
    rules: parseRules(raw.rules, where),
    readonly: raw.readonly === true,
    ...parseFaults(raw.faults, where),
  };
}

/** CLI flags win over the config file, which wins over the defaults. */
export function applyDevFlags(dev: DevOptions, flags: { cors?: boolean; delay?: unknown; readonly?: boolean }): DevOptions {
  return {
    cors: flags.cors === false ? undefined : flags.cors === true ? (dev.cors ?? STRAPI_CORS) : dev.cors,
    delay: flags.delay !== undefined ? parseDelay(flags.delay, '--delay') : dev.delay,
    rules: dev.rules,
    readonly: flags.readonly ?? dev.readonly,
    faultHeader: dev.faultHeader,
    maxFaultDelay: dev.maxFaultDelay,
  };
}
