import { ConfigError } from '../../config/resolve-config.js';

/** A delay in ms, fixed or drawn uniformly from a range (`300`, `"100-400"`, `[100, 400]`). */
export interface DelayRange {
  readonly min: number;
  readonly max: number;
}

export const FAULTS = ['status', 'timeout', 'reset'] as const;
export type FaultKind = (typeof FAULTS)[number];

/** What to do to one request: wait, then answer normally or fail in one of the ways a network can. */
export interface FaultSpec {
  readonly delay?: DelayRange;
  readonly fault?: FaultKind;
  /** `status` faults: the status to answer (default 500). */
  readonly status?: number;
  readonly message?: string;
  /** `timeout` faults: answer 504 after this many ms; undefined hangs until the client gives up. */
  readonly timeoutMs?: number;
}

export interface RouteRule extends FaultSpec {
  /** Upper-case method, or undefined for any. */
  readonly method?: string;
  /** Path pattern, `*` matching anything (slashes included): `/api/stories*`. */
  readonly path: string;
  readonly pattern: RegExp;
  /** Share of matching requests the rule applies to (0..1), for flaky-network tests. */
  readonly probability: number;
}

export interface CorsOptions {
  /** `['*']`, or the exact origins allowed. */
  readonly origin: readonly string[];
  readonly methods: readonly string[];
  readonly headers: readonly string[];
  readonly credentials: boolean;
  readonly maxAge: number;
}

/** Everything the dev comforts read, resolved once from the config file and the CLI flags. */
export interface DevOptions {
  /** undefined: CORS off (`--cors false`). */
  readonly cors?: CorsOptions;
  readonly delay?: DelayRange;
  readonly rules: readonly RouteRule[];
  readonly readonly: boolean;
}

export const FAULT_HEADER = 'x-content-mock-fault';

/** Strapi's own `strapi::cors` defaults, plus our fault header so a browser may send it. */
export const STRAPI_CORS: CorsOptions = {
  origin: ['*'],
  methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'],
  headers: ['Content-Type', 'Authorization', 'Origin', 'Accept', FAULT_HEADER],
  credentials: true,
  maxAge: 31536000,
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (v: unknown): string[] | undefined =>
  typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : Array.isArray(v) && v.every((s) => typeof s === 'string') ? v : undefined;

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
  if (!Number.isFinite(min) || !Number.isFinite(max) || min < 0 || max < min) throw new ConfigError(`${where}: the delay range must be 0 <= min <= max`);
  return max === 0 ? undefined : { min, max };
}

function globPattern(path: string): RegExp {
  const escaped = path.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('.*')}$`);
}

function parseFault(raw: Record<string, unknown>, where: string): FaultSpec {
  const fault = raw.fault;
  if (fault !== undefined && !(FAULTS as readonly unknown[]).includes(fault)) throw new ConfigError(`${where}.fault must be one of ${FAULTS.join(', ')}`);
  const status = raw.status;
  if (status !== undefined && (typeof status !== 'number' || !Number.isInteger(status) || status < 100 || status > 599)) {
    throw new ConfigError(`${where}.status must be an HTTP status code`);
  }
  const timeoutMs = raw.timeout;
  if (timeoutMs !== undefined && (typeof timeoutMs !== 'number' || timeoutMs < 0)) throw new ConfigError(`${where}.timeout must be a number of ms`);
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
    if (!isObject(raw) || typeof raw.path !== 'string') throw new ConfigError(`${at} needs a "path" (e.g. "/api/stories*")`);
    const method = raw.method === undefined || raw.method === '*' ? undefined : String(raw.method).toUpperCase();
    const probability = raw.probability === undefined ? 1 : Number(raw.probability);
    if (!(probability >= 0 && probability <= 1)) throw new ConfigError(`${at}.probability must be between 0 and 1`);
    return { ...parseFault(raw, at), method, path: raw.path, pattern: globPattern(raw.path), probability };
  });
}

export function parseCors(value: unknown, enabled: boolean | undefined, where = 'config'): CorsOptions | undefined {
  if (enabled === false || value === false) return undefined;
  if (value === undefined || value === true) return STRAPI_CORS;
  if (!isObject(value)) throw new ConfigError(`${where}: "cors" must be an object like {"origin": ["http://localhost:3000"]} or false`);
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

/** CLI flags win over the config file, which wins over the defaults. */
export function resolveDevOptions(raw: Readonly<Record<string, unknown>>, flags: { cors?: boolean; delay?: unknown; readonly?: boolean }): DevOptions {
  return {
    cors: parseCors(raw.cors, flags.cors),
    delay: parseDelay(flags.delay ?? raw.delay, flags.delay !== undefined ? '--delay' : 'config: delay'),
    rules: parseRules(raw.rules),
    readonly: flags.readonly ?? raw.readonly === true,
  };
}
