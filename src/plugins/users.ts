import type { ContentStore } from '../store/content-store.js';
import type { StoreData } from '../store/types.js';
import { newDocumentId } from '../write/document-writer.js';
import { hashPassword } from './password.js';
import type { ConfigUser } from './plugin-settings.js';

// Users of the users & permissions plugin, kept in the store under `plugins['users-permissions'].users` so they
// persist with the content (and reset with it). The password hash is stored, never shown.

export const USERS_PLUGIN = 'users-permissions';
/** Sequence name for user ids (Strapi's user content type uid). */
export const USER_TABLE = 'plugin::users-permissions.user';

export interface StoredUser {
  id: number;
  documentId: string;
  username: string;
  email: string;
  provider: string;
  /** scrypt hash (see password.ts); null for users that never set a local password. */
  password: string | null;
  confirmed: boolean;
  blocked: boolean;
  createdAt: string;
  updatedAt: string;
  publishedAt: string;
}

/** What the API shows of a user: everything but the password. */
export type PublicUser = Omit<StoredUser, 'password'>;

interface UsersState {
  users: StoredUser[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function isStoredUser(v: unknown): v is StoredUser {
  return isObject(v) && typeof v.id === 'number' && typeof v.username === 'string' && typeof v.email === 'string';
}

/** The users in a store (read-only view; change them inside `store.mutate`). */
export function usersOf(data: StoreData): readonly StoredUser[] {
  const state = data.plugins?.[USERS_PLUGIN];
  return isObject(state) && Array.isArray(state.users) ? state.users.filter(isStoredUser) : [];
}

/** The mutable users list inside `data`, created when missing. Call inside `store.mutate`. */
export function usersState(data: StoreData): UsersState {
  data.plugins ??= {};
  const state = data.plugins[USERS_PLUGIN];
  if (isObject(state) && Array.isArray(state.users)) return state as unknown as UsersState;
  const fresh: UsersState = { users: [] };
  data.plugins[USERS_PLUGIN] = fresh;
  return fresh;
}

export function publicUser(user: StoredUser): PublicUser {
  const { password: _password, ...rest } = user;
  void _password;
  return rest;
}

export function newUser(store: ContentStore, input: { username: string; email: string; password: string; blocked?: boolean }): StoredUser {
  const now = new Date().toISOString();
  return {
    id: store.nextId(USER_TABLE),
    documentId: newDocumentId(),
    username: input.username,
    email: input.email.toLowerCase(),
    provider: 'local',
    password: hashPassword(input.password),
    confirmed: true,
    blocked: input.blocked ?? false,
    createdAt: now,
    updatedAt: now,
    publishedAt: now,
  };
}

/** Adds the config's users that the store lacks (matched by email), e.g. on first use or after a reset. */
export async function ensureConfigUsers(store: ContentStore, users: readonly ConfigUser[]): Promise<void> {
  if (users.length === 0) return;
  const known = new Set(usersOf(store.data).map((u) => u.email.toLowerCase()));
  const missing = users.filter((u) => !known.has(u.email));
  if (missing.length === 0) return;
  await store.mutate((data) => {
    const state = usersState(data);
    for (const u of missing) state.users.push(newUser(store, u));
  });
}
