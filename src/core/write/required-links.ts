import { isPlainObject } from '../is-plain-object.js';

// Strapi 5.54's `api.documents.strictRelations` (true in a new project's config/api): a required media or relation
// attribute must hold something on a non-draft write, whatever shape the body gives it (its entity validator's
// `relationRequiredFails`). A create must attach at least one entry; an update fails only when the value it sends
// leaves the attribute empty (a disconnect-only update empties a to-one; a to-many keeps what it may still hold).

const isNil = (v: unknown) => v === null || v === undefined;

/** Whether a relation or media value attaches at least one entry. */
function hasValue(value: unknown): boolean {
  if (isNil(value)) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object' && value !== null) {
    const { connect, set } = value as Record<string, unknown>;
    if (!isNil(connect)) return Array.isArray(connect) ? connect.length > 0 : true;
    if (!isNil(set)) return Array.isArray(set) ? set.length > 0 : true;
    return true;
  }
  return true;
}

function isDisconnectOnly(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  const { connect, set, disconnect } = value;
  if (!isNil(set)) return false;
  if (!isNil(connect) && (!Array.isArray(connect) || connect.length > 0)) return false;
  return !isNil(disconnect) && (!Array.isArray(disconnect) || disconnect.length > 0);
}

/** Whether a required relation or media value (undefined: the key is absent) fails the check. */
export function requiredLinkFails(creating: boolean, value: unknown, toOne: boolean): boolean {
  if (creating && isDisconnectOnly(value)) return true;
  if (!creating) {
    if (value === undefined) return false;
    if (isDisconnectOnly(value)) return toOne;
    if (isPlainObject(value) && !isNil(value.connect) && isNil(value.set) && Array.isArray(value.connect) && value.connect.length === 0)
      return false;
  }
  return !hasValue(value);
}
