import type { OpenAPIV3_1 } from 'openapi-types';
import type { ContentModel } from '../../core/model/types.js';
import { USER_UID } from '../../core/model/built-in-types.js';
import type { AttributeContext } from './attribute-schema.js';
import { entrySchemas } from './entry-schemas.js';
import { envelopeSchemas, errorResponses, responseEnvelopes } from './envelope-schemas.js';
import { filterSchemas } from './filter-schemas.js';
import { inputSchemas } from './input-schemas.js';
import { mediaSchemas } from './media-schemas.js';
import { buildPaths, type ExamplesOf, type ServedRoute } from './paths.js';
import { PLUGIN_TAGS, pluginPaths } from './plugin-paths.js';
import { sharedParameters } from './query-parameters.js';
import { relationSchemas } from './relation-schemas.js';
import { createSchemaNames, sortedTypes } from './schema-names.js';
import type { DeepPopulateSettings } from '../../core/query/deep-populate.js';

export interface GenerateOptions {
  readonly title?: string;
  readonly version?: string;
  /** Base URL of the API; left out, clients resolve paths against the host serving the document. */
  readonly serverUrl?: string;
  /** Response examples from served content (the mock's docs page); without them the schemas speak alone. */
  readonly examples?: ExamplesOf;
  /** Where the project serves its Content API (`rest.prefix` of config/api); default `/api`. */
  readonly restPrefix?: string;
  /** strapi-v5-plugin-populate-deep's settings when the project enables it: its pLevel and pIgnore are documented. */
  readonly populateDeep?: DeepPopulateSettings | null;
  /** The core routes the project's route files serve (see ServedRoute); without it, Strapi's defaults for every type. */
  readonly served?: ServedRoute;
}

/** Every route of the Content API, Strapi's and its plugins', lives under `rest.prefix`. */
function underPrefix(paths: Record<string, unknown>, prefix: string): Record<string, unknown> {
  if (prefix === '/api') return paths;
  return Object.fromEntries(Object.entries(paths).map(([path, item]) => [path.replace(/^\/api(?=\/|$)/, prefix), item]));
}

const DESCRIPTION =
  'Strapi 5 REST Content API of this content model, as answered by Strapi 5.54 (v5 response format).\n\n' +
  '* Entries are flat: `{id, documentId, ...fields}`. Only `id` and `documentId` are always present: `fields` ' +
  'narrows the scalars, and relations, media, components, dynamic zones and `localizations` appear only when ' +
  'populated.\n' +
  '* Lists answer `{data: [...], meta: {pagination}}`; single documents `{data, meta: {}}`; errors ' +
  '`{data: null, error: {status, name, message, details}}`.\n' +
  '* Access is public where the Public role allows it; otherwise send an API token as `Authorization: Bearer <token>`.\n' +
  '* A method a route does not have (PUT or DELETE on a collection, POST on a document or a single type) answers ' +
  '`405 Method Not Allowed` with a plain-text body; each path lists them under `x-methods-not-allowed`.\n' +
  '* Query parameters are read as `qs` parses them: nested brackets (`filters[title][$containsi]=x`, ' +
  '`populate[cover][fields][0]=url`), as `qs.stringify(query, { encodeValuesOnly: true })` writes them.';

/** The document's title: the project's name when it has one. */
export const documentTitle = (projectName: string | undefined): string =>
  projectName ? `${projectName}: Strapi Content API` : 'Strapi Content API';

/**
 * The OpenAPI 3.1 document of a content model. Pure and deterministic: the same model gives the same document,
 * key for key, so a checked-in copy can be compared byte for byte (`openapi --check`).
 */
export function generateOpenApi(model: ContentModel, options: GenerateOptions = {}): OpenAPIV3_1.Document {
  const names = createSchemaNames(model);
  const ctx: AttributeContext = { model, names };
  const types = sortedTypes(model);
  const document = {
    openapi: '3.1.0',
    info: {
      title: options.title ?? 'Strapi Content API',
      version: options.version ?? '1.0.0',
      description: DESCRIPTION,
    },
    // a relative URL (the host that serves the document) unless one is given: tools refuse an empty list
    servers: [options.serverUrl === undefined ? { url: '/', description: 'The server this document is served from.' } : { url: options.serverUrl }],
    security: [{}, { bearerAuth: [] as string[] }],
    tags: [
      ...types.filter((ct) => !ct.builtIn).map((ct) => ({
        name: ct.displayName,
        description:
          `${ct.kind === 'collectionType' ? 'Collection' : 'Single'} type ${ct.uid}` +
          `${ct.localized ? ', localized' : ''}${ct.draftAndPublish ? ', draft & publish' : ''}.` +
          (ct.description ? ` ${ct.description}` : ''),
      })),
      ...PLUGIN_TAGS,
    ],
    paths: underPrefix({ ...buildPaths(model, names, options.examples, options.populateDeep, options.served), ...pluginPaths(model.contentTypes.has(USER_UID) ? names.type(USER_UID).entry : undefined) }, options.restPrefix ?? '/api'),
    components: {
      schemas: {
        ...entrySchemas(ctx),
        ...mediaSchemas(model),
        ...relationSchemas(),
        ...envelopeSchemas(),
        ...responseEnvelopes(model, names),
        ...inputSchemas(ctx),
        ...filterSchemas(ctx),
      },
      responses: errorResponses(),
      parameters: sharedParameters(),
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'A Strapi API token (read-only, full-access or custom). An invalid token is a 401, never public access.',
        },
      },
    },
  };
  // A JSON round trip drops undefined members and shared object identities, so JSON and YAML output agree
  // and YAML never needs anchors. It also types the result: openapi-types' 3.1 path items are built on 3.0
  // operation types and reject 3.1 schemas, so the draft above is typed by its builders instead.
  return JSON.parse(JSON.stringify(document)) as OpenAPIV3_1.Document;
}
