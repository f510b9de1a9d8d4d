import type { ContentType, RelationAttribute } from '../../core/model/types.js';
import type { Rng } from './rng.js';

// First pass of `seed`: which documents exist, in which locales and statuses, and with which row ids — decided
// for every type before any value, so relations can point at rows of types generated later.

export interface PlannedDocument {
  readonly index: number;
  readonly documentId: string;
  /** Locale codes with a version (the default first); ['*none*'] when the type is not localized. */
  readonly locales: readonly string[];
  readonly published: boolean;
  /** The draft differs from the published version (edited after publishing). */
  readonly editedDraft: boolean;
  /** Row ids per locale: draft and published (types without draft & publish have only `published`). */
  readonly ids: Readonly<Record<string, { draft?: number; published?: number }>>;
}

export const NONE = '*none*';

/** `pinned`: the first documents are the config's fixtures, which are always published and never edited. */
export function planDocuments(type: ContentType, count: number, locales: readonly string[], rng: Rng, pinned = 0): PlannedDocument[] {
  const docs: PlannedDocument[] = [];
  let id = 0;
  for (let index = 0; index < count; index++) {
    const single = type.kind === 'singleType';
    // Translations: every locale for single types and the config's fixtures (a site's home page exists in every
    // language), most of the other locales for other collection documents.
    const codes = type.localized ? locales.filter((_code, i) => i === 0 || single || index < pinned || rng.chance(0.8)) : [NONE];
    const published = !type.draftAndPublish || single || index < pinned || rng.chance(0.8);
    const ids: Record<string, { draft?: number; published?: number }> = {};
    for (const code of codes) {
      // Strapi writes the draft row first, then publishes a copy under the next id.
      if (!type.draftAndPublish) ids[code] = { published: ++id };
      else ids[code] = published ? { draft: ++id, published: ++id } : { draft: ++id };
    }
    docs.push({
      index,
      documentId: rng.documentId(),
      locales: codes,
      published,
      editedDraft: type.draftAndPublish && published && index >= pinned && rng.chance(0.15),
      ids,
    });
  }
  return docs;
}

/**
 * Owning-side links, chosen once per document and attribute: to-one relations whose other side is also to-one
 * (oneToOne) or to-many owners whose targets may have one owner (oneToMany) never reuse a target.
 */
export function planRelations(
  type: ContentType,
  attribute: RelationAttribute,
  owners: readonly PlannedDocument[],
  targets: readonly PlannedDocument[],
  rng: Rng,
): PlannedDocument[][] {
  const exclusive = attribute.relation === 'oneToOne' || attribute.relation === 'oneToMany';
  const free = exclusive ? rng.sample(targets, targets.length) : [];
  const self = attribute.target === type.uid;
  return owners.map((owner) => {
    const candidates = (n: number) =>
      (exclusive ? free.splice(0, n) : rng.sample(targets, n)).filter((t) => !(self && t.index === owner.index));
    // An editor links what the page shows: almost always one, one to three where there can be several.
    if (!attribute.toMany) return attribute.required || rng.chance(0.95) ? candidates(1) : [];
    return candidates(rng.int(1, 3));
  });
}
