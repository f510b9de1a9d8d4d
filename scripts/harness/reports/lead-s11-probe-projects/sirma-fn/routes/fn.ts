export default {
  routes: [
    { method: 'GET', path: '/topics/fn', handler: async (ctx: any) => { ctx.body = { ok: true, user: ctx.state.user?.username ?? null }; } },
    { method: 'GET', path: '/topics/fn-open', handler: async (ctx: any) => { ctx.body = { ok: 'open' }; }, config: { auth: false } },
    { method: 'GET', path: '/topics/fn-empty', handler: async (ctx: any) => { ctx.body = { ok: 'empty' }; }, config: { auth: { scope: [] } } },
  ],
};
