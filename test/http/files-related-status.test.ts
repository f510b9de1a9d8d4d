import { replayOnKit } from '../helpers/recorded-steps.js';

// Real Strapi 5.54's answers to scripts/harness/probes/files-related-status.json (the kit: files linked from
// published and draft articles, their components and zone entries, a single type), replayed on a fresh mock. The files
// list's `status` is a filter of every query of the read (convertStatusParams: a draft & publish type's `publishedAt`
// null for `draft`, not null for any other value, `en` included); `related` given in a comma item has no fragments,
// so its per-type queries get it: only those versions are listed. `populate=related` (fragments of every readable
// type) and a single file's read are not narrowed.

/** Each file's `related` as `type#id` with the version's draft or published state. */
const relatedOf = (body: unknown) =>
  (Array.isArray(body) ? body : [body]).map((file: { id: number; related?: Record<string, unknown>[] }) => [
    file.id,
    (file.related ?? []).map((e) => `${String(e.__type)}#${String(e.id)}${e.publishedAt === null ? 'd' : e.publishedAt ? 'p' : ''}`),
  ]);

replayOnKit('files-related-status.json', relatedOf);
