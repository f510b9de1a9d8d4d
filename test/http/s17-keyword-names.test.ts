import { describe } from 'vitest';
import { replayOnKit } from '../helpers/recorded-steps.js';

// Recorded on Strapi 5.54 (scripts/harness/probes/s17-keyword-names.json, an empty kit plus one article): what the
// held-out grammar2 runs (sitedemo 1952, cmspatas 1953, starterblog 1954, adfinis 1955) found, replayed on a mock:
// - a query keyword given as the name under a populated key (`populate[category]=fields`, `=populate`, `=count`)
//   passes the validator and the converter casts it to true: the key is populated; `=on` is a fragment that is no
//   object (`Invalid key on at category.on`), `=sort.x` the nested sort's own refusal;
// - a list of names under a file's private `folder` is walked as names under the folder type (`[folder][0]=*` is
//   `Invalid key * at avatar.folder`), and its `count` must be boolean-like;
// - the files route validates a fragment's targets before converting the sort, and converts the fields before the
//   database meets the filters;
// - the users routes take any `status` (no draft & publish on users).
// Answers compared as JSON text (key order included), ids and timestamps masked.
const masked = (body: unknown) =>
  JSON.stringify(body, (key, value: unknown) =>
    key === 'documentId' || key === 'createdAt' || key === 'updatedAt' || key === 'publishedAt' ? typeof value : value,
  );

describe('keyword names under populated keys, folder lists, files and users params (probe s17-keyword-names)', () => {
  replayOnKit('s17-keyword-names.json', masked);
});
