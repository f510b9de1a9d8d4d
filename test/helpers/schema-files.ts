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
