import {
  DEFAULT_MAX_FAULT_DELAY,
  DEFAULT_POPULATE_BUDGET,
  DEFAULT_REST,
  type ContentMockConfig,
} from '../../core/config/content-mock-config.js';
import type { StoreData } from '../../core/data/types.js';
import type { Attribute, ComponentSchema, ContentModel, ContentType } from '../../core/model/types.js';
import { isPlainObject } from '../../core/is-plain-object.js';

// A whole project (model, content, settings) as one JSON value, so a browser (MSW's service worker setup) can serve
// it with no file system. Pure: this module is part of the browser build of `content-mock/msw`.

export const BUNDLE_FORMAT = 'content-mock-bundle/1';

type Serialized<T> = Omit<T, 'attributes'> & { readonly attributes: readonly (readonly [string, Attribute])[] };

/** The config as JSON: the dev comforts (CORS, delays, fault rules) belong to the server and are left out. */
export type BundleConfig = Omit<ContentMockConfig, 'dev'>;

export interface ProjectBundle {
  readonly format: typeof BUNDLE_FORMAT;
  readonly model: {
    readonly contentTypes: readonly Serialized<ContentType>[];
    readonly components: readonly Serialized<ComponentSchema>[];
    readonly locales: ContentModel['locales'];
    readonly defaultLocale: string;
    /** The project's `responses.privateAttributes` (absent in bundles made before it was read). */
    readonly privateAttributes?: readonly string[];
  };
  /** The store as the seed imports it: what every reset starts from. */
  readonly data: StoreData;
  readonly config: BundleConfig;
}

const withEntries = <T extends { attributes: ReadonlyMap<string, Attribute> }>(t: T): Serialized<T> => ({
  ...t,
  attributes: [...t.attributes.entries()],
});

export function toBundle(model: ContentModel, data: StoreData, config: ContentMockConfig): ProjectBundle {
  const { dev: _dev, ...rest } = config;
  void _dev;
  return {
    format: BUNDLE_FORMAT,
    model: {
      contentTypes: [...model.contentTypes.values()].map(withEntries),
      components: [...model.components.values()].map(withEntries),
      locales: model.locales,
      defaultLocale: model.defaultLocale,
      ...(model.privateAttributes === undefined ? {} : { privateAttributes: model.privateAttributes }),
    },
    data,
    config: rest,
  };
}

export class BundleError extends Error {
  override readonly name = 'BundleError';
}

/** Checks a value read from JSON is a bundle this version understands. */
export function assertBundle(value: unknown): asserts value is ProjectBundle {
  if (!isPlainObject(value) || value.format !== BUNDLE_FORMAT)
    throw new BundleError(
      `not a content-mock project bundle (expected "format": "${BUNDLE_FORMAT}"; write one with \`content-mock bundle\`)`,
    );
  if (!isPlainObject(value.model) || !isPlainObject(value.data) || !isPlainObject(value.config))
    throw new BundleError('a project bundle needs "model", "data" and "config"');
}

/** The content model a bundle carries, rebuilt as `loadModel` builds it (maps, route ids, frozen). */
export function modelFromBundle(bundle: ProjectBundle): ContentModel {
  const unpack = <T extends { uid: string }>(t: Serialized<T>): T =>
    Object.freeze({ ...t, attributes: new Map(t.attributes) }) as unknown as T;
  const contentTypes = new Map(bundle.model.contentTypes.map((t) => [t.uid, unpack<ContentType>(t)] as const));
  const components = new Map(bundle.model.components.map((c) => [c.uid, unpack<ComponentSchema>(c)] as const));
  const byRoute = new Map<string, ContentType>();
  for (const ct of contentTypes.values()) if (!ct.builtIn) byRoute.set(ct.kind === 'collectionType' ? ct.pluralName : ct.singularName, ct);
  return Object.freeze({
    contentTypes,
    components,
    byRoute,
    locales: bundle.model.locales,
    defaultLocale: bundle.model.defaultLocale,
    ...(bundle.model.privateAttributes === undefined ? {} : { privateAttributes: bundle.model.privateAttributes }),
    warnings: [],
  });
}

/** The resolved config a bundle carries; the dev comforts are off. */
export function configFromBundle(bundle: ProjectBundle): ContentMockConfig {
  // A bundle made before the populate budget existed gets the default one.
  const populateBudget =
    (bundle.config.populateBudget as number | null | undefined) === undefined ? DEFAULT_POPULATE_BUDGET : bundle.config.populateBudget;
  return {
    ...bundle.config,
    // settings read since: a bundle made before them gets the defaults
    rest: { ...DEFAULT_REST, ...bundle.config.rest },
    responses: (bundle.config.responses as ContentMockConfig['responses'] | undefined) ?? { privateAttributes: [] },
    populateBudget,
    dev: { rules: [], readonly: false, faultHeader: false, maxFaultDelay: DEFAULT_MAX_FAULT_DELAY },
  };
}
