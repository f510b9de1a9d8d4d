// The project's `rest.prefix` (config/api): Strapi serves its whole Content API (content types, plugins, the
// project's own routes) under it. Requests are mapped onto `/api`, where our routes live; `/api` itself is then a
// path like any other (a 404).

/** Paths of the mock's own that never move under a prefix. */
const OWN = ['/docs', '/openapi.', '/__content-mock', '/_health', '/uploads/'];

/** The URL (path and query) to route for a request under `prefix`: `/v1/articles?x` → `/api/articles?x`. */
export function routedUrl(url: string, prefix: string): string {
  if (prefix === '/api') return url;
  const lower = url.toLowerCase();
  const p = prefix.toLowerCase();
  if (p === '') {
    if (OWN.some((o) => lower.startsWith(o))) return url;
    return lower.startsWith('/api/') || lower === '/api' ? `/__outside-rest-prefix${url}` : `/api${url}`;
  }
  const rest = lower.slice(p.length);
  if (lower.startsWith(p) && (rest === '' || rest.startsWith('/') || rest.startsWith('?'))) return `/api${url.slice(prefix.length)}`;
  // the default prefix is not served when the project moved it
  if (lower.startsWith('/api/') || lower === '/api' || lower.startsWith('/api?')) return `/__outside-rest-prefix${url}`;
  return url;
}
