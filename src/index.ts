// The library entry: start a mock in-process from a Vitest or Playwright suite.
//
//   const mock = await createServer({ schemas: './strapi', seed: './seed.json', memory: true });
//   const { url } = await mock.listen(0);
//   ... beforeEach(() => mock.reset()) ... afterAll(() => mock.close());

export { createServer, readSeed, type MockServer, type ServerOptions } from './mock/create-server.js';
export type { Runtime } from './mock/runtime.js';
export type { ReloadEvent, Logger } from './mock/watch/hot-reload.js';
export type { ModelDiff } from './mock/watch/diff-models.js';
export { FAULT_HEADER, type DevOptions, type RouteRule, type FaultSpec, type CorsOptions } from './core/config/content-mock-config.js';
export { loadModel, type LoadModelOptions } from './project/load-model.js';
export type { ContentModel, ContentType, ComponentSchema, Attribute, Locale } from './core/model/types.js';
export { generateOpenApi } from './contract/openapi/generate.js';
export { runCheck, TargetDownError, type RunCheckOptions, type CheckReport } from './contract/check/run-check.js';
export { createProxy, type ProxyOptions, type ContentProxy } from './contract/proxy/create-proxy.js';
export type { ExchangeResult, Violation, Rule } from './contract/proxy/violation.js';
export { SchemaErrors, type SchemaProblem } from './core/model/schema-errors.js';
export { ConfigError } from './core/config/content-mock-config.js';
export { DatasetError } from './core/data/import-dataset.js';
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
} from './core/errors/strapi-errors.js';
