// A Strapi API the mock does not provide (a raw database query, an unknown plugin service): reaching it throws an
// error that names it, so the route can fall back to Strapi's core behaviour and the start-up log can say why.

export class UnsupportedApiError extends Error {
  constructor(readonly api: string) {
    super(`${api} is not available in content-mock (it has no database or plugin behind it)`);
    this.name = 'UnsupportedApiError';
  }
}

/** A stand-in for an API path: any property leads further, calling it throws (`strapi.db.connection.raw(...)`). */
export function unsupported(path: string): unknown {
  const fn = () => {
    throw new UnsupportedApiError(path);
  };
  return new Proxy(fn, {
    get: (_t, key) => (typeof key === 'symbol' ? undefined : key === 'then' ? undefined : unsupported(`${path}.${key}`)),
    apply: () => {
      throw new UnsupportedApiError(`${path}()`);
    },
  });
}
