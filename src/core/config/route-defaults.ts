import type { ContentType } from '../model/types.js';
import type { ContentMockConfig } from './content-mock-config.js';

/**
 * The query a route gets from the config's `routes` (what project code would set and cannot run here): its keys
 * fill what the request leaves out, the request's own parameters win.
 */
export function withRouteDefaults(
  config: ContentMockConfig,
  type: ContentType,
  action: string,
  query: Record<string, unknown>,
): Record<string, unknown> {
  const byType = config.routes[type.uid] ?? config.routes[type.pluralName] ?? config.routes[type.singularName];
  const defaults = byType?.[action]?.query;
  if (!defaults) return query;
  return { ...structuredClone(defaults), ...query };
}
