// Where the dev scripts find what lives outside the repository: the shared reference material (`../shared` next to
// the repository, or CONTENT_MOCK_SHARED) and their scratch folders (`../strapi` next to it, or CONTENT_MOCK_SCRATCH).
// No script names a machine path of its own.
import { resolve, join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// The CLI reads CONTENT_MOCK_* variables as its options (yargs `.env`: an unknown one is refused), so the content-mock
// processes the scripts start must not see these, which are the scripts' own: they move to CM_SCRIPTS_* names, which
// the scripts started in turn read.
for (const name of ['SHARED', 'SCRATCH', 'STRAPI_MODULES']) {
  const own = process.env[`CONTENT_MOCK_${name}`];
  if (own !== undefined) process.env[`CM_SCRIPTS_${name}`] = own;
  delete process.env[`CONTENT_MOCK_${name}`];
}
export const SHARED = resolve(process.env.CM_SCRIPTS_SHARED ?? join(ROOT, '..', 'shared'));
export const SCRATCH = resolve(process.env.CM_SCRIPTS_SCRATCH ?? join(ROOT, '..', 'strapi'));
/** The real Strapi app every harness copy starts from. */
export const REFERENCE_APP = join(SHARED, 'strapi-reference');
/** The recorded kit's model. */
export const KIT_MODEL = join(SHARED, 'conformance', 'model');
/** The installed reference app's node_modules that every copy links to (`<scratch>/ref`, or CONTENT_MOCK_STRAPI_MODULES). */
export const INSTALLED = resolve(process.env.CM_SCRIPTS_STRAPI_MODULES ?? join(SCRATCH, 'ref', 'node_modules'));
