import express from 'express';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { OpenAPIV3_1 } from 'openapi-types';
import { serializeDocument, type DocumentFormat } from '../../contract/openapi/serialize-document.js';
import { REQUEST_BUILDER_SCRIPT } from './docs-request-builder.js';
import { interactiveDocument } from './interactive-document.js';

/** The only swagger-ui-dist files the page loads: nothing else of the package is exposed. */
const ASSETS = ['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png', 'favicon-16x16.png'] as const;

function swaggerUiDir(): string {
  return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** JSON inside an inline script: `<` escaped so no value can close the script element. */
const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

function page(base: string, title: string): string {
  const assets = `${base}/docs/assets`;
  const config = {
    url: `${base}/docs/openapi.json`,
    dom_id: '#swagger-ui',
    deepLinking: true,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    tryItOutEnabled: false,
    // No call to the public validator badge service: the page works offline.
    validatorUrl: null,
  };
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)}</title>
  <link rel="stylesheet" href="${escapeHtml(assets)}/swagger-ui.css">
  <link rel="icon" type="image/png" href="${escapeHtml(assets)}/favicon-32x32.png" sizes="32x32">
  <style>body { margin: 0; }</style>
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="${escapeHtml(assets)}/swagger-ui-bundle.js"></script>
  <script>${REQUEST_BUILDER_SCRIPT}</script>
  <script>
    window.ui = SwaggerUIBundle(Object.assign(${scriptJson(config)}, {
      presets: [SwaggerUIBundle.presets.apis],
      layout: 'BaseLayout',
      requestInterceptor: window.contentMockRequest
    }));
  </script>
</body>
</html>
`;
}

/**
 * Serves the live document: `/openapi.json`, `/openapi.yaml` and `/docs` (Swagger UI from the installed
 * swagger-ui-dist, no CDN, reading `/docs/openapi.json`: see interactive-document.ts and docs-request-builder.ts). `getDocument` is called per request so a rebuilt model shows at once; the text is
 * cached per document object. Links are absolute from the router's mount point, so it works under any prefix.
 */
export function createDocsRouter(getDocument: () => OpenAPIV3_1.Document): express.Router {
  const router = express.Router();
  const dir = swaggerUiDir();
  const cache = new WeakMap<OpenAPIV3_1.Document, Map<DocumentFormat | 'interactive', string>>();

  const text = (format: DocumentFormat | 'interactive'): string => {
    const document = getDocument();
    let byFormat = cache.get(document);
    if (byFormat === undefined) {
      byFormat = new Map();
      cache.set(document, byFormat);
    }
    let out = byFormat.get(format);
    if (out === undefined) {
      out = format === 'interactive' ? JSON.stringify(interactiveDocument(document)) : serializeDocument(document, format);
      byFormat.set(format, out);
    }
    return out;
  };

  router.get('/openapi.json', (_req, res) => {
    res.set('Cache-Control', 'no-cache').type('application/json; charset=utf-8').send(text('json'));
  });
  router.get('/openapi.yaml', (_req, res) => {
    res.set('Cache-Control', 'no-cache').type('application/yaml; charset=utf-8').send(text('yaml'));
  });
  router.get('/docs/openapi.json', (_req, res) => {
    res.set('Cache-Control', 'no-cache').type('application/json; charset=utf-8').send(text('interactive'));
  });
  router.get('/docs', (req, res) => {
    res.set('Cache-Control', 'no-cache').type('html').send(page(req.baseUrl, getDocument().info.title));
  });
  router.get('/docs/assets/:file', (req, res, next) => {
    const file = req.params.file;
    if (!(ASSETS as readonly string[]).includes(file)) {
      next();
      return;
    }
    res.sendFile(file, { root: dir, maxAge: '1h' });
  });
  return router;
}
