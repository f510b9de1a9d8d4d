#!/usr/bin/env node
// Measures, inside real Strapi 5.54 with the GraphQL plugin, the database statements of a batched request: Apollo's
// executeHTTPGraphQLRequest is called directly while a microtask clock runs, and every statement knex sends is printed
// with the round it was sent at (src/core/graphql/strapi-timing.ts: WRITE_AFTER_READ, a batch's shared connection).
// Run it from a harness copy with the plugin and batching on (probe.mjs --graphql --graphql-config
// '{"apolloServer":{"allowBatchedHttpRequests":true}}' prepares one: ../strapi/probe-<model>-<slot>):
//
//   cd ../strapi/probe-shop-54 && node <repo>/scripts/harness/graphql-batch-timing.cjs '[[{"query": "..."}, {"query": "..."}]]'
const { join } = require('node:path');
const req = (m) => require(join(process.cwd(), 'node_modules', m));
const apollo = req('@apollo/server');
let server;
const start = apollo.ApolloServer.prototype.start;
apollo.ApolloServer.prototype.start = function (...a) {
  server = this;
  return start.apply(this, a);
};
const { createStrapi } = req('@strapi/strapi');
(async () => {
  const app = await createStrapi({ appDir: process.cwd(), distDir: process.cwd() }).load();
  await app.server.mount?.();
  let clock = 0,
    running = true;
  const loop = () =>
    void (async () => {
      while (running) {
        await undefined;
        clock++;
      }
    })();
  const log = [];
  let t0 = 0;
  app.db.connection.on('query', (q) => log.push([clock - t0, q.sql.slice(0, 50)]));
  const auth = { strategy: { name: 'api-token', authenticate: () => {} }, credentials: { type: 'full-access', id: 1 } };
  const bodies = JSON.parse(process.argv[2]);
  for (const body of bodies) {
    log.length = 0;
    running = true;
    loop();
    t0 = clock;
    const res = await server.executeHTTPGraphQLRequest({
      httpGraphQLRequest: { method: 'POST', headers: new apollo.HeaderMap([['content-type', 'application/json']]), search: '', body },
      context: async () => ({ state: { auth, route: {} }, koaContext: { state: { auth } } }),
    });
    const end = clock - t0;
    running = false;
    console.log(JSON.stringify(body).slice(0, 200));
    console.log('  end', end, res.body.string?.slice(0, 300));
    for (const l of log) if (!/^(BEGIN|COMMIT|SAVEPOINT|RELEASE)/.test(l[1]) || true) console.log('  ', l[0], l[1]);
    await new Promise((ok) => setTimeout(ok, 20));
  }
  await app.destroy();
  process.exit(0);
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
