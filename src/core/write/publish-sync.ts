/**
 * Strapi's `publish` creates each new published row with the request's selection (`entries.publish` →
 * `createEntry({ ...params })`, `fields` included, `documentId` added), then its relation syncs map every old
 * published row and the draft to the new row by `locale` (`keyBy('locale', publishedEntries)`). A `fields` that
 * leaves out `locale` gives new rows without it: the map is empty and the bidirectional sync restores no order value.
 * The new published row's join rows then keep the values they were created with: last in every other owner's list
 * (real Strapi 5.54: `PUT /api/products/:id?fields=name` on a product in published bundles' lists puts it last there,
 * without `fields` it keeps its place; harness shared-inverse 1713, probe shared-inverse-republish-fields).
 */
export function selectLeavesOutLocale(query: Record<string, unknown>): boolean {
  const fields = query.fields;
  if (fields === undefined || fields === null) return false;
  const items =
    typeof fields === 'string'
      ? fields.split(',')
      : Array.isArray(fields)
        ? fields
        : typeof fields === 'object'
          ? Object.values(fields)
          : [];
  const names = items.filter((f): f is string => typeof f === 'string').map((f) => f.trim());
  if (typeof fields === 'string' && fields === '*') return false;
  return !names.includes('*') && !names.includes('locale');
}
