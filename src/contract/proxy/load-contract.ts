import type { OpenAPIV3_1 } from 'openapi-types';
import type { ContentModel, Locale } from '../../core/model/types.js';
import { generateOpenApi } from '../openapi/generate.js';
import { createOperationMatcher, type MatchedOperation } from '../openapi/match-operation.js';
import { createResponseValidator, type ResponseValidator } from '../openapi/response-validator.js';
import { ContentIndex } from '../../core/data/content-index.js';
import type { ContentMockConfig } from '../../core/config/content-mock-config.js';
import { loadProject } from '../../project/load-project.js';
import { emptyStore } from '../../core/data/import-dataset.js';
import { isPlainObject } from '../../core/is-plain-object.js';
import type { CodeOnRoute, EffectiveSearch } from '../../project/code/code-on-route.js';

/** Everything the validators need, built once per run: compiled validators are cached inside. */
export interface Contract {
  readonly model: ContentModel;
  /** The project's settings (REST limits, custom fields), when loaded from a project. */
  readonly config?: ContentMockConfig;
  /** An index over an empty store: the query parsers only need the model from it. */
  readonly index: ContentIndex;
  readonly document: OpenAPIV3_1.Document;
  readonly validator: ResponseValidator;
  readonly match: (method: string, url: string) => MatchedOperation | undefined;
  /** What the project's own code does on each request's way (see project/code/code-on-route.ts); undefined: nothing. */
  readonly codeOnRoute?: CodeOnRoute;
  /** The query a core action gets after the project's code before it, where the route table says only the query is the code's. */
  readonly effectiveSearch?: EffectiveSearch;
}

/** What the project's own code does on a request's way, as the CLI reads it from the code (see code-on-route.ts). */
export interface ProjectCodeView {
  readonly codeOnRoute: CodeOnRoute;
  readonly effectiveSearch: EffectiveSearch;
}

export function contractFor(model: ContentModel, config?: ContentMockConfig, code?: ProjectCodeView): Contract {
  const document = generateOpenApi(model, { restPrefix: config?.rest.prefix, populateDeep: config?.plugins.populateDeep });
  return {
    model,
    config,
    index: new ContentIndex(model, emptyStore(model)),
    document,
    validator: createResponseValidator(document),
    match: createOperationMatcher(document),
    ...(code ? { codeOnRoute: code.codeOnRoute, effectiveSearch: code.effectiveSearch } : {}),
  };
}

export interface LoadContractOptions {
  /** Strapi project root, its src/, or a folder with api/ and components/. */
  readonly schemas: string;
  /** Asked for its locales (`GET /api/i18n/locales`): schema files do not list them. */
  readonly target?: string;
  readonly token?: string;
  /** Locales given explicitly win over the target's. */
  readonly locales?: readonly Locale[];
  /** Config file (`content-mock.config.json` in the working directory when present), as `serve` reads it. */
  readonly config?: string;
  /** What the project's own code does on each request's way (the CLI reads it from the project's code). */
  readonly code?: ProjectCodeView;
}

/** The target's locales, or undefined when it will not say (down, no permission, not Strapi). */
export async function fetchLocales(target: string, token?: string): Promise<Locale[] | undefined> {
  // A read-only token is refused on this route while the Public role may read it: try with, then without.
  for (const auth of token ? [token, undefined] : [undefined]) {
    try {
      const res = await fetch(new URL('/api/i18n/locales', target), {
        headers: auth ? { authorization: `Bearer ${auth}` } : {},
        signal: AbortSignal.timeout(5000),
      });
      if (!res.ok) continue;
      const body: unknown = await res.json();
      if (!Array.isArray(body)) continue;
      const locales = body.filter(isPlainObject).filter((l) => typeof l.code === 'string');
      if (locales.length === 0) continue;
      return locales.map((l) => ({ code: String(l.code), name: String(l.name ?? l.code), isDefault: l.isDefault === true }));
    } catch {
      // try the next credential, then fall back to the model's default locale
    }
  }
  return undefined;
}

export async function loadContract(options: LoadContractOptions): Promise<Contract> {
  const locales = options.locales ?? (options.target ? await fetchLocales(options.target, options.token) : undefined);
  // The same project loading as `serve`: config (custom field mappings, REST settings) included.
  const project = await loadProject({ schemas: options.schemas, config: options.config, locales });
  return contractFor(project.model, project.config, options.code);
}
