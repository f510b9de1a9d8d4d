import { notBuilt } from './not-built.js';

export const seedCommand = notBuilt('seed', 'Generate realistic seed content from the schemas');
