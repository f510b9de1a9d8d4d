module.exports = require('@strapi/strapi').factories.createCoreRouter('api::article.article');
