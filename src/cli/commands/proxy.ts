import { notBuilt } from './not-built.js';

export const proxyCommand = notBuilt('proxy', 'Proxy a real Strapi and check every answer against the contract');
