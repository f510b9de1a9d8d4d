// A JSON request to a server under test: the method, an optional JSON body and bearer token; the answer's status,
// headers and parsed body (null when empty).

export type Json = Record<string, any>;

export function jsonClient(base: () => string) {
  return async (method: string, path: string, body?: unknown, token?: string) => {
    const res = await fetch(base() + path, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as Json };
  };
}
