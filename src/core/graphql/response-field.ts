// A field of the plugin's response wrappers, read as its resolvers read them: an entity response's `data` is the
// `value` a project's `toEntityResponse` made (or the entry the plugin put there), a collection's v4-compatible
// `data` is its nodes and `meta` holds its page information; any other field is the source's own.
// (a page information the root left as a function is counted when its field is read: beside other operations)
export function responseField(source: Record<string, unknown>, name: string): unknown {
  const own = (key: string) => (typeof source[key] === 'function' ? (source[key] as () => unknown)() : source[key]);
  if (name === 'data' && !('data' in source)) return 'value' in source ? source.value : (source.nodes ?? []);
  if (name === 'meta' && !('meta' in source)) return { pagination: own('pageInfo') };
  return own(name) ?? null;
}
