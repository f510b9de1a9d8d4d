import type express from 'express';
import type { Runtime } from '../runtime.js';
import { registerAuthRoutes } from './auth-routes.js';
import { registerRolesRoutes } from './roles-routes.js';
import { registerUploadRoutes } from './upload-routes.js';
import { registerUsersRoutes } from './users-routes.js';

/** Routes of Strapi's plugins a frontend uses (users & permissions, upload), mounted before the content routes. */
export function registerPluginRoutes(app: express.Express, current: () => Runtime): void {
  registerAuthRoutes(app, current);
  registerUsersRoutes(app, current);
  registerRolesRoutes(app, current);
  registerUploadRoutes(app, current);
}
