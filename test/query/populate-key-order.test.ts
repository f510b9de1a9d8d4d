import { describe } from 'vitest';
import { replayOnKit } from '../helpers/recorded-steps.js';

// Real Strapi 5.54's answers to scripts/harness/probes/populate-key-order*.json (the kit's model, empty, then a few
// writes), replayed in order on a fresh mock each: every object of every answer must show its keys in Strapi's order.
// - populate-key-order: Strapi populates a batch's attributes at once and sets each key when its chain of queries
//   ends, so a relation with a nested populate, or a dynamic zone, lands after plain relations, media and components,
//   whatever order the request names them in (`populate[category][populate]=*&populate[author]=true`: `author, category`);
// - populate-key-order-2: `fields` orders a component's and a file's columns (after the ids); a query that joins
//   (a populated level, or filters through a relation) shows its sort's columns first; a dotted populate list is read
//   with each later path under a key put in front (`populate[0]=author.avatar&populate[1]=author.articles`: the
//   author's `articles, avatar`); the files route's `isUrlSigned` comes after `related`.
/** Every object's keys, by path (list indexes kept): what JSON text shows of an answer besides its values. */
function keyOrders(value: unknown, path = '', out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v, i) => keyOrders(v, `${path}.${i}`, out));
  else if (value && typeof value === 'object') {
    out.push(`${path || '.'}: ${Object.keys(value).join(',')}`);
    for (const [k, v] of Object.entries(value)) keyOrders(v, `${path}.${k}`, out);
  }
  return out;
}

describe('populated attributes land in the order Strapi sets them', () => replayOnKit('populate-key-order.json', keyOrders));
describe('fields, joined sorts and dotted lists order the keys as in Strapi', () => replayOnKit('populate-key-order-2.json', keyOrders));
