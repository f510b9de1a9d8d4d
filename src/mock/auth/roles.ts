import type { ContentMockConfig } from '../../core/config/content-mock-config.js';
import { PERMISSION_UID, ROLE_UID } from '../../core/model/built-in-types.js';
import { rolePermissionActions } from '../../core/auth/role-grants.js';
import type { ContentModel } from '../../core/model/types.js';
import type { StoreData } from '../../core/data/types.js';
import { newDocumentId } from '../../core/write/document-writer.js';
import { isPlainObject } from '../../core/is-plain-object.js';
import type { ContentStore } from '../../store/content-store.js';

// Roles of the users & permissions plugin, kept as rows of `plugin::users-permissions.role` so that users link to
// them like any relation (`populate=role`) and they reset with the content. What a role may do comes from the config
// (`permissions.public`, `permissions.authenticated`, `roles[].permissions`), see role-grants.ts; the rows of
// `plugin::users-permissions.permission` that Strapi shows under a role (`role.permissions`) are made from those
// same grants when the role is made, so reads, filters and sorts through them meet what Strapi holds.

export interface StoredRole {
  id: number;
  documentId: string;
  /** Null when a role write left them out (the service stores what it is given). */
  name: string | null;
  description: string | null;
  type: string;
  createdAt: string;
  updatedAt: string;
  publishedAt: string;
}

/** Strapi's two roles, created in this order on first boot (so Authenticated is id 1, Public id 2). */
const BUILT_IN_ROLES = [
  { name: 'Authenticated', description: 'Default role given to authenticated user.', type: 'authenticated' },
  { name: 'Public', description: 'Default role given to unauthenticated user.', type: 'public' },
];

function isStoredRole(v: unknown): v is StoredRole {
  return isPlainObject(v) && typeof v.id === 'number' && typeof v.type === 'string' && typeof v.documentId === 'string';
}

/** The roles in a store, in id order. */
export function rolesOf(data: StoreData): StoredRole[] {
  const rows: readonly unknown[] = data.types[ROLE_UID] ?? [];
  return rows.filter(isStoredRole).sort((a, b) => a.id - b.id);
}

/**
 * The roles the config defines that a store lacks (by type): Strapi's two, then the config's `roles`. A role deleted
 * through the role routes stays deleted (Strapi creates its roles once, at its first boot).
 */
function missingRoles(data: StoreData, config: ContentMockConfig) {
  const have = new Set(rolesOf(data).map((r) => r.type));
  const deleted = deletedRoleTypes(data);
  return [...BUILT_IN_ROLES, ...config.plugins.roles].filter((r) => !have.has(r.type) && !deleted.includes(r.type));
}

const DELETED = 'users-permissions.deleted-roles';

function deletedRoleTypes(data: StoreData): string[] {
  const v = data.plugins?.[DELETED];
  return Array.isArray(v) ? v.filter((t): t is string => typeof t === 'string') : [];
}

/** Records a role deleted through the role routes, so it is not made again. Call inside `store.mutate`. */
export function markRoleDeleted(data: StoreData, type: string): void {
  (data.plugins ??= {})[DELETED] = [...deletedRoleTypes(data), type];
}

/**
 * Adds the missing roles (first use, a seed without roles, a reset), each with its permission rows; a store written
 * before permission rows existed gets its roles' rows. Call inside `store.mutate`.
 */
export function addMissingRoles(store: ContentStore, data: StoreData, config: ContentMockConfig, model: ContentModel): void {
  const missing = missingRoles(data, config);
  const withoutPermissions = data.types[PERMISSION_UID] === undefined ? rolesOf(data) : [];
  const rows = (data.types[ROLE_UID] ??= []) as unknown as StoredRole[];
  const permissions = (data.types[PERMISSION_UID] ??= []) as unknown as StoredPermission[];
  const addPermissions = (role: StoredRole, now: string) => {
    for (const action of rolePermissionActions(config, model, role.type)) {
      const id = store.nextId(PERMISSION_UID);
      permissions.push({
        id,
        documentId: newDocumentId(),
        action,
        role: role.documentId,
        createdAt: now,
        updatedAt: now,
        publishedAt: now,
      });
    }
  };
  for (const role of withoutPermissions) addPermissions(role, new Date().toISOString());
  for (const r of missing) {
    const now = new Date().toISOString();
    const role: StoredRole = {
      id: store.nextId(ROLE_UID),
      documentId: newDocumentId(),
      name: r.name,
      description: r.description,
      type: r.type,
      createdAt: now,
      updatedAt: now,
      publishedAt: now,
    };
    rows.push(role);
    addPermissions(role, now);
  }
}

/** A permission row: the action and the documentId of its role (the owning side of `role.permissions`). */
interface StoredPermission {
  id: number;
  documentId: string;
  action: string;
  role: string;
  createdAt: string;
  updatedAt: string;
  publishedAt: string;
}

export const rolesComplete = (data: StoreData, config: ContentMockConfig): boolean =>
  missingRoles(data, config).length === 0 && data.types[PERMISSION_UID] !== undefined;

/** The role a user row links to (by documentId), if it exists. */
export function roleOf(data: StoreData, documentId: unknown): StoredRole | undefined {
  return typeof documentId === 'string' ? rolesOf(data).find((r) => r.documentId === documentId) : undefined;
}
