import { StrapiError } from '../../core/errors/strapi-errors.js';
import { DEFAULT_USER_ATTRIBUTES } from '../../core/model/built-in-types.js';
import type { ContentType } from '../../core/model/types.js';
import { updateDocument } from '../../core/write/document-writer.js';
import { checkWrite } from '../../core/write/check-write.js';
import type { Runtime } from '../runtime.js';
import { usersState, type StoredUser } from './users.js';

// The attributes a project's user extension adds (its own fields and relations): Strapi creates a user with them in
// one document service write, so the plugin's routes that create users (register, POST /users) write them the same way.

/** What a body gives for the extension's attributes (only `allowed` ones when given: register's `allowedFields`). */
export function extensionData(
  type: ContentType,
  body: Record<string, unknown>,
  allowed?: readonly string[],
): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  for (const name of type.attributes.keys())
    if (!Object.hasOwn(DEFAULT_USER_ATTRIBUTES, name) && Object.hasOwn(body, name) && (!allowed || allowed.includes(name)))
      out[name] = body[name];
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The extension's attributes, written as the document service writes any content (links, inverse sides, checks). */
export async function writeExtension(rt: Runtime, type: ContentType, documentId: string, data: Record<string, unknown>): Promise<void> {
  await updateDocument(
    rt.store,
    type,
    documentId,
    {},
    { data },
    { limits: rt.config.rest, strictParams: false, strictRelations: rt.config.documents.strictRelations },
  );
}

/**
 * Checks the extension's attributes before the user is created: Strapi validates the whole user before it inserts
 * it, so a refusal takes no row (and no id).
 */
export function checkExtension(rt: Runtime, type: ContentType, data: Record<string, unknown> | undefined): void {
  if (data)
    checkWrite(rt.store.index, type, data, { creating: false, locale: undefined, strictRelations: rt.config.documents.strictRelations });
}

/**
 * Writes the extension's attributes of a user just created; a refusal leaves no user behind (one write in Strapi) and
 * is rethrown, wrapped by `wrap` as the route's controller wraps the document service's errors.
 */
export async function completeNewUser(
  rt: Runtime,
  type: ContentType,
  user: StoredUser,
  data: Record<string, unknown> | undefined,
  wrap: (e: StrapiError) => unknown = (e) => e,
): Promise<void> {
  if (!data) return;
  try {
    await writeExtension(rt, type, user.documentId, data);
  } catch (error) {
    await rt.store.mutate(({ data: store }) => {
      const users = usersState(store).users;
      const at = users.findIndex((u) => u.id === user.id);
      if (at >= 0) users.splice(at, 1);
    });
    throw error instanceof StrapiError ? wrap(error) : error;
  }
}
