module.exports = {
  register({ strapi }) {
    strapi.documents.use(async (ctx, next) => {
      if (ctx.uid !== 'api::article.article') return next();
      if (ctx.action === 'findMany') ctx.params.filters = { ...(ctx.params.filters || {}), title: { $ne: 'Charlie' } };
      if (ctx.action === 'create' && ctx.params.data) ctx.params.data.description = `made by ${ctx.action}`;
      if (ctx.action === 'delete' && ctx.params.locale === 'fr') throw new Error('no deleting French');
      const result = await next();
      if (ctx.action === 'findOne' && result) result.extra = { action: ctx.action, status: ctx.params.status ?? null, locale: ctx.params.locale ?? null };
      return result;
    });
  },
};
