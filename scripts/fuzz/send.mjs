// Sends fuzzed requests with node:http (the path exactly as generated) and collects what must never happen.

import { Agent, request } from 'node:http';

/** Sends one request; resolves with its status, or with `error` when the connection failed. */
export function send(base, req, agent) {
  return new Promise((ok) => {
    let r;
    try {
      r = request(`${base}${req.path}`, { method: req.method, headers: req.headers, agent }, (res) => {
        res.resume();
        res.on('end', () => ok({ status: res.statusCode }));
        res.on('error', (e) => ok({ error: e.code ?? e.message }));
      });
    } catch (e) {
      // a path node:http refuses to send (a raw control character): not a request the server ever sees
      ok({ skipped: e.code ?? e.message });
      return;
    }
    r.on('error', (e) => ok({ error: e.code ?? e.message }));
    r.end(req.body);
  });
}

/**
 * Runs `count` requests from `generator` with `concurrency` in flight. Returns the count per status and every
 * request answered with a 5xx or a broken connection.
 */
export async function runFuzz(base, generator, { count, concurrency = 8 }) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const statuses = {};
  const failures = [];
  let skipped = 0;
  let sent = 0;
  const worker = async () => {
    while (sent < count) {
      sent++;
      const req = generator.next();
      const res = await send(base, req, agent);
      if (res.skipped) {
        skipped++;
        continue;
      }
      const key = res.error ? `error ${res.error}` : String(res.status);
      statuses[key] = (statuses[key] ?? 0) + 1;
      if (res.error || res.status >= 500) failures.push({ ...res, request: req });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  return { statuses, failures, skipped };
}
