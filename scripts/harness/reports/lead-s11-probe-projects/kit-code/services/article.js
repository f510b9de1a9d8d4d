module.exports = require('@strapi/strapi').factories.createCoreService('api::article.article');
