import { isPlainObject } from '../../core/is-plain-object.js';
import { announce, keepMail, type Mail } from '../auth/mailbox.js';
import type { Runtime } from '../runtime.js';

// The email plugin's service as project code calls it (`strapi.plugin('email').service('email')`): a contact form's
// or an order's email is not sent but kept in the dev mailbox (`GET /__content-mock/mailbox`) and printed, so a
// frontend developer sees what the backend would have sent.

type Fn = (...args: unknown[]) => unknown;

/** Every key path of an object (`user.name`), as Strapi's `keysDeep`: the variables a template may name. */
function keysDeep(obj: unknown, prefix = ''): string[] {
  if (!isPlainObject(obj)) return [];
  return Object.entries(obj).flatMap(([k, v]) => [`${prefix}${k}`, ...keysDeep(v, `${prefix}${k}.`)]);
}

function valueAt(data: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((cur, k) => (isPlainObject(cur) ? cur[k] : undefined), data);
}

/** Fills `<%= path %>` for the variables `data` holds (Strapi's strict interpolation leaves others as written). */
function fill(template: string, data: unknown): string {
  const allowed = new Set(keysDeep(data));
  return template.replace(/<%=\s*([\w.]+)\s*%>/g, (whole, path: string) => {
    if (!allowed.has(path)) return whole;
    const v = valueAt(data, path);
    return v === undefined || v === null ? '' : String(v);
  });
}

const text = (v: unknown): string => (typeof v === 'string' ? v : Array.isArray(v) ? v.map(String).join(', ') : v == null ? '' : String(v));

export function emailService(current: () => Runtime): Record<string, Fn> {
  const send = async (options: unknown = {}): Promise<void> => {
    const o = isPlainObject(options) ? options : {};
    const rt = current();
    let mail: Mail | undefined;
    await rt.store.mutate(({ data }) => {
      mail = keepMail(data, {
        kind: 'project',
        to: text(o.to),
        from: text(o.from) || rt.config.plugins.emailFrom,
        subject: text(o.subject),
        link: null,
        code: '',
        text: text(o.text),
        html: text(o.html),
      });
    });
    if (mail) announce(rt, mail);
  };
  return {
    send: (options?: unknown) => send(options),
    sendTemplatedEmail: (options?: unknown, template?: unknown, data?: unknown) => {
      const t = isPlainObject(template) ? template : {};
      const missing = ['subject', 'text', 'html'].filter((k) => !Object.hasOwn(t, k));
      if (missing.length > 0) throw new Error(`Following attributes are missing from your email template : ${missing.join(', ')}`);
      const filled = Object.fromEntries(
        ['subject', 'text', 'html'].filter((k) => typeof t[k] === 'string' && t[k] !== '').map((k) => [k, fill(t[k] as string, data)]),
      );
      return send({ ...(isPlainObject(options) ? options : {}), ...filled });
    },
    getProviderSettings: () => ({ provider: 'content-mock mailbox', settings: { defaultFrom: current().config.plugins.emailFrom } }),
  };
}
