export default {
  async headers(ctx: any) { ctx.set('X-Custom', 'yes'); ctx.status = 201; ctx.body = { h: ctx.get('x-probe') || null, ip: typeof ctx.ip, method: ctx.method, path: ctx.path, url: ctx.url, qs: ctx.querystring, host: typeof ctx.host, is: ctx.is('json') || null }; },
  async redirect(ctx: any) { ctx.redirect('/api/topics'); },
  async query(ctx: any) { ctx.body = { query: ctx.query, rq: ctx.request.query }; },
  async body(ctx: any) { ctx.body = { body: ctx.request.body ?? null, type: ctx.request.type, files: ctx.request.files ? Object.keys(ctx.request.files) : null }; },
  async jwt(ctx: any) { const t = await strapi.plugin('users-permissions').service('jwt').issue({ id: 1 }); const v = await strapi.plugin('users-permissions').service('jwt').verify(t); ctx.body = { issued: typeof t, id: v.id }; },
  async users(ctx: any) { const u = await strapi.plugin('users-permissions').service('user').fetchAll({ fields: ['username'] }); ctx.body = { n: u.length, first: u[0]?.username ?? null }; },
  async role(ctx: any) { const r = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'public' }, select: ['name', 'type'] }); ctx.body = r; },
  async cookie(ctx: any) { ctx.cookies.set('flavor', 'choc', { httpOnly: true }); ctx.body = { got: ctx.cookies.get('seen') ?? null }; },
  async state(ctx: any) { ctx.body = { auth: ctx.state.isAuthenticated ?? null, strategy: ctx.state.auth?.strategy?.name ?? null, user: ctx.state.user?.username ?? null, route: ctx.state.route?.handler ?? null, apiName: ctx.state.route?.info?.apiName ?? null }; },
};
