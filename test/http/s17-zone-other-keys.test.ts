import { describe } from 'vitest';
import { replayOnKit } from '../helpers/recorded-steps.js';

// Recorded on Strapi 5.54 (scripts/harness/probes/s17-zone-other-keys.json, an empty kit), replayed on a mock: the
// validator walks a dynamic zone's value through its `on` only, so any other key (`[on` from an unbalanced bracket,
// `nope`, a `count` that is no boolean) is never its refusal: the converter refuses the keys it cannot take, after
// every validator error (harness chalets grammar2 seed 1959), a `count` it ignores, and a fragment beside them keeps
// the zone to itself.
describe("a zone's keys besides on (probe s17-zone-other-keys)", () => {
  replayOnKit('s17-zone-other-keys.json', (body) => body);
});
