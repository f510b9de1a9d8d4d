/** The documentIds a stored owning-relation value holds (to-one: a string or null; to-many: an array). */
export function refsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}
