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
  data.types[PERMISSION_UID] ??= [];
  const addPermissions = (role: StoredRole, now: string) =>
    addPermissionRows(store, data, role, rolePermissionActions(config, model, role.type), now);
  for (const role of withoutPermissions) addPermissions(role, new Date().toISOString());
  // the plugin's bootstrap creates the roles one after another, each in its own query: the later one never shares the
  // earlier one's millisecond (a `createdAt` sort of the roles is no tie; GraphQL usersPermissionsRoles, shared-inverse 1503)
  let last = Number.NEGATIVE_INFINITY;
  for (const r of missing) {
    last = Math.max(Date.now(), last + 1);
    const now = new Date(last).toISOString();
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
export interface StoredPermission {
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

const permissionRows = (data: StoreData): StoredPermission[] => (data.types[PERMISSION_UID] ??= []) as unknown as StoredPermission[];

/** Adds a role's permission rows for `actions`, in order (each gets the next id, as the plugin's creates do). */
export function addPermissionRows(store: ContentStore, data: StoreData, role: StoredRole, actions: readonly string[], now: string): void {
  const rows = permissionRows(data);
  for (const action of actions)
    rows.push({
      id: store.nextId(PERMISSION_UID),
      documentId: newDocumentId(),
      action,
      role: role.documentId,
      createdAt: now,
      updatedAt: now,
      publishedAt: now,
    });
}

/** A role's permission rows, in id order. */
export function permissionsOf(data: StoreData, role: StoredRole): StoredPermission[] {
  const rows: readonly unknown[] = data.types[PERMISSION_UID] ?? [];
  return (rows as StoredPermission[]).filter((p) => isPlainObject(p) && p.role === role.documentId).sort((a, b) => a.id - b.id);
}

/** Drops the permission rows `drop` keeps true for. Call inside `store.mutate`. */
export function deletePermissionRows(data: StoreData, drop: (p: StoredPermission) => boolean): void {
  const rows = permissionRows(data);
  const kept = rows.filter((p) => !drop(p));
  rows.splice(0, rows.length, ...kept);
}

const ROUTE_WRITTEN = 'users-permissions.route-permissions';

/**
 * Roles whose permissions a role route wrote (by id): what they may do is their permission rows, as Strapi decides
 * every request from the rows; other roles do what the config grants (their rows are made from the same grants).
 */
export function routeWrittenRoles(data: StoreData): number[] {
  const v = data.plugins?.[ROUTE_WRITTEN];
  return Array.isArray(v) ? v.filter((id): id is number => typeof id === 'number') : [];
}

/**
 * Records that a role's permissions were written: by a role route, or by project code writing permission rows
 * (a starter's bootstrap granting the public role `find` with `strapi.query('plugin::users-permissions.permission')
 * .create(...)`, which Strapi reads on the next request). Call inside `store.mutate`.
 */
export function markRouteWritten(data: StoreData, roleId: number): void {
  const ids = routeWrittenRoles(data);
  if (!ids.includes(roleId)) (data.plugins ??= {})[ROUTE_WRITTEN] = [...ids, roleId];
}

/** Marks the roles the permission rows belong to as written (markRouteWritten). Call inside `store.mutate`. */
export function markPermissionRowsWritten(data: StoreData, rows: readonly Record<string, unknown>[]): void {
  const roles = rolesOf(data);
  for (const row of rows) {
    const role = roles.find((r) => r.documentId === row.role || r.id === row.role);
    if (role) markRouteWritten(data, role.id);
  }
}

/** lodash's snakeCase(deburr(toLower(name))) for the names a role gets: words of letters and digits joined by `_`. */
export function snakeName(name: string): string {
  const words = name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .match(/[a-z]+|[0-9]+/g);
  return (words ?? []).join('_');
}
