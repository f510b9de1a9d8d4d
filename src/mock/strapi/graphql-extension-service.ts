// `strapi.plugin('graphql').service('extension')` as project code calls it in `register`. The mock builds the plugin's
// schema from the model alone: what an extension adds (typeDefs, resolvers, nexus types, resolversConfig) or turns off
// (`shadowCRUD(uid).disable()`) is not served yet. Calling it must not stop the rest of `register` (document
// middlewares, lifecycles, other services): each call is kept and said once at start-up instead of failing there.

import { inertStandIn } from '../../project/code/inert-stand-in.js';

type Note = (what: string) => void;

export function graphqlExtensionService(note: Note): Record<string, unknown> {
  const service: Record<string, unknown> = {
    use: (extension: unknown) => {
      const given = typeof extension === 'function' ? 'a function of { nexus, strapi }' : 'an object';
      note(`extensionService.use(${given}): its types, resolvers and resolversConfig are not served by the mock's GraphQL`);
      return service;
    },
    shadowCRUD: (uid: string) => {
      note(`extensionService.shadowCRUD('${String(uid)}'): what it disables stays in the mock's GraphQL`);
      // any chain after it (`.field('x').disableFilters()`) is a no-op
      return inertStandIn();
    },
  };
  return service;
}
