import { describe } from 'vitest';
import { replayOnKit } from '../helpers/recorded-steps.js';

// Recorded on Strapi 5.54 (scripts/harness/probes/s17-files-star-users-locale.json, an empty kit and one uploaded
// file), replayed on a mock; what the held-out grammar2 runs found (adfinis 1955, cmspatas 1953, edtech 1956):
// - the files list shows the columns `fields` names before a `*` first (the files findOne reads no fields);
// - a boolean-like key qs made of a list index beside an object populate names nothing (`populate=folder&populate=*&
//   populate[folder]=true` is the private folder's refusal);
// - the users routes read no `locale`;
// - an empty `related` on a file is Strapi's converter 500 (the mock's 400 naming it).
// Answers compared as JSON text (key order included), ids, hashes and timestamps masked.
const VOLATILE = new Set(['documentId', 'hash', 'url', 'createdAt', 'updatedAt', 'publishedAt']);
const masked = (body: unknown) => JSON.stringify(body, (key, value: unknown) => (VOLATILE.has(key) ? typeof value : value));

describe('files fields before *, users locale, list-index keys (probe s17-files-star-users-locale)', () => {
  replayOnKit('s17-files-star-users-locale.json', masked);
});
