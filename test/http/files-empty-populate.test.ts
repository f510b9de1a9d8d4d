import { replayOnKit } from '../helpers/recorded-steps.js';

// Real Strapi 5.54's answers to scripts/harness/probes/files-empty-populate.json (one file on the kit), replayed on a
// fresh mock: an empty or blank name in the files list's populate (`populate=&populate=related`, `populate=,related`,
// `populate[0]=%20`) is no key to Strapi's validator, not "Invalid key " (harness launchpad grammar 1902:
// `populate=related%2Cfolder&…&populate=`); the names beside it are still checked (`populate[0]=&populate[1]=folder`
// is "Invalid key folder").

/** Each file's id and name, and an error's message, key and path. */
const viewOf = (body: unknown) =>
  Array.isArray(body)
    ? body.map((f: { id: number; name: string }) => [f.id, f.name])
    : (body as { error?: { message: string; details: unknown } }).error;

replayOnKit('files-empty-populate.json', viewOf);
