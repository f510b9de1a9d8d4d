import { describe } from 'vitest';
import { replayOnKit } from '../helpers/recorded-steps.js';

// Recorded on Strapi 5.54 (scripts/harness/probes/s17-populate-lists-zones.json, an empty kit): what the widened
// grammar generator (harness kit grammar2 seed 1951) found, replayed on a mock. Each answer is compared as JSON text
// (key order included), ids and timestamps masked.
// - a list of names under a populated key is walked as dot paths made one object: each name is an option key under
//   the attribute, refused (at its attribute path when the target has it) unless boolean-like or a query keyword
//   (`populate[articles][0]=tags` → `Invalid key tags at articles.tags`; `[0]=populate&[1]=count` → the converter's
//   refusal), under a zone's fragment too (`on[shared.quote]=true&on[shared.quote]=title` → `at blocks.title`);
// - a zone given a fragment keeps only the fragment (the sanitizer's traversal): its other keys are never refused,
//   and the fragment's own errors are the validators';
// - the files route walks a name or a list of names as dot paths (`populate=related.x` → `Invalid key related`,
//   `populate=*,related` → `Invalid key *` at path `*`) and converts its query in the converter's order (sort, then
//   filters, then populate, then the top-level pagination);
// - `fields` naming columns before a `*` shows them right after the ids, then every other column.
const masked = (body: unknown) =>
  JSON.stringify(body, (key, value: unknown) =>
    key === 'documentId' || key === 'createdAt' || key === 'updatedAt' || key === 'publishedAt' ? typeof value : value,
  );

describe('populate lists, zone fragments, files dot paths and fields before * (probe s17-populate-lists-zones)', () => {
  replayOnKit('s17-populate-lists-zones.json', masked);
});
