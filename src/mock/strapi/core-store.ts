import { isPlainObject } from '../../core/is-plain-object.js';
import type { Runtime } from '../runtime.js';

// `strapi.store({ type, name, key })`: Strapi's core store, where plugins keep their settings. Project code reads it
// mostly through users & permissions controllers it copied into an extension (register reads
// `{ type: 'plugin', name: 'users-permissions', key: 'advanced' }`). A value set is kept in the store's plugin state
// (it resets with the content); a key never set answers the plugin's setting the mock runs with, or null.

interface StoreSource {
  readonly environment?: string;
  readonly type?: string;
  readonly name?: string;
  readonly tag?: string;
  readonly key?: string;
}

const STATE = 'core-store';

/** Strapi's key of a store entry: `plugin_users-permissions_advanced`. */
const keyOf = (source: StoreSource, params: StoreSource) =>
  `${params.type ?? source.type ?? 'core'}_${params.name ?? source.name ?? ''}_${params.key ?? source.key ?? ''}`;

/** The users & permissions settings the mock runs with, in Strapi's store words. */
function defaultOf(rt: Runtime, key: string): unknown {
  if (key !== 'plugin_users-permissions_advanced') return null;
  const a = rt.config.plugins.advanced;
  return {
    unique_email: a.uniqueEmail,
    allow_register: a.allowRegister,
    email_confirmation: a.emailConfirmation,
    email_reset_password: a.emailResetPassword,
    email_confirmation_redirection: a.emailConfirmationRedirection,
    default_role: a.defaultRole,
  };
}

const entries = (rt: Runtime): Record<string, unknown> => {
  const v = rt.store.data.plugins?.[STATE];
  return isPlainObject(v) ? v : {};
};

export function coreStore(current: () => Runtime): (source?: StoreSource) => Record<string, (p?: unknown) => Promise<unknown>> {
  return (source: StoreSource = {}) => {
    const params = (p: unknown): StoreSource & { value?: unknown } => (isPlainObject(p) ? p : {});
    return {
      get: async (p) => {
        const rt = current();
        const key = keyOf(source, params(p));
        const kept = entries(rt);
        return structuredClone(key in kept ? kept[key] : defaultOf(rt, key));
      },
      set: async (p) => {
        const rt = current();
        const { value } = params(p);
        const key = keyOf(source, params(p));
        await rt.store.mutate(({ data }) => {
          const plugins = (data.plugins ??= {});
          plugins[STATE] = { ...entries(rt), [key]: structuredClone(value ?? null) };
        });
      },
      delete: async (p) => {
        const rt = current();
        const key = keyOf(source, params(p));
        await rt.store.mutate(({ data }) => {
          const { [key]: _gone, ...rest } = entries(rt);
          (data.plugins ??= {})[STATE] = rest;
        });
      },
    };
  };
}
