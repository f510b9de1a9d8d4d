import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Writes `api/<singular>/content-types/<singular>/schema.json` of a collection type under `root` (a schemas folder). */
export function writeCollectionType(
  root: string,
  names: { singular: string; plural: string; display: string },
  attributes: Record<string, unknown>,
  draftAndPublish = false,
): void {
  const dir = join(root, 'api', names.singular, 'content-types', names.singular);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'schema.json'),
    JSON.stringify({
      kind: 'collectionType',
      info: { singularName: names.singular, pluralName: names.plural, displayName: names.display },
      options: { draftAndPublish },
      attributes,
    }),
  );
}

/** Writes `text` at `path` under `root` (a project folder), making the folders on the way. */
export function writeProjectFile(root: string, path: string, text: string): void {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
}

/** The text of a collection type's schema.json (`extra`: its options and pluginOptions). */
export function collectionSchema(
  names: { singular: string; plural: string },
  extra: Record<string, unknown>,
  attributes: Record<string, unknown>,
): string {
  return JSON.stringify({
    kind: 'collectionType',
    info: { singularName: names.singular, pluralName: names.plural, displayName: names.singular },
    ...extra,
    attributes,
  });
}

/** Writes a project API's core router, controller and service files for `api::<name>.<name>` under `root`. */
export function writeCoreApiFiles(root: string, name: string): void {
  for (const [folder, factory] of [
    ['routes', 'createCoreRouter'],
    ['controllers', 'createCoreController'],
    ['services', 'createCoreService'],
  ])
    writeProjectFile(
      root,
      `src/api/${name}/${folder}/${name}.js`,
      `module.exports = require('@strapi/strapi').factories.${factory}('api::${name}.${name}');\n`,
    );
}
