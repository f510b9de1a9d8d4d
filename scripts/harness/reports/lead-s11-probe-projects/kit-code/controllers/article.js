const UID = 'api::article.article';
const docs = () => strapi.documents(UID);
const pick = (list) => (Array.isArray(list) ? list : [list]).filter(Boolean).map((e) => ({ id: e.id, documentId: e.documentId, title: e.title, locale: e.locale, publishedAt: e.publishedAt === null ? null : typeof e.publishedAt }));
module.exports = require('@strapi/strapi').factories.createCoreController(UID, () => ({
  async dsAllLocales(ctx) { ctx.body = pick(await docs().findMany({ locale: '*', sort: 'id:asc' })); },
  async dsDraftFr(ctx) { ctx.body = await docs().findMany({ status: 'draft', locale: 'fr', fields: ['title', 'locale'], sort: 'id:asc' }); },
  async dsMissingLocale(ctx) { ctx.body = { found: await docs().findOne({ documentId: ctx.params.id, locale: 'de' }) }; },
  async dsFirst(ctx) { ctx.body = pick(await docs().findFirst({ filters: { title: { $containsi: 'b' } }, sort: 'title:desc' })); },
  async dsCount(ctx) { ctx.body = { all: await docs().count({ locale: '*' }), en: await docs().count({}), drafts: await docs().count({ status: 'draft', locale: '*' }) }; },
  async dsCreateFr(ctx) { const e = await docs().create({ data: { title: 'Cfr', slug: 'cfr' }, locale: 'fr', status: 'published' }); ctx.body = pick(e); },
  async dsUpdateDe(ctx) { const e = await docs().update({ documentId: ctx.params.id, locale: 'de', data: { title: 'Dde', slug: 'dde' } }); ctx.body = pick(e); },
  async dsPublishAll(ctx) { const r = await docs().publish({ documentId: ctx.params.id, locale: '*' }); ctx.body = { documentId: r.documentId, entries: pick(r.entries) }; },
  async dsUnpublish(ctx) { const r = await docs().unpublish({ documentId: ctx.params.id, locale: 'de' }); ctx.body = { documentId: r.documentId, entries: pick(r.entries) }; },
  async dsDiscard(ctx) { const r = await docs().discardDraft({ documentId: ctx.params.id, locale: 'en' }); ctx.body = { documentId: r.documentId, entries: pick(r.entries) }; },
  async dsPopulate(ctx) { ctx.body = (await docs().findMany({ fields: ['title'], populate: { author: { fields: ['name'] }, tags: { fields: ['name'], sort: 'name:desc' } }, sort: 'id:asc', limit: 2 })).map((e) => ({ title: e.title, author: e.author, tags: e.tags })); },
  async dsStar(ctx) { ctx.body = (await docs().findMany({ populate: '*', fields: ['title'], sort: 'id:asc', limit: 1 })).map((e) => Object.keys(e).sort()); },
  async dsOffset(ctx) { ctx.body = pick(await docs().findMany({ start: 1, limit: 2, sort: [{ id: 'desc' }] })); },
  async esMany(ctx) { ctx.body = pick(await strapi.entityService.findMany(UID, { filters: { title: { $startsWith: 'A' } }, sort: { id: 'asc' }, publicationState: 'preview', locale: 'all' })); },
  async esLive(ctx) { ctx.body = pick(await strapi.entityService.findMany(UID, { publicationState: 'live', sort: 'id:asc' })); },
  async esOne(ctx) { const e = await strapi.entityService.findOne(UID, Number(ctx.params.n), { fields: ['title', 'locale'] }); ctx.body = e; },
  async esCreate(ctx) { ctx.body = pick(await strapi.entityService.create(UID, { data: { title: 'ES', slug: 'es' } })); },
  async esUpdate(ctx) { ctx.body = pick(await strapi.entityService.update(UID, Number(ctx.params.n), { data: { title: 'ES2' } })); },
  async esDelete(ctx) { ctx.body = pick(await strapi.entityService.delete(UID, Number(ctx.params.n))); },
  async dbMany(ctx) { ctx.body = (await strapi.db.query(UID).findMany({ where: { publishedAt: { $null: true } }, orderBy: { title: 'desc' }, limit: 2, offset: 1, select: ['title', 'locale'] })); },
  async dbCount(ctx) { ctx.body = { n: await strapi.db.query(UID).count({ where: { locale: 'en' } }) }; },
  async dbWithCount(ctx) { const [rows, n] = await strapi.db.query(UID).findWithCount({ where: { locale: 'en' }, select: ['id'], orderBy: 'id' }); ctx.body = { ids: rows.map((r) => r.id), n }; },
  async dbPage(ctx) { const r = await strapi.db.query(UID).findPage({ page: 2, pageSize: 2, select: ['id'], orderBy: { id: 'asc' } }); ctx.body = r; },
  async dbOne(ctx) { ctx.body = await strapi.db.query(UID).findOne({ where: { title: { $containsi: 'alp' } }, select: ['id', 'title'], orderBy: { id: 'desc' } }); },
  async dbUpdate(ctx) { ctx.body = await strapi.db.query(UID).update({ where: { id: Number(ctx.params.n) }, data: { views: 7 }, select: ['id', 'views', 'title'] }); },
  async dsFilterRel(ctx) { ctx.body = pick(await docs().findMany({ filters: { $or: [{ title: 'Bravo' }, { views: { $gt: 5 } }] }, status: 'draft', sort: ['title:asc'] })); },
  async dsHasPub(ctx) { ctx.body = pick(await docs().findMany({ status: 'draft', hasPublishedVersion: true, sort: 'id:asc' })); },
  async svcCreate(ctx) { const s = strapi.service(UID); ctx.body = pick(await s.create({ data: { title: 'SVC', slug: 'svc' } })); },
  async svcFind(ctx) { const r = await strapi.service(UID).find({ fields: ['title'], sort: 'id:asc', pagination: { pageSize: 2 } }); ctx.body = { results: pick(r.results), pagination: r.pagination }; },
  async svcFindOne(ctx) { ctx.body = pick(await strapi.service(UID).findOne(ctx.params.id, { fields: ['title'], status: 'published' })); },
  async svcUpdate(ctx) { ctx.body = pick(await strapi.service(UID).update(ctx.params.id, { data: { title: 'SVCu' } })); },
  async svcDelete(ctx) { const r = await strapi.service(UID).delete(ctx.params.id); ctx.body = r && { documentId: typeof r.documentId, entries: pick(r.entries || []) }; },
  async dbCreate(ctx) { ctx.body = await strapi.db.query(UID).create({ data: { title: 'DBc', slug: 'dbc', locale: 'en' }, select: ['id', 'title', 'publishedAt', 'locale'] }); },
  async dbUpdateMany(ctx) { ctx.body = await strapi.db.query(UID).updateMany({ where: { title: { $startsWith: 'DB' } }, data: { views: 3 } }); },
  async dbDeleteMany(ctx) { ctx.body = await strapi.db.query(UID).deleteMany({ where: { views: 3 } }); },
  async dbCreateMany(ctx) { ctx.body = await strapi.db.query(UID).createMany({ data: [{ title: 'M1', slug: 'm1' }, { title: 'M2', slug: 'm2' }] }); },
  async dbPopulate(ctx) { ctx.body = (await strapi.db.query(UID).findMany({ select: ['title'], populate: { localizations: { select: ['locale'] } }, where: { locale: 'en', publishedAt: { $null: true } }, orderBy: 'id' })).map((e) => ({ title: e.title, locs: (e.localizations || []).map((l) => l.locale) })); },
  async dsFindOneStatus(ctx) { ctx.body = { d: pick(await docs().findOne({ documentId: ctx.params.id })), p: pick(await docs().findOne({ documentId: ctx.params.id, status: 'published' })), fr: pick(await docs().findOne({ documentId: ctx.params.id, locale: 'fr', status: 'published' })) }; },
  async meta(ctx) {
    const ct = strapi.contentType(UID);
    const attrs = Object.keys(ct.attributes).sort();
    const gm = strapi.getModel(UID);
    ctx.body = { attrs, kind: ct.kind, modelType: ct.modelType, uid: ct.uid, collectionName: ct.collectionName, singular: ct.info.singularName, opts: ct.options, plugin: ct.pluginOptions ?? null, same: gm === ct, comp: Object.keys(strapi.components).sort(), seo: Object.keys(strapi.components['shared.seo']?.attributes ?? {}).sort() };
  },
  async conf(ctx) { ctx.body = { dl: strapi.config.get('api.rest.defaultLimit'), ml: strapi.config.get('api.rest.maxLimit'), pre: strapi.config.get('api.rest.prefix'), missing: strapi.config.get('nope.nope', 'dflt'), host: typeof strapi.config.get('server.host') }; },
  async i18n(ctx) { const s = strapi.plugin('i18n').service('locales'); const all = await s.find(); ctx.body = { codes: all.map((l) => l.code).sort(), def: await s.getDefaultLocale() }; },
  async store(ctx) { const adv = await strapi.store({ type: 'plugin', name: 'users-permissions', key: 'advanced' }).get(); ctx.body = { keys: adv ? Object.keys(adv).sort() : null, role: adv?.default_role ?? null }; },
  async dsDeleteAll(ctx) { const r = await docs().delete({ documentId: ctx.params.id, locale: '*' }); ctx.body = { documentId: r.documentId, entries: pick(r.entries) }; },
}));
