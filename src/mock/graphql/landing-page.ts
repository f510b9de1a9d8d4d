// The page a browser gets at the GraphQL endpoint (Apollo's landing page outside production): an offline page that
// posts queries to the endpoint, since Apollo's own loads its sandbox from a CDN.

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function landingPage(endpoint: string): string {
  const e = escape(endpoint);
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>content-mock GraphQL</title>
<style>body{font:14px system-ui;margin:2em}textarea{width:100%;height:14em;font:13px monospace}pre{background:#f4f4f4;padding:1em;overflow:auto}</style>
</head><body><h1>GraphQL at ${e}</h1>
<p>Strapi's GraphQL API served by content-mock. Write a query and run it (Ctrl+Enter).</p>
<textarea id="q">{\n  __schema { queryType { fields { name } } }\n}</textarea>
<p><label>Variables (JSON) <input id="v" size="60" value="{}"></label> <button id="run">Run</button></p>
<pre id="out"></pre>
<script>
const run = async () => {
  const res = await fetch(${JSON.stringify(endpoint)}, { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: document.getElementById('q').value, variables: JSON.parse(document.getElementById('v').value || '{}') }) });
  document.getElementById('out').textContent = JSON.stringify(await res.json(), null, 2);
};
document.getElementById('run').onclick = run;
document.getElementById('q').onkeydown = (ev) => { if (ev.key === 'Enter' && ev.ctrlKey) run(); };
</script></body></html>
`;
}
