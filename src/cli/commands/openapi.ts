import { notBuilt } from './not-built.js';

export const openapiCommand = notBuilt('openapi', 'Generate the OpenAPI 3.1 document for the schemas');
