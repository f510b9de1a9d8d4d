export default {
  register() {},
  async bootstrap({ strapi }: any) {
    // seed a module if none, and let the public role read topics (a common starter pattern)
    const n = await strapi.documents('api::module.module').count({});
    if (n === 0) await strapi.documents('api::module.module').create({ data: { title: 'Boot module', description: 'from bootstrap' } });
    const role = await strapi.query('plugin::users-permissions.role').findOne({ where: { type: 'public' } });
    for (const action of ['api::topic.topic.find', 'api::topic.topic.findOne']) {
      const has = await strapi.query('plugin::users-permissions.permission').findOne({ where: { action, role: role.id } });
      if (!has) await strapi.query('plugin::users-permissions.permission').create({ data: { action, role: role.id } });
    }
  },
};
