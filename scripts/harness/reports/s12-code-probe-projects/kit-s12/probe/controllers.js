const UID = 'api::article.article';
const docs = () => strapi.documents(UID);
const ts = (v) => JSON.parse(JSON.stringify(v ?? null, (k, x) => (['createdAt', 'updatedAt', 'publishedAt', 'documentId', 'hash', 'url'].includes(k) ? (x === null ? null : typeof x) : x)));
const brief = (list) => (Array.isArray(list) ? list : [list]).filter(Boolean).map((e) => ({ id: e.id, title: e.title, locale: e.locale, pub: e.publishedAt === null ? null : typeof e.publishedAt }));
module.exports = {
  async events(ctx) { const l = globalThis.__s12events ?? []; ctx.body = l.splice(0, l.length).filter((e) => !/Find|Count/.test(e.a)); },
  async star(ctx) { const [e] = await docs().findMany({ populate: '*', sort: 'id:asc', limit: 1 }); ctx.body = ts({ createdBy: e.createdBy, updatedBy: e.updatedBy, localizations: e.localizations, keys: Object.keys(e).sort() }); },
  async starEs(ctx) { const [e] = await strapi.entityService.findMany(UID, { populate: '*', sort: 'id:asc', limit: 1 }); ctx.body = ts({ createdBy: e.createdBy, updatedBy: e.updatedBy, keys: Object.keys(e).sort(), loc: e.localizations }); },
  async dbLoc(ctx) { ctx.body = (await strapi.db.query(UID).findMany({ populate: ['localizations'], orderBy: 'id' })).map((e) => ({ id: e.id, title: e.title, locale: e.locale, pub: e.publishedAt !== null, locs: (e.localizations || []).map((l) => `${l.id}:${l.locale}:${l.publishedAt !== null}`) })); },
  async dbLocFull(ctx) { ctx.body = (await strapi.db.query(UID).findMany({ where: { id: { $gt: 0 } }, populate: { localizations: true }, orderBy: { id: 'desc' }, limit: 3 })).map((e) => ts(e.localizations)); },
  async dbRows(ctx) { ctx.body = (await strapi.db.query(UID).findMany({ select: ['id', 'title', 'locale', 'publishedAt', 'documentId'], orderBy: 'id' })).map((e) => ({ id: e.id, title: e.title, locale: e.locale, pub: e.publishedAt === null ? null : typeof e.publishedAt, doc: typeof e.documentId })); },
  async dbCreateMany(ctx) { ctx.body = await strapi.db.query(UID).createMany({ data: [{ title: 'M1', slug: 'm1' }, { title: 'M2', slug: 'm2', publishedAt: new Date() }, { title: 'M3', slug: 'm3', locale: 'fr' }] }); },
  async dbCreateOne(ctx) { ctx.body = ts(await strapi.db.query(UID).create({ data: { title: 'O1', slug: 'o1' } })); },
  async svcPage(ctx) { const r = await strapi.service(UID).find({ pagination: { page: 2, pageSize: 1 }, sort: 'id:asc' }); ctx.body = { results: brief(r.results), pagination: r.pagination }; },
  async svcStart(ctx) { const r = await strapi.service(UID).find({ pagination: { start: 1, limit: 1 }, sort: 'id:asc' }); ctx.body = { results: brief(r.results), pagination: r.pagination }; },
  async svcDraft(ctx) { const r = await strapi.service(UID).find({ status: 'draft', sort: 'id:asc' }); ctx.body = { results: brief(r.results), pagination: r.pagination }; },
  async svcFr(ctx) { const r = await strapi.service(UID).find({ locale: 'fr', sort: 'id:asc' }); ctx.body = { results: brief(r.results), pagination: r.pagination }; },
  async svcDefault(ctx) { const r = await strapi.service(UID).find(); ctx.body = { results: brief(r.results), pagination: r.pagination }; },
  async svcOnePop(ctx) { ctx.body = ts(await strapi.service(UID).findOne(ctx.params.id, { populate: { tags: true, author: { fields: ['name'] } }, fields: ['title'] })); },
  async dsPubAll(ctx) { ctx.body = brief(await docs().findMany({ status: 'published', locale: '*', sort: 'id:asc' })); },
  async dsDraftAll(ctx) { ctx.body = brief(await docs().findMany({ status: 'draft', locale: '*', sort: ['title:asc', 'id:asc'] })); },
  async dsCountPub(ctx) { ctx.body = { a: await docs().count({ status: 'published', locale: '*' }), b: await docs().count({ status: 'published' }), c: await docs().count({ locale: 'fr' }) }; },
  async echoQuery(ctx) { ctx.body = { query: ctx.query, request: ctx.request.query }; },
  async sanitizeOut(ctx) {
    const [e] = await docs().findMany({ populate: '*', sort: 'id:asc', limit: 1 });
    const schema = strapi.getModel(UID);
    const out = await strapi.contentAPI.sanitize.output(e, schema, { auth: ctx.state.auth });
    ctx.body = ts({ keys: Object.keys(out).sort(), out });
  },
  async esDeep(ctx) { ctx.body = ts(await strapi.entityService.findMany(UID, { fields: ['title'], populate: { author: { fields: ['name'], populate: { articles: { fields: ['title'] } } }, seo: true, tags: { fields: ['name'] } }, sort: 'id:asc' })); },
  async svcSuper(ctx) { const r = await strapi.service('api::tag.tag').find({ sort: 'id:asc' }); ctx.body = ts(r); },
  async upload(ctx) {
    const fs = require('fs'); const path = require('path'); const os = require('os');
    const p = path.join(os.tmpdir(), `s12-upload-${process.pid}.txt`); fs.writeFileSync(p, 'hello upload');
    const r = await strapi.plugin('upload').service('upload').upload({ data: { fileInfo: { alternativeText: 'alt', caption: 'cap', name: 'greeting.txt' } }, files: { filepath: p, originalFilename: 'greeting.txt', mimetype: 'text/plain', size: 12 } });
    ctx.body = ts(r);
  },
  async uploadBuf(ctx) {
    const fs = require('fs'); const path = require('path'); const os = require('os');
    const p = path.join(os.tmpdir(), `s12-upload2-${process.pid}.png`); fs.writeFileSync(p, Buffer.from('89504e470d0a1a0a', 'hex'));
    const r = await strapi.plugin('upload').service('upload').upload({ data: {}, files: [{ filepath: p, originalFilename: 'a b.png', mimetype: 'image/png', size: 8 }] });
    ctx.body = ts(r);
  },
  async dsPublish(ctx) { const r = await docs().publish({ documentId: ctx.params.id }); ctx.body = { n: r.entries.length }; },
  async dsUpdatePub(ctx) { const r = await docs().update({ documentId: ctx.params.id, data: { title: 'UP' }, status: 'published' }); ctx.body = brief(r); },
  async dsCreateRel(ctx) {
    const tags = await strapi.documents('api::tag.tag').findMany({ sort: 'id:asc' });
    const e = await docs().create({ data: { title: 'Rel', slug: 'rel', tags: [tags[0].documentId], author: null, seo: { metaTitle: 'm' } } });
    ctx.body = brief(e);
  },
  async dsUpdateRel(ctx) {
    const tags = await strapi.documents('api::tag.tag').findMany({ sort: 'id:asc' });
    const e = await docs().update({ documentId: ctx.params.id, data: { tags: { connect: [tags[1].documentId], disconnect: [tags[0].documentId] } } });
    ctx.body = brief(e);
  },
  async starKeys(ctx) { const [e] = await docs().findMany({ populate: '*', sort: 'id:asc', limit: 1 }); ctx.body = Object.keys(e); },
  async popCreator(ctx) { const [e] = await docs().findMany({ populate: ['createdBy', 'tags'], fields: ['title'], sort: 'id:asc', limit: 1 }); ctx.body = ts(e); },
  async popCreatorObj(ctx) { const [e] = await docs().findMany({ populate: { updatedBy: { fields: ['firstname'] } }, fields: ['title'], sort: 'id:asc', limit: 1 }); ctx.body = ts(e); },
  async svcTagOne(ctx) { ctx.body = ts(await strapi.service('api::tag.tag').findOne(ctx.params.id)); },
  async eventsAll(ctx) { const l = globalThis.__s12events ?? []; ctx.body = l.splice(0, l.length); },
  async dbWrite(ctx) {
    const c = await strapi.db.query(UID).create({ data: { title: 'DBW', slug: 'dbw', locale: 'en', publishedAt: null } });
    await strapi.db.query(UID).update({ where: { id: c.id }, data: { views: 4 } });
    await strapi.db.query(UID).delete({ where: { id: c.id } });
    ctx.body = { ok: true };
  },
  async dsDiscard(ctx) { const r = await docs().discardDraft({ documentId: ctx.params.id }); ctx.body = { n: r.entries.length }; },
  async esCreate(ctx) { const e = await strapi.entityService.create(UID, { data: { title: 'ES', slug: 'es', publishedAt: null } }); ctx.body = brief(e); },
  async perms(ctx) { const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'public' }, populate: ['permissions'] }); ctx.body = role.permissions.map((p) => p.action).sort(); },
};
