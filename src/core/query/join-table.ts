import type { Scope } from './scope.js';

/**
 * The join table a populated level is read through (a relation's, a component's `_cmps`, the files' morph table):
 * its populate query joins it, so an unqualified column it shares with the level's table is ambiguous where SQL reads
 * a column name raw (a list under `$not`, `$and`, `$or`). Of its columns only `id` can meet an attribute's (the
 * others are `<name>_id`, `<name>_ord`, `field`, `order`, `component_type`, `related_type`, which no scalar column
 * of a populated table is named here): `populate[links][filters][$not][0][id][$lte]=33` fails in Strapi 5.54 once
 * there is a row to populate (a 500; shop and populate-deep grammar seed 1690), `[$not][0][label][$gt]=x` runs.
 * A component scope with no attributes stands for it: its only column is `id`, it has no `locale`.
 */
export const JOIN_TABLE: Scope = {
  kind: 'component',
  component: { uid: '<join table>', category: '', name: '', displayName: '', attributes: new Map(), file: '' },
};
