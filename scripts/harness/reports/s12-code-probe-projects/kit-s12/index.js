module.exports = {
  register() {},
  async bootstrap({ strapi }) {
    const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'public' } });
    await strapi.documents('plugin::users-permissions.permission').create({ data: { action: 'api::secret.secret.find', role: role.id } });
  },
};
