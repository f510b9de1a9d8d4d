import type { LocaleRecord } from '../../core/data/types.js';
import type { Runtime } from '../runtime.js';

// The i18n plugin's locales service as project code calls it (`strapi.plugin('i18n').service('locales')`): a
// sitemap, a language switcher or a multi-locale seed reads the locales the store holds, and the default one.

type Fn = (...args: unknown[]) => unknown;

const byCode = (locales: readonly LocaleRecord[], code: unknown) => locales.find((l) => l.code === code) ?? null;

export function i18nLocalesService(current: () => Runtime): Record<string, Fn> {
  const locales = () => structuredClone(current().store.data.locales);
  return {
    find: async () => locales(),
    findById: async (id: unknown) => locales().find((l) => l.id === Number(id)) ?? null,
    findByCode: async (code: unknown) => byCode(locales(), code),
    count: async () => locales().length,
    getDefaultLocale: async () => current().model.defaultLocale,
    // what the admin's locale list adds to each: whether it is the default
    setIsDefault: async (list: unknown) => {
      const code = current().model.defaultLocale;
      const mark = (l: unknown) => (l && typeof l === 'object' ? { ...l, isDefault: (l as { code?: unknown }).code === code } : l);
      return Array.isArray(list) ? list.map(mark) : mark(list);
    },
  };
}
