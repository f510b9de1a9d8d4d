#!/usr/bin/env node
// Measures, inside real Strapi 5.54, how long the GraphQL plugin's resolvers take in microtask rounds (a concurrent
// `await` loop counts them): validate.query and sanitize.query of a relation field's arguments, and the database's
// answers to relation loads and document queries sent together. src/core/graphql/strapi-timing.ts is built on these
// figures. Run it from a harness copy with the plugin (graphql-run.mjs prepares one: ../strapi/gql-<model>-<slot>;
// it loads Strapi without serving HTTP):
//
//   cd ../strapi/gql-shop-25 && node <repo>/scripts/harness/graphql-timing-probe.cjs cases.json
//
// cases.json: [{ "uid": "api::shelf.shelf", "attr": "variants", "args": { "filters": { "slug": { "eq": "x" } } } }, ...]
// or { "walk": true, "uid": <the field's target>, "args": {...} } for each validation step apart, or
// { "uid", "attr", "where": {...} } for a load the database layer refuses (below)
// prints one JSON line per case ({validate, total, load}), then the database figures for the first case's relation.
const { join } = require('node:path');
const { readFileSync } = require('node:fs');
const { createStrapi } = require(join(process.cwd(), 'node_modules', '@strapi', 'strapi'));

(async () => {
  const app = await createStrapi({ appDir: process.cwd(), distDir: process.cwd() }).load();
  let clock = 0;
  let running = true;
  void (async () => {
    while (running) {
      await undefined;
      clock++;
    }
  })();
  /** Rounds until each promise settles, counted from now. */
  const ends = async (promises) => {
    const t0 = clock;
    return Promise.all(
      promises.map((p) =>
        p.then(
          () => clock - t0,
          () => clock - t0,
        ),
      ),
    );
  };
  // the public role's auth, as the content API's auth middleware sets it
  const ctx = { state: { route: { info: { type: 'content-api' } } }, request: { header: {} }, get: () => undefined };
  await strapi.get('auth').authenticate(ctx, async () => {});
  const { auth } = ctx.state;
  const { transformArgs } = strapi.plugin('graphql').service('builders').utils;
  const cases = JSON.parse(readFileSync(process.argv[2], 'utf8'));
  // `"walk": true` cases: each step of a field's validation apart (graphql-run's args as transformArgs leaves them):
  // one traversal pass of the filters and of the sort with a visitor that refuses nothing, the restricted-relations
  // pass, validate.query (and where it refuses), sanitize.query
  const utils = require(join(process.cwd(), 'node_modules', '@strapi', 'utils'));
  const { traverseQueryFilters, traverseQuerySort } = utils.traverse;
  const restricted = utils.validate.visitors.throwRestrictedRelations(auth);
  const outcome = async (p) => {
    const t0 = clock;
    try {
      await p;
      return { rounds: clock - t0 };
    } catch (e) {
      return { rounds: clock - t0, refused: e.message };
    }
  };
  for (const c of cases.filter((k) => k.walk)) {
    const target = strapi.getModel(c.uid);
    const opts = { schema: target, getModel: strapi.getModel.bind(strapi) };
    const args = transformArgs(c.args, { contentType: target, usePagination: true });
    const out = { uid: c.uid, args: c.args };
    if (args.filters) {
      out.filterPass = await outcome(traverseQueryFilters(() => {}, opts, args.filters));
      out.filterRestricted = await outcome(traverseQueryFilters(restricted, opts, args.filters));
      out.validateFilters = await outcome(strapi.contentAPI.validate.filters(args.filters, target, { auth }));
    }
    if (args.sort) {
      out.sortPass = await outcome(traverseQuerySort(() => {}, opts, args.sort));
      out.sortRestricted = await outcome(traverseQuerySort(restricted, opts, args.sort));
      out.validateSort = await outcome(strapi.contentAPI.validate.sort(args.sort, target, { auth }));
    }
    out.validate = await outcome(strapi.contentAPI.validate.query(args, target, { auth }));
    out.sanitize = await outcome(strapi.contentAPI.sanitize.query(args, target, { auth }));
    console.log(JSON.stringify(out));
  }
  // `"where": {...}` cases: a relation load whose WHERE the database layer refuses (processWhere as the statement is
  // built, or applyWhere as knex compiles it once it has the connection), alone and behind a plain load
  for (const c of cases.filter((k) => k.where)) {
    const parent = await strapi.db.query(c.uid).findOne({ where: {} });
    const load = (where) => strapi.db.query(c.uid).load(parent, c.attr, where ? { where } : {});
    const [alone] = await ends([load(c.where)]);
    const behind = await ends([load(), load(c.where), load()]);
    const message = await load(c.where).then(
      () => 'none',
      (e) => e.message,
    );
    console.log(JSON.stringify({ uid: c.uid, attr: c.attr, where: c.where, message, alone, behind }));
  }
  if (cases.every((k) => k.walk || k.where)) {
    running = false;
    await app.destroy();
    process.exit(0);
  }
  for (const c of cases.filter((k) => !k.walk && !k.where)) {
    const attribute = strapi.getModel(c.uid).attributes[c.attr];
    const targetUid = attribute.type === 'media' ? 'plugin::upload.file' : (attribute.target ?? attribute.component);
    const target = strapi.getModel(targetUid);
    const parent = await strapi.db.query(c.uid).findOne({ where: {} });
    const validate = () =>
      strapi.contentAPI.validate.query(transformArgs(c.args, { contentType: target, usePagination: true }), target, { auth });
    const sanitize = () =>
      strapi.contentAPI.sanitize.query(transformArgs(c.args, { contentType: target, usePagination: true }), target, { auth });
    const [v] = await ends([validate()]);
    const [total] = await ends([validate().then(sanitize)]);
    const query = strapi.get('query-params').transform(targetUid, await sanitize().catch(() => ({})));
    const [load] = await ends([strapi.db.query(c.uid).load(parent, c.attr, query)]);
    console.log(JSON.stringify({ uid: c.uid, attr: c.attr, args: c.args, validate: v, total, load }));
  }
  const c = cases.find((k) => !k.walk && !k.where);
  const parents = await strapi.db.query(c.uid).findMany({ limit: 8 });
  const load = (p) => strapi.db.query(c.uid).load(p, c.attr, {});
  const find = () => strapi.documents(c.uid).findMany({ status: 'published', limit: 10, start: 0 });
  console.log(JSON.stringify({ loadsTogether: await ends(parents.slice(0, 4).map(load)) }));
  console.log(JSON.stringify({ findAlone: await ends([find()]) }));
  const loads = parents.slice(0, 4).map(load);
  console.log(JSON.stringify({ loadsThenFind: await ends([...loads, find()]) }));
  running = false;
  await app.destroy();
  process.exit(0);
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
