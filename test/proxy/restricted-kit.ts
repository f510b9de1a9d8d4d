import { contractFor, type Contract } from '../../src/contract/proxy/load-contract.js';
import { loadModel } from '../../src/project/load-model.js';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { KIT_CONFIG, KIT_DATASET, kitConfigWithFullToken, kitModelWith } from '../helpers/kit.js';
import { datasetLocales } from '../openapi/kit.js';

/** A full-access token of the fixture: may read `api::secret.secret`, as the kit's read-only token may. */
export const FULL = 'restricted-relations-full-access-key';

export interface RestrictedKit {
  readonly schemas: string;
  readonly server: MockServer;
  readonly url: string;
  readonly contract: Contract;
}

/**
 * content-mock serving the kit with articles given an `owner` relation to `api::secret.secret`, which the public
 * role may not read: Strapi (and content-mock) leave it out of populate for the public role and refuse filters on it.
 */
export async function startRestrictedKit(): Promise<RestrictedKit> {
  const schemas = kitModelWith({ owner: { type: 'relation', relation: 'manyToOne', target: 'api::secret.secret' } });
  const server = await createServer({
    schemas,
    seed: KIT_DATASET,
    config: KIT_CONFIG,
    memory: true,
    configObject: kitConfigWithFullToken(FULL),
  });
  const { url } = await server.listen(0);
  const contract = contractFor(await loadModel(schemas, { locales: datasetLocales(KIT_DATASET) }));
  return { schemas, server, url, contract };
}
