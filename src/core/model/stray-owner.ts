import type { ContentModel, RelationAttribute } from './types.js';

/**
 * An owning side whose `inversedBy` names an inverse attribute that is mapped to another owner: two relations of one
 * type naming the same inverse (`applicable` and `excluded` both `inversedBy: "coupons"`, with `coupons` mappedBy
 * `excluded`). Strapi gives the inverse attribute the join table of the owner it is mapped to, so this one is read
 * and written like any other from its own side, but nothing on the target's side sees it: publishing the target
 * re-creates the published version with the links its draft's inverse attributes show, so this relation never links
 * a published version the target's publish created (and the old one's links go with the row).
 */
export function isStrayOwner(model: ContentModel, attribute: RelationAttribute): boolean {
  if (!attribute.owner || attribute.inversedBy === undefined) return false;
  const inverse = model.contentTypes.get(attribute.target)?.attributes.get(attribute.inversedBy);
  return inverse?.kind === 'relation' && inverse.mappedBy !== undefined && inverse.mappedBy !== attribute.name;
}
