module.exports = {
  register({ strapi }) {
    const ext = strapi.plugin('graphql').service('extension');
    ext.shadowCRUD('api::article.article').field('content').disable();
    ext.shadowCRUD('api::tag.tag').disableActions(['delete', 'update']);
    ext.shadowCRUD('api::secret.secret').disable();
    ext.use(({ strapi }) => ({
      typeDefs: `
        type ArticleStats { total: Int!, drafts: Int! }
        extend type Query { articleStats(locale: String): ArticleStats, hello(name: String!): String }
        extend type Article { titleLength: Int }
      `,
      resolvers: {
        Query: {
          articleStats: { resolve: async (_p, args) => ({ total: await strapi.documents('api::article.article').count({ locale: args.locale ?? undefined }), drafts: await strapi.documents('api::article.article').count({ status: 'draft', locale: args.locale ?? undefined }) }) },
          hello: { resolve: (_p, { name }) => `hi ${name}` },
        },
        Article: { titleLength: { resolve: (parent) => (parent.title ? parent.title.length : null) } },
      },
      resolversConfig: {
        'Query.articleStats': { auth: false },
        'Query.hello': { auth: { scope: ['api::article.article.find'] } },
      },
    }));
  },
};
