import type express from 'express';
import type { Runtime } from '../runtime.js';
import { checkBodySize } from '../request/parse-body.js';
import { RELAY_HEADER, type RelayedFailures } from './relayed-failures.js';

/** Mounts the GraphQL endpoint on the app when the project serves GraphQL (read per request: hot reload may change it). */
export function mountGraphql(app: express.Express, current: () => Runtime, relayed: RelayedFailures): void {
  app.use((req, res, next) => {
    const rt = current();
    const settings = rt.config.graphql;
    if (!settings || req.path.replace(/\/$/, '') !== settings.endpoint) return next();
    void (async () => {
      // graphql-js and the schema builder load with the first GraphQL request, not with every server
      const { answerGraphql } = await import('./answer-graphql.js');
      const search = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '';
      const answer = await answerGraphql(rt, {
        method: req.method,
        search,
        header: (name) => {
          const v = req.headers[name.toLowerCase()];
          return Array.isArray(v) ? v.join(', ') : v;
        },
        // the users & permissions mutations call the plugin's auth routes: this same server's, over loopback
        relay: async (request) => {
          const local = `http://${req.socket.localAddress?.includes(':') ? `[${req.socket.localAddress}]` : req.socket.localAddress}:${req.socket.localPort}`;
          const url = new URL(request.url);
          const token = relayed.begin();
          request.headers.set(RELAY_HEADER, token);
          try {
            const res = await fetch(local + url.pathname + url.search, {
              method: request.method,
              headers: request.headers,
              body: await request.text(),
            });
            const body = await res.text();
            return { status: res.status, body, thrown: relayed.end(token) };
          } finally {
            relayed.end(token);
          }
        },
        readBody: () =>
          new Promise<string>((resolve, reject) => {
            const chunks: Buffer[] = [];
            req.on('data', (c: Buffer) => chunks.push(c));
            req.on('end', () => {
              const bytes = Buffer.concat(chunks);
              try {
                checkBodySize(bytes.length);
                resolve(bytes.toString('utf8'));
              } catch (e) {
                reject(e);
              }
            });
            req.on('error', reject);
          }),
      });
      res
        .status(answer.status)
        .set(answer.headers ?? {})
        .type(answer.contentType)
        .send(answer.body);
    })().catch(next);
  });
}
