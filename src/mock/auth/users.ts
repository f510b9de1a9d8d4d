import type { ContentStore } from '../../store/content-store.js';
import { DEFAULT_USER_ATTRIBUTES, USER_UID } from '../../core/model/built-in-types.js';
import { coerceScalar } from '../../core/write/coerce-scalar.js';
import type { StoreData } from '../../core/data/types.js';
import { newDocumentId } from '../../core/write/document-writer.js';
import { hashPassword } from './password.js';
import { rolesOf } from './roles.js';
import type { ConfigUser } from '../../core/config/content-mock-config.js';
import { isPlainObject } from '../../core/is-plain-object.js';

// Users of the users & permissions plugin, kept as the rows of its content type (`plugin::users-permissions.user`)
// so they persist and reset with the content, and relations to users resolve like any other relation. The password
// hash is a private attribute: stored, never shown.

/** The user content type's uid: its rows and its id sequence. */
export const USER_TABLE = USER_UID;

export interface StoredUser {
  id: number;
  documentId: string;
  username: string;
  email: string;
  provider: string;
  /** scrypt hash (see password.ts); null for users that never set a local password. */
  password: string | null;
  /** The code of the last forgot-password email, until it is used (private). */
  resetPasswordToken?: string | null;
  /** The code of the last confirmation email, until it is used (private). */
  confirmationToken?: string | null;
  confirmed: boolean;
  blocked: boolean;
  createdAt: string;
  updatedAt: string;
  publishedAt: string;
  /** The documentId of the user's role (a manyToOne relation, stored on the user). */
  role?: string | null;
}

/** What the API shows of a user: no private attribute, no relation (the role shows only when populated). */
export type PublicUser = Omit<StoredUser, 'password' | 'resetPasswordToken' | 'confirmationToken' | 'role'>;

interface UsersState {
  users: StoredUser[];
}

function isStoredUser(v: unknown): v is StoredUser {
  return isPlainObject(v) && typeof v.id === 'number' && typeof v.username === 'string' && typeof v.email === 'string';
}

/** The users in a store (read-only view; change them inside `store.mutate`). */
export function usersOf(data: StoreData): readonly StoredUser[] {
  const rows: readonly unknown[] = data.types[USER_TABLE] ?? [];
  return rows.filter(isStoredUser);
}

/** The mutable users list inside `data`, created when missing. Call inside `store.mutate`. */
export function usersState(data: StoreData): UsersState {
  const rows = (data.types[USER_TABLE] ??= []);
  return { users: rows as unknown as StoredUser[] };
}

export function publicUser(user: StoredUser): PublicUser {
  const { password, resetPasswordToken, confirmationToken, role, ...rest } = user;
  void [password, resetPasswordToken, confirmationToken, role];
  return rest;
}

export interface NewUserInput {
  readonly username: string;
  readonly email: string;
  readonly password: string;
  readonly blocked?: boolean;
  readonly confirmed?: boolean;
  /** The role's documentId. */
  readonly role: string | null;
}

/**
 * The defaults the user type's other attributes declare (a project's extension: `credits: { default: "0" }`), as the
 * document service writes them when it creates the user.
 */
function extensionDefaults(store: ContentStore): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const a of store.index.model.contentTypes.get(USER_UID)?.attributes.values() ?? []) {
    if (Object.hasOwn(DEFAULT_USER_ATTRIBUTES, a.name) || a.kind !== 'scalar' || a.default === undefined) continue;
    try {
      const r = coerceScalar(a, a.default, [a.name], true);
      if (r.ok) out[a.name] = r.value;
    } catch {
      // a default the database would refuse: left out, as the mock leaves out any value it cannot store
    }
  }
  return out;
}

export function newUser(store: ContentStore, input: NewUserInput): StoredUser {
  const now = new Date().toISOString();
  return {
    ...extensionDefaults(store),
    id: store.nextId(USER_TABLE),
    documentId: newDocumentId(),
    username: input.username,
    email: input.email.toLowerCase(),
    provider: 'local',
    password: hashPassword(input.password),
    resetPasswordToken: null,
    confirmationToken: null,
    confirmed: input.confirmed ?? true,
    blocked: input.blocked ?? false,
    createdAt: now,
    updatedAt: now,
    publishedAt: now,
    role: input.role,
  };
}

/**
 * The config's users that a store lacks (matched by email) and has never had: a config user deleted through the API
 * stays deleted until the next reset. The emails already added are kept in the store's plugin state.
 */
export function missingConfigUsers(data: StoreData, users: readonly ConfigUser[]): ConfigUser[] {
  if (users.length === 0) return [];
  const known = new Set([...usersOf(data).map((u) => u.email.toLowerCase()), ...addedConfigUsers(data)]);
  return users.filter((u) => !known.has(u.email));
}

function addedConfigUsers(data: StoreData): string[] {
  const state = data.plugins?.[ADDED];
  return Array.isArray(state) ? state.filter((e): e is string => typeof e === 'string') : [];
}

/** Remembers that config users were added (see missingConfigUsers). Call inside `store.mutate`. */
export function markConfigUsersAdded(data: StoreData, emails: readonly string[]): void {
  (data.plugins ??= {})[ADDED] = [...addedConfigUsers(data), ...emails];
}

const ADDED = 'users-permissions.config-users';

/**
 * The signed-in user as project code sees it (`ctx.state.user`): a copy of the whole row, its role populated, as the
 * plugin's `fetchAuthenticatedUser` reads it when the request is authenticated.
 */
export function authenticatedUser(data: StoreData, user: StoredUser): Record<string, unknown> {
  const role = rolesOf(data).find((r) => r.documentId === user.role);
  return { ...structuredClone(user), role: role ? { ...role } : null };
}
