import { describe } from 'vitest';
import { replayOnKit } from '../helpers/recorded-steps.js';

// Recorded on Strapi 5.54 (scripts/harness/probes/s17-users-findone-filters.json, an empty kit and one user): the
// users findOne nests the filters under `$and` beside the id, so a list of filters is one more group there (a 204 or
// the user, never the list refusal the users find and the content routes meet; harness adfinis grammar2 seed 1955,
// sitedemo 1952).
const masked = (body: unknown) =>
  JSON.stringify(body, (key, value: unknown) => (key === 'documentId' || key.endsWith('At') ? typeof value : value));

describe('users findOne with a list of filters (probe s17-users-findone-filters)', () => {
  replayOnKit('s17-users-findone-filters.json', masked);
});
