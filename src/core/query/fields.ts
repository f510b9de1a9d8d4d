import { invalidKey, ValidationError } from '../errors/strapi-errors.js';
import { fieldOf, hiddenKeyPath, scalarTypeOf, type Scope } from './scope.js';
import { isPlainObject } from '../is-plain-object.js';

/**
 * The scalar fields a `fields` parameter selects, or null for all of them. `id` and `documentId` are added when
 * the entry is rendered, whatever was asked.
 */
export function parseFields(scope: Scope, raw: unknown, parent: string | null): string[] | null {
  if (raw === undefined || raw === null) return null;
  // Strapi splits a string on commas; a list must hold plain names (no commas) and an object is refused.
  const shape = () => new ValidationError('Invalid fields parameter. Expected a string or an array of strings', {});
  let names: unknown[];
  if (typeof raw === 'string') names = raw.split(',');
  else if (Array.isArray(raw)) {
    if (raw.some((v) => typeof v !== 'string' || v.includes(','))) throw shape();
    names = raw;
  } else if (isPlainObject(raw)) throw shape();
  else names = [raw];
  const out: string[] = [];
  for (const item of names) {
    if (typeof item !== 'string') throw shape();
    const name = item.trim();
    if (name === '*') return null;
    // An empty name is an unknown key (`fields[0]=`); Strapi crashes on a bare `fields=`, the mock says why.
    const field = fieldOf(scope, name);
    if (!field) throw invalidKey(name, { parent, path: hiddenKeyPath(scope, name, parent) ?? undefined, source: 'query', param: 'fields' });
    const path = parent ? `${parent}.${name}` : name;
    if (!scalarTypeOf(field) || (field.kind === 'attribute' && field.attribute.private)) {
      throw invalidKey(name, { parent, path, source: 'query', param: 'fields' });
    }
    if (!out.includes(name)) out.push(name);
  }
  return out;
}
