// Strapi 5 links rows, not documents, but the store keeps a link as the target's documentId. Where that is not
// enough to say which target rows a link joins, a note is kept beside it, per holder (a row or a component value),
// attribute and linked documentId, in a map under one reserved key of the holder:
//   "<key>": { "<attribute>": { "<documentId>": "<note>" } }
// A link without a note joins the rows the general rule gives (see link-locale.ts and link-version.ts).

type Holder = Record<string, unknown>;
type NoteMap = Record<string, Record<string, string>>;

export interface LinkNotes<T extends string> {
  readonly key: string;
  get(holder: Holder, attribute: string, documentId: string): T | undefined;
  /** Records a note (undefined forgets it). */
  set(holder: Holder, attribute: string, documentId: string, note: T | undefined): void;
  /** Forgets the notes of links the holder no longer has. */
  keep(holder: Holder, attribute: string, documentIds: readonly string[]): void;
}

export function linkNotes<T extends string>(key: string): LinkNotes<T> {
  const mapOf = (holder: Holder): NoteMap | undefined => {
    const value = holder[key];
    return typeof value === 'object' && value !== null ? (value as NoteMap) : undefined;
  };
  const tidy = (holder: Holder, attribute: string) => {
    const map = mapOf(holder);
    if (!map) return;
    if (map[attribute] && Object.keys(map[attribute]).length === 0) delete map[attribute];
    if (Object.keys(map).length === 0) delete holder[key];
  };
  return {
    key,
    get: (holder, attribute, documentId) => mapOf(holder)?.[attribute]?.[documentId] as T | undefined,
    set(holder, attribute, documentId, note) {
      let map = mapOf(holder);
      if (note === undefined) {
        if (map?.[attribute]) delete map[attribute][documentId];
      } else {
        if (!map) holder[key] = map = {};
        (map[attribute] ??= {})[documentId] = note;
      }
      tidy(holder, attribute);
    },
    keep(holder, attribute, documentIds) {
      const entries = mapOf(holder)?.[attribute];
      if (!entries) return;
      for (const documentId of Object.keys(entries)) if (!documentIds.includes(documentId)) delete entries[documentId];
      tidy(holder, attribute);
    },
  };
}
