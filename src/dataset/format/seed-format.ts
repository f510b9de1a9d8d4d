// The seed format's one home: the name and version every seed file carries (`seed` and `pull` write it; `serve
// --seed`, `push` and `bundle` read it; core/data/import-dataset.ts checks its shape).

/** The `format` of a seed file: a Strapi 5 export as the REST API shows it, version 1. */
export const SEED_FORMAT = 'strapi-oracle-dataset/1';
