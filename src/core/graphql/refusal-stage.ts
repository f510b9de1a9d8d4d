import type { ValidationError } from '../errors/strapi-errors.js';
import type { ContentIndex } from '../data/content-index.js';
import { fieldOf, scopeBehind, type Scope } from '../query/scope.js';
import type { RefusalStage } from './strapi-timing.js';

/**
 * Which pass of validate.query refuses a key of the filters: a password has a pass of its own, before the one that
 * refuses private keys (their refusals come at different times, strapi-timing.ts).
 */
export function refusalStage(index: ContentIndex, scope: Scope): (e: ValidationError) => RefusalStage {
  return (e) => {
    const path = typeof e.details?.path === 'string' ? e.details.path.split('.') : [];
    let at: Scope | undefined = scope;
    for (let i = 0; i < path.length && at; i++) {
      const field = fieldOf(at, path[i]);
      if (field?.kind !== 'attribute') return 'filters';
      if (i === path.length - 1) return field.attribute.kind === 'scalar' && field.attribute.type === 'password' ? 'password' : 'filters';
      at = scopeBehind(index, field.attribute);
    }
    return 'filters';
  };
}
