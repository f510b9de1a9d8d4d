import type { OpenAPIV3_1 } from 'openapi-types';
import { isPlainObject } from '../../core/is-plain-object.js';
import { NOT_ALLOWED } from './paths.js';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface MatchedOperation {
  /** The templated path, e.g. `/api/articles/{documentId}`. */
  readonly template: string;
  readonly method: HttpMethod;
  readonly operation: OpenAPIV3_1.OperationObject;
  /** Path parameters by name, decoded. */
  readonly params: Readonly<Record<string, string>>;
}

interface Route {
  readonly template: string;
  readonly pattern: RegExp;
  readonly names: readonly string[];
  /** Literal segments win over parameters: `/api/x/count` before `/api/x/{id}`. */
  readonly literalSegments: number;
  readonly item: Record<string, unknown>;
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const isHttpMethod = (m: string): m is HttpMethod => (HTTP_METHODS as readonly string[]).includes(m);

function compileRoute(template: string, item: Record<string, unknown>): Route {
  const names: string[] = [];
  let literalSegments = 0;
  const source = template
    .split('/')
    .map((segment) => {
      const parts = segment.split(/(\{[^}]+\})/).filter((p) => p !== '');
      if (parts.every((p) => !p.startsWith('{'))) literalSegments += 1;
      return parts
        .map((part) => {
          if (part.startsWith('{') && part.endsWith('}')) {
            names.push(part.slice(1, -1));
            return '([^/]+)';
          }
          return escapeRegExp(part);
        })
        .join('');
    })
    .join('/');
  // Case-insensitive, as Strapi's router (koa-router, `sensitive: false`): `/api/Tags` is `/api/tags`.
  return { template, pattern: new RegExp(`^${source}$`, 'i'), names, literalSegments, item };
}

/** Strips the query string and fragment: only the path takes part in matching. */
export function pathOnly(url: string): string {
  const cut = url.search(/[?#]/);
  const path = cut === -1 ? url : url.slice(0, cut);
  return path === '' ? '/' : path;
}

/** What a method listed under `x-methods-not-allowed` answers: 405, plain text (see paths.ts). */
const REFUSED: OpenAPIV3_1.OperationObject = { responses: { '405': { $ref: '#/components/responses/MethodNotAllowed' } } };

/** Finds the operation of a document that a concrete request (`GET /api/articles/abc?x=y`) belongs to. */
export function createOperationMatcher(document: OpenAPIV3_1.Document) {
  const routes = Object.entries(document.paths ?? {})
    .filter((entry): entry is [string, Record<string, unknown>] => isPlainObject(entry[1]))
    .map(([template, item]) => compileRoute(template, item))
    .sort((a, b) => b.literalSegments - a.literalSegments || a.names.length - b.names.length);

  return function match(method: string, url: string): MatchedOperation | undefined {
    const m = method.toLowerCase();
    if (!isHttpMethod(m)) return undefined;
    const path = pathOnly(url);
    for (const route of routes) {
      const found = route.pattern.exec(path);
      if (!found) continue;
      const refused = route.item[NOT_ALLOWED];
      const operation = Array.isArray(refused) && refused.includes(m) ? REFUSED : route.item[m];
      if (!isPlainObject(operation)) continue;
      const params: Record<string, string> = {};
      route.names.forEach((name, i) => {
        const raw = found[i + 1];
        try {
          params[name] = decodeURIComponent(raw);
        } catch {
          params[name] = raw;
        }
      });
      return { template: route.template, method: m, operation: operation as OpenAPIV3_1.OperationObject, params };
    }
    return undefined;
  };
}
