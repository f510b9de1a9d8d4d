// The library entry: start a mock in-process from a Vitest or Playwright suite.
//
//   const mock = await createServer({ schemas: './strapi', seed: './seed.json', memory: true });
//   const { url } = await mock.listen(0);
//   ... beforeEach(() => mock.reset()) ... afterAll(() => mock.close());

export { createServer, readSeed, type MockServer, type ServerOptions } from './server/create-server.js';
export type { Runtime } from './http/create-app.js';
export type { ReloadEvent, Logger } from './watch/hot-reload.js';
export type { ModelDiff } from './watch/diff-models.js';
export { FAULT_HEADER, type DevOptions, type RouteRule, type FaultSpec, type CorsOptions } from './http/dev/dev-options.js';
export { loadModel, type LoadModelOptions } from './schema/load-model.js';
export type { ContentModel, ContentType, ComponentSchema, Attribute, Locale } from './model/types.js';
export { generateOpenApi } from './openapi/generate.js';
export { SchemaErrors, type SchemaProblem } from './schema/schema-errors.js';
export { ConfigError } from './config/resolve-config.js';
export { DatasetError } from './store/import-dataset.js';
export {
  StrapiError,
  ApplicationError,
  ValidationError,
  PaginationError,
  UnauthorizedError,
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
  InternalServerError,
} from './errors/strapi-errors.js';
