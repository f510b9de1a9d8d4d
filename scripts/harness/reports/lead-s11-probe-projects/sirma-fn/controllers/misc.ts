import { errors } from '@strapi/utils';

export default {
  async teapot(ctx: any) { ctx.throw(418, 'short and stout'); },
  async empty(ctx: any) { ctx.status = 204; },
  async returned(ctx: any) { return { returned: true, q: ctx.query }; },
  async csv(ctx: any) { ctx.type = 'text/csv'; ctx.body = 'a,b\n1,2\n'; },
  async buffer(ctx: any) { ctx.body = Buffer.from('raw bytes'); },
  async slug(ctx: any) { ctx.body = { slug: ctx.params.slug, n: ctx.params.n ?? null }; },
  async created(ctx: any) { ctx.created({ made: true }); },
  async bad(ctx: any) { return ctx.badRequest('nope', { field: 'x' }); },
  async policyd(ctx: any) { ctx.body = { passed: true }; },
  async count(ctx: any) { ctx.body = { topics: await strapi.documents('api::topic.topic').count({}) }; },
  async first(ctx: any) { ctx.body = await strapi.documents('api::topic.topic').findFirst({ sort: 'id:desc', fields: ['title'] }); },
  async page(ctx: any) { ctx.body = await strapi.entityService.findPage('api::topic.topic', { page: 1, pageSize: 2, fields: ['title'] }); },
  async svc(ctx: any) { ctx.body = await strapi.service('api::topic.topic').find({ pagination: { page: 1, pageSize: 1 }, fields: ['title'] }); },
  async conflict(ctx: any) { throw new errors.ApplicationError('custom', { why: 'because' }); },
  async notAllowed(ctx: any) { return ctx.methodNotAllowed?.('no') ?? ctx.throw(405); },
};
