// One GraphQL request of the harness, as graphql-run, graphql-replay and graphql-write-replay send it: a JSON POST of
// { query, variables, operationName } (`{{name}}` filled from what earlier steps saved), or, for the HTTP envelope
// shapes (graphql-gen-grammar.mjs `envelope`), the request exactly as generated: `http` = { method, search, body,
// headers } with the body's raw text. The answer's body is its JSON, or { __nonJson } with the start of its text.

/** Sends `req` to `${base}/graphql`; `fill` replaces `{{name}}` marks; `key` is the bearer token, if any. */
export async function sendGraphql(base, req, { fill = (s) => s, key, timeout = 30000 } = {}) {
  const http = req.http;
  const headers = { ...(key ? { authorization: `Bearer ${key}` } : {}) };
  let init;
  let url = `${base}/graphql`;
  if (http) {
    if (http.search) url += `?${fill(http.search)}`;
    init = { method: http.method, headers: { ...headers, ...http.headers }, ...(http.body !== undefined ? { body: fill(http.body) } : {}) };
  } else {
    const body = JSON.stringify({
      query: fill(req.query),
      ...(req.variables ? { variables: JSON.parse(fill(JSON.stringify(req.variables))) } : {}),
      ...(req.operationName ? { operationName: req.operationName } : {}),
    });
    init = { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body };
  }
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeout) });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = { __nonJson: text.slice(0, 300) };
  }
  return { status: res.status, body: json };
}
