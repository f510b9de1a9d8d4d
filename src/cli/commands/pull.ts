import { notBuilt } from './not-built.js';

export const pullCommand = notBuilt('pull', 'Pull the content of a Strapi server into a seed file');
