/** A JSON object (not an array, not null): the one guard every reader of untyped input narrows with. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
