import { notBuilt } from './not-built.js';

export const checkCommand = notBuilt('check', 'Check a real Strapi against the contract once (for CI)');
