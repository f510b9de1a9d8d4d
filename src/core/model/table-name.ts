import type { ContentType } from './types.js';

/**
 * A content type's database table, as Strapi's API loader names it: the schema's `collectionName`, else its
 * `singularName` (project code's knex reaches a type by it; populate-deep compares types by it).
 */
export const tableName = (type: ContentType): string => type.collectionName ?? type.singularName;
