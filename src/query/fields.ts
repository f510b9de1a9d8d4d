import { invalidKey } from '../errors/strapi-errors.js';
import { fieldOf, scalarTypeOf, type Scope } from './scope.js';

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The scalar fields a `fields` parameter selects, or null for all of them. `id` and `documentId` are added when
 * the entry is rendered, whatever was asked.
 */
export function parseFields(scope: Scope, raw: unknown, parent: string | null): string[] | null {
  if (raw === undefined || raw === null || raw === '') return null;
  let names: unknown[];
  if (typeof raw === 'string') names = raw.split(',');
  else if (Array.isArray(raw)) names = raw;
  else if (isPlainObject(raw)) names = Object.values(raw);
  else names = [raw];
  const out: string[] = [];
  for (const item of names) {
    if (typeof item !== 'string') throw invalidKey(JSON.stringify(item), { parent, source: 'query', param: 'fields' });
    const name = item.trim();
    if (name === '*') return null;
    if (name === '') continue;
    const field = fieldOf(scope, name);
    if (!field) throw invalidKey(name, { parent, source: 'query', param: 'fields' });
    const path = parent ? `${parent}.${name}` : name;
    if (!scalarTypeOf(field) || (field.kind === 'attribute' && field.attribute.private)) {
      throw invalidKey(name, { parent, path, source: 'query', param: 'fields' });
    }
    if (!out.includes(name)) out.push(name);
  }
  return out;
}
