import type { OpenAPIV3_1 } from 'openapi-types';
import type { ContentModel } from '../../core/model/types.js';
import { generateOpenApi, type GenerateOptions } from './generate.js';
import { validateDocument } from './validate-document.js';

/**
 * Generate and validate: what the CLI writes and the server serves. Throws OpenApiGenerationError or
 * OpenApiValidationError rather than hand out a document that is not valid OpenAPI.
 */
export async function buildOpenApiDocument(model: ContentModel, options: GenerateOptions = {}): Promise<OpenAPIV3_1.Document> {
  const document = generateOpenApi(model, options);
  await validateDocument(document);
  return document;
}
