import { describe } from 'vitest';
import { replayOnKit } from '../helpers/recorded-steps.js';

// Recorded on Strapi 5.54 (scripts/harness/probes/s17-files-related-forms.json, an empty kit), replayed on a mock:
// - a file's `related` (a morph relation) given no value or an empty one passes the validators and the sanitizer and
//   breaks Strapi's converter (a 500; harness starterblog --code grammar seed 1602 under an author's image): the mock
//   answers 400 naming it, never 200;
// - a morph relation's nested `populate` may only be `*` (`Invalid key populate at related`, at its traversal path);
// - a private attribute is refused when the main walk of its own populate level ends: after a bad fragment target
//   beside it (harness cmspatas grammar seed 1904), before the level's later keys (`[folder]=true&[fields][0]=nope`).
describe('a file related without value, morph nested populate, private pass per level (probe s17-files-related-forms)', () => {
  replayOnKit('s17-files-related-forms.json', (body) => body);
});
