import express from 'express';
import type { Runtime } from '../runtime.js';
import { lazyRoutes } from '../express/lazy-routes.js';

/**
 * The paths Strapi's plugin routes answer (users & permissions, upload, the uploaded files): registerPluginRoutes
 * registers none outside them (a test holds it to that).
 */
export const PLUGIN_PATHS = /^\/(?:api\/(?:auth|connect|upload|users|users-permissions)(?:\/|$)|uploads\/)/i;

/**
 * Mounts the plugin routes where registerPluginRoutes would put them, but loads their modules (users, roles, upload,
 * multipart, image sizes, mime-types, password hashing: ~25 ms of start-up) on the first request to one of their
 * paths: the server answers its first content request without them.
 */
export function mountPluginRoutes(app: express.Express, current: () => Runtime): void {
  app.use(
    lazyRoutes(PLUGIN_PATHS, async () => {
      const { registerPluginRoutes } = await import('./register-plugin-routes.js');
      const routes = express.Router();
      // a router takes the same get/post/put/delete/all registrations as the app, in the same order
      registerPluginRoutes(routes as unknown as express.Express, current);
      return routes;
    }),
  );
}
