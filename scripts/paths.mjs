// Where the dev scripts find what lives outside the repository: the shared reference material (`../shared` next to
// the repository, or CONTENT_MOCK_SHARED) and their scratch folders (`../strapi` next to it, or CONTENT_MOCK_SCRATCH).
// No script names a machine path of its own.
import { resolve, join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const SHARED = resolve(process.env.CONTENT_MOCK_SHARED ?? join(ROOT, '..', 'shared'));
export const SCRATCH = resolve(process.env.CONTENT_MOCK_SCRATCH ?? join(ROOT, '..', 'strapi'));
/** The real Strapi app every harness copy starts from. */
export const REFERENCE_APP = join(SHARED, 'strapi-reference');
/** The recorded kit's model. */
export const KIT_MODEL = join(SHARED, 'conformance', 'model');
/** The installed reference app's node_modules that every copy links to (`<scratch>/ref`, or CONTENT_MOCK_STRAPI_MODULES). */
export const INSTALLED = resolve(process.env.CONTENT_MOCK_STRAPI_MODULES ?? join(SCRATCH, 'ref', 'node_modules'));
