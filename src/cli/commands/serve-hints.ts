import { can } from '../../core/auth/authorize.js';
import { routedTypes, type ContentType } from '../../core/model/types.js';
import type { Runtime } from '../../mock/runtime.js';
import { isEmptyStore } from '../../mock/generated-store.js';

const routeOf = (t: ContentType) => (t.kind === 'collectionType' ? t.pluralName : t.singularName);

/**
 * What a caller without a token can reach, and what to do when it is nothing: the first thing a new user meets on
 * their own project is a 403 on every route, or an empty list.
 */
export function startupHints(rt: Runtime, command: { schemas?: string; seeded: boolean }): string[] {
  const types = routedTypes(rt.model);
  const hints: string[] = [];
  const readable = types.filter((t) => can(rt.config, { kind: 'public' }, t, 'find'));
  if (types.length > 0 && readable.length === 0) {
    const n = types.length;
    hints.push(
      `access: ${n === 1 ? 'the only type is' : `all ${n} types are`} private (403 without a token): ` +
        'add --public, a token, or permissions in content-mock.config.json',
    );
  } else if (readable.length < types.length) {
    const closed = types.filter((t) => !readable.includes(t)).map(routeOf);
    hints.push(`access: public: ${readable.map(routeOf).join(', ')}; private (403 without a token): ${closed.join(', ')}`);
  } else if (types.length > 0) hints.push('access: every type is public');
  if (!command.seeded && isEmptyStore(rt.store.data) && types.length > 0) {
    const schemas = command.schemas ? ` --schemas ${command.schemas}` : '';
    hints.push(
      `content: the store is empty: restart with --seed-if-empty to generate content, or run ` +
        `\`content-mock seed${schemas} --out seed.json\` and serve with --seed seed.json`,
    );
  }
  return hints;
}
