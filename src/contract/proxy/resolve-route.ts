import type { ContentModel, ContentType } from '../../core/model/types.js';

/** A content API route: a list, one document, or a single type. */
export interface ContentRoute {
  readonly type: ContentType;
  readonly kind: 'list' | 'one' | 'single';
  readonly documentId?: string;
}

/** `/api/articles`, `/api/articles/<documentId>`, `/api/global` → the type they address; anything else undefined. */
export function resolveRoute(model: ContentModel, pathname: string): ContentRoute | undefined {
  const parts = pathname.split('/').filter((p) => p !== '');
  // Strapi's router ignores letter case in the route (`/API/Tags`); a documentId is data and keeps its case.
  if (parts[0]?.toLowerCase() !== 'api' || parts.length < 2 || parts.length > 3) return undefined;
  const type = model.byRoute.get(parts[1].toLowerCase());
  if (!type) return undefined;
  if (type.kind === 'singleType') return parts.length === 2 ? { type, kind: 'single' } : undefined;
  if (parts.length === 2) return { type, kind: 'list' };
  let documentId = parts[2];
  try {
    documentId = decodeURIComponent(documentId);
  } catch {
    // keep the raw segment: Strapi would not find it either
  }
  return { type, kind: 'one', documentId };
}
