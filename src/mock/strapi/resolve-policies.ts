import type { ProjectApp } from './project-app.js';

// A route's or a resolver's `policies` list as Strapi's policy registry resolves it: functions as they are, names
// (`global::x`, `api::a.x`, a bare name of the route's API) to the project's policy files, `{ name, config }` with its
// config. What the project does not have is skipped and named.

export interface ResolvedPolicy {
  readonly handler: (...a: unknown[]) => unknown;
  readonly config: unknown;
}

export function resolvePolicies(app: ProjectApp, list: readonly unknown[], api: string, notes: string[]): ResolvedPolicy[] {
  const resolved: ResolvedPolicy[] = [];
  for (const item of list) {
    if (typeof item === 'function') {
      resolved.push({ handler: item as (...a: unknown[]) => unknown, config: {} });
      continue;
    }
    const name = typeof item === 'string' ? item : (item as { name?: unknown } | null)?.name;
    const config = typeof item === 'object' && item !== null ? ((item as { config?: unknown }).config ?? {}) : {};
    const p = typeof name === 'string' ? app.policy(name, api) : undefined;
    const handler = p && (typeof p.value === 'function' ? p.value : (p.value as { handler?: unknown } | null)?.handler);
    if (typeof handler !== 'function') {
      notes.push(`policy ${JSON.stringify(name ?? item)} is not in the project (skipped)`);
      continue;
    }
    resolved.push({ handler: handler as (...a: unknown[]) => unknown, config });
  }
  return resolved;
}
