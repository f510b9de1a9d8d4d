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
