// Reads a Strapi content model (schema.json files + components) into a small structure the generator and push use.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { modelSrc } from './strapi.mjs';

export function loadModel(modelDir) {
  const src = modelSrc(modelDir);
  const types = new Map();
  for (const api of readdirSync(join(src, 'api'))) {
    const ctDir = join(src, 'api', api, 'content-types');
    if (!existsSync(ctDir)) continue;
    for (const ct of readdirSync(ctDir)) {
      const s = JSON.parse(readFileSync(join(ctDir, ct, 'schema.json'), 'utf8'));
      const uid = `api::${api}.${ct}`;
      types.set(uid, {
        uid,
        kind: s.kind ?? 'collectionType',
        singularName: s.info.singularName,
        pluralName: s.info.pluralName,
        route: s.kind === 'singleType' ? s.info.singularName : s.info.pluralName,
        draftAndPublish: s.options?.draftAndPublish === true,
        localized: s.pluginOptions?.i18n?.localized === true,
        attributes: s.attributes,
      });
    }
  }
  const components = new Map();
  const cdir = join(src, 'components');
  if (existsSync(cdir)) {
    // (a category is a folder: a stray `.gitkeep` beside them is not one)
    for (const cat of readdirSync(cdir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)) {
      for (const f of readdirSync(join(cdir, cat))) {
        if (!f.endsWith('.json')) continue;
        const s = JSON.parse(readFileSync(join(cdir, cat, f), 'utf8'));
        components.set(`${cat}.${f.replace(/\.json$/, '')}`, { uid: `${cat}.${f.replace(/\.json$/, '')}`, attributes: s.attributes });
      }
    }
  }
  return { types, components };
}

/** Every row of each type in a dataset (every locale and status), by type uid: what the generators sample from. */
export function datasetRows(model, dataset) {
  const rows = new Map();
  for (const t of model.types.values()) {
    const all = [];
    for (const byStatus of Object.values(dataset.contentTypes?.[t.uid]?.documents ?? {}))
      for (const v of Object.values(byStatus ?? {})) for (const d of [v].flat()) if (d) all.push(d);
    rows.set(t.uid, all);
  }
  return rows;
}

export const SCALARS = [
  'string',
  'text',
  'richtext',
  'blocks',
  'email',
  'password',
  'uid',
  'integer',
  'biginteger',
  'float',
  'decimal',
  'boolean',
  'date',
  'time',
  'datetime',
  'timestamp',
  'enumeration',
  'json',
];
