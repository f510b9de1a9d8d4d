module.exports = require('@strapi/strapi').factories.createCoreService('api::tag.tag', ({ strapi }) => ({
  async find(params) {
    const r = await super.find(params);
    return { ...r, extra: r.results.length };
  },
  async findOne(documentId, params) {
    const e = await super.findOne(documentId, params);
    return e && { ...e, wrapped: true };
  },
}));
