import type { ContentType, RelationAttribute } from '../model/types.js';
import { refsOf } from '../data/content-index.js';
import { keepLinkLocales } from '../data/link-locale.js';
import { keepLinkVersions } from '../data/link-version.js';
import { keepOrdsThroughCascade, recordLinks, renumberOrds, type LinkLists } from '../data/link-order.js';
import type { Row } from '../data/types.js';
import type { Transaction } from '../data/transaction.js';

/**
 * Takes one document out of an owner row's links: the list, its rank, and the locale and version notes with it.
 * `cascade`: the target's row was deleted (its join rows went with it, the list keeps its order values); otherwise
 * the join row was deleted by a relation write, which numbers the list 1..n again (link-order.ts).
 */
export function dropLink(
  tx: Transaction,
  lists: LinkLists,
  ownerUid: string,
  attribute: RelationAttribute,
  row: Row,
  documentId: string,
  cascade: boolean,
): void {
  tx.edit(ownerUid, row);
  const current = refsOf(row[attribute.name]);
  const next = current.filter((d) => d !== documentId);
  if (attribute.toMany && cascade) keepOrdsThroughCascade(tx, ownerUid, attribute.name, row, current);
  else if (attribute.toMany) renumberOrds(tx, ownerUid, attribute.name, row, next);
  row[attribute.name] = attribute.toMany ? next : null;
  recordLinks(tx, lists, ownerUid, attribute.name, row, current, next);
  keepLinkLocales(row, attribute.name, next);
  keepLinkVersions(row, attribute.name, next);
}

/**
 * A deleted owner row's links go with its join rows: their ranks are forgotten, so a version made again later for the
 * same document and locale (the keys name no row id) links anew, last in each list (`createRelations`' highest + 1),
 * not in the deleted row's old place (harness graphql-run frameless-model 811 #591: a locale deleted, created again,
 * then linked).
 */
export function forgetOwnLinks(tx: Transaction, lists: LinkLists, type: ContentType, row: Row): void {
  for (const attribute of type.attributes.values()) {
    if (attribute.kind !== 'relation' || !attribute.owner) continue;
    const links = refsOf(row[attribute.name]);
    if (links.length > 0) recordLinks(tx, lists, type.uid, attribute.name, row, links, []);
  }
}
