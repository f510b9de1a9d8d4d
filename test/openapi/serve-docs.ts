import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OpenAPIV3_1 } from 'openapi-types';
import { createDocsRouter } from '../../src/mock/http/docs-router.js';

/** An express app with only the docs router, on a free loopback port. */
export async function serveDocs(getDocument: () => OpenAPIV3_1.Document, mount = ''): Promise<{ url: string; close: () => Promise<void> }> {
  const app = express();
  if (mount === '') app.use(createDocsRouter(getDocument));
  else app.use(mount, createDocsRouter(getDocument));
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${mount}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
