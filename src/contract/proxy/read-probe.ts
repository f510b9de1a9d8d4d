import type { ContentModel, ContentType } from '../../core/model/types.js';

/** What the target says about the caller's `find` permission on a type; `unknown` when it would not say clearly. */
export type Readability = 'readable' | 'unreadable' | 'unknown';

/** The users & permissions user type: routed by its plugin at /api/users, not by the content API's naming. */
const USER_UID = 'plugin::users-permissions.user';
/** Distinct (credential, type) pairs kept: per-user JWTs must not grow the cache without bound. */
const MAX_ENTRIES = 10_000;

/** The cheapest read of a type's list route that still goes through its `find` permission. */
export function probePath(type: ContentType): string {
  if (type.uid === USER_UID) return '/api/users?pagination[pageSize]=1';
  if (type.kind === 'singleType') return `/api/${type.singularName}?fields[0]=id`;
  return `/api/${type.pluralName}?pagination[pageSize]=1&fields[0]=id`;
}

/**
 * Asks the target whether a caller may read a content type, by reading it with the caller's own Authorization header.
 * Strapi hides (populate) or refuses (filters, sort) relations to types the caller may not `find`, and only the
 * target knows its roles and tokens; one probe per (credential, type) for the whole run, shared by concurrent asks.
 */
export class ReadProbe {
  private readonly answers = new Map<string, Promise<Readability>>();
  private readonly base: URL;

  constructor(
    target: string,
    private readonly model: ContentModel,
    private readonly timeoutMs = 10_000,
  ) {
    this.base = new URL(target);
  }

  probe(authorization: string | undefined, uid: string): Promise<Readability> {
    const key = `${authorization ?? ''}\u0000${uid}`;
    const known = this.answers.get(key);
    if (known) return known;
    const asked = this.ask(authorization, uid);
    // Oldest first out: Map iterates in insertion order.
    if (this.answers.size >= MAX_ENTRIES) this.answers.delete(this.answers.keys().next().value as string);
    this.answers.set(key, asked);
    // An unclear answer (target down, 500, timeout) is not the permission: ask again next time.
    void asked.then((r) => {
      if (r === 'unknown' && this.answers.get(key) === asked) this.answers.delete(key);
    });
    return asked;
  }

  private async ask(authorization: string | undefined, uid: string): Promise<Readability> {
    const type = this.model.contentTypes.get(uid);
    if (!type) return 'unknown';
    const url = new URL(this.base.pathname.replace(/\/$/, '') + probePath(type), this.base);
    try {
      const res = await fetch(url, { headers: authorization ? { authorization } : {}, signal: AbortSignal.timeout(this.timeoutMs) });
      await res.arrayBuffer();
      if (res.status === 401 || res.status === 403) return 'unreadable';
      // A single type with no document answers 404 once the permission check has let the caller through.
      if (res.ok || (res.status === 404 && type.kind === 'singleType')) return 'readable';
      return 'unknown';
    } catch {
      return 'unknown';
    }
  }
}
