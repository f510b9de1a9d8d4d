import type { OpenAPIV3_1 } from 'openapi-types';
import { shownSystemScalars, showsLocalizations } from '../../core/model/private-attributes.js';
import type { ContentModel, ContentType } from '../../core/model/types.js';
import { isVisibleScalar } from './scalar-schema.js';
import type { SchemaNames } from './schema-names.js';
import type { DeepPopulateSettings } from '../../core/query/deep-populate.js';

type Parameter = OpenAPIV3_1.ParameterObject;
type ParameterOrRef = Parameter | OpenAPIV3_1.ReferenceObject;

/** The operations of the Content API; which query parameters each takes follows Strapi's core controllers. */
export type OperationKind = 'find' | 'findOne' | 'create' | 'update' | 'delete';

const paramRef = (name: string): OpenAPIV3_1.ReferenceObject => ({ $ref: `#/components/parameters/${name}` });

/** Parameters that are the same for every type, kept once under `components.parameters`. */
export function sharedParameters(): Record<string, Parameter> {
  // No examples: a docs page would pre-fill them, and both pagination styles at once are a 400.
  const page = (name: string, description: string, schema: Parameter['schema']): Parameter => ({
    name: `pagination[${name}]`,
    in: 'query',
    description,
    schema,
  });
  return {
    'pagination.page': page('page', 'Page number (page style; cannot be mixed with start/limit).', { type: 'integer', minimum: 1 }),
    'pagination.pageSize': page('pageSize', 'Entries per page (default 25, capped at 100 by default).', { type: 'integer', minimum: 1 }),
    'pagination.start': page('start', 'Offset of the first entry (offset style; cannot be mixed with page/pageSize).', { type: 'integer', minimum: 0 }),
    'pagination.limit': page('limit', 'Number of entries (offset style).', { type: 'integer' }),
    'pagination.withCount': page('withCount', 'Include total (and pageCount) in meta.pagination (default true).', { type: 'boolean' }),
    search: {
      name: '_q',
      in: 'query',
      description: 'Full-text search: case-insensitive substring over the string fields.',
      schema: { type: 'string' },
    },
    responseFormat: {
      name: 'Strapi-Response-Format',
      in: 'header',
      description:
        'Send `v4` to get the Strapi 4 shape (`{id, documentId, attributes}`, relations wrapped in `{data}`). ' +
        'The response schemas of this document describe the default (v5) shape only.',
      schema: { type: 'string', enum: ['v4', 'v5'] },
    },
  };
}

/** Names `fields` and `sort` may use: id, documentId, visible scalars and the system timestamps. */
function scalarNames(ct: ContentType, sortable: boolean): string[] {
  const names = ['id', 'documentId'];
  for (const attr of ct.attributes.values()) {
    if (attr.kind !== 'scalar' || !isVisibleScalar(attr)) continue;
    if (sortable && (attr.type === 'json' || attr.type === 'blocks')) continue;
    names.push(attr.name);
  }
  names.push(...shownSystemScalars(ct));
  return names;
}

function populatableNames(ct: ContentType): string[] {
  const names = [...ct.attributes.values()].filter((a) => a.kind !== 'scalar' && !a.private).map((a) => a.name);
  if (showsLocalizations(ct)) names.push('localizations');
  return names;
}

function fieldsParam(ct: ContentType): Parameter {
  return {
    name: 'fields',
    in: 'query',
    description:
      'Scalar fields to return (id and documentId are always added). Forms: `fields=title,slug`, ' +
      '`fields[0]=title&fields[1]=slug`, `fields=*` (all). Relations, media, components and dynamic zones are chosen with populate.',
    style: 'form',
    explode: true,
    schema: { type: 'array', items: { type: 'string', enum: ['*', ...scalarNames(ct, false)] } },
  };
}

function sortParam(ct: ContentType): Parameter {
  const fields = scalarNames(ct, true);
  return {
    name: 'sort',
    in: 'query',
    description:
      'Sort order, `field` or `field:asc|desc` (direction case-insensitive, asc by default). Also accepted: ' +
      '`sort=views:desc,title`, `sort[0]=views:desc&sort[1]=title`, `sort[title]=desc`, and fields of relations ' +
      'or components by path (`sort=category.name:asc`).',
    style: 'form',
    explode: true,
    schema: { type: 'array', items: { type: 'string', enum: fields.flatMap((f) => [f, `${f}:asc`, `${f}:desc`]) } },
  };
}

function populateParam(ct: ContentType): Parameter {
  const names = populatableNames(ct);
  const first = names[0] ?? 'relation';
  return {
    name: 'populate',
    in: 'query',
    description:
      'Relations, media, components and dynamic zones to include (nothing is populated by default). Forms: ' +
      `\`populate=*\` (everything, one level), \`populate=${first}\`, \`populate[0]=${first}\`, dot paths ` +
      '(`populate=seo.links`), and objects with options per field: ' +
      `\`populate[${first}][fields][0]=name\`, \`populate[${first}][filters][name][$eq]=x\`, \`populate[${first}][sort]=name:asc\`, ` +
      `\`populate[${first}][populate]=*\`, \`populate[${first}][count]=true\` (returns { count }); dynamic zones take ` +
      '`populate[zone][on][category.component]=true`.',
    style: 'form',
    explode: true,
    schema: { type: 'array', items: { type: 'string', enum: ['*', ...names] } },
  };
}

function filtersParam(ct: ContentType, names: SchemaNames): Parameter {
  return {
    name: 'filters',
    in: 'query',
    description:
      'Filters as nested brackets: `filters[title][$eq]=Hello`, `filters[title]=Hello` (implicit $eq), ' +
      '`filters[views][$between][0]=1&filters[views][$between][1]=9`, `filters[$or][0][title][$containsi]=a&filters[$or][1][views][$gt]=5`, ' +
      'relations and components by path (`filters[category][name][$eq]=Tech`). Unknown fields or operators are a 400.',
    style: 'deepObject',
    explode: true,
    schema: { $ref: `#/components/schemas/${names.type(ct.uid).filters}` },
  };
}

function localeParam(model: ContentModel, kind: OperationKind): Parameter {
  const codes = model.locales.map((l) => l.code);
  const reads = kind === 'find' || kind === 'findOne';
  const text =
    kind === 'find'
      ? 'Locale to list (default: the default locale). `*` lists every locale; `locale[0]=fr&locale[1]=de` several.'
      : kind === 'findOne'
        ? 'Locale of the document to return (default: the default locale); `*` matches nothing here (404).'
        : kind === 'delete'
          ? 'Locale version to delete (default: the default locale only); `*` deletes every locale.'
          : 'Locale version to write (default: the default locale). PUT with a locale the document lacks creates it; `*` is a 400.';
  return {
    name: 'locale',
    in: 'query',
    description: `${text} Configured locales: ${codes.join(', ') || model.defaultLocale}.`,
    schema: { type: 'string', default: model.defaultLocale },
    examples: Object.fromEntries(
      (reads || kind === 'delete' ? [...codes, '*'] : codes).map((code) => [code === '*' ? 'all' : code, { value: code }]),
    ),
  };
}

function statusParam(kind: OperationKind): Parameter {
  const text =
    kind === 'find' || kind === 'findOne'
      ? 'Which version to read: published (default) or draft (every document has a draft, published or not).'
      : 'Which version to write: published (default: the draft is written and published) or draft (only the draft changes).';
  return { name: 'status', in: 'query', description: text, schema: { type: 'string', enum: ['published', 'draft'], default: 'published' } };
}

/**
 * strapi-v5-plugin-populate-deep's parameters, when the project enables the plugin: its database hook replaces the
 * populate of every read (a write's answer included) with the model's, `pLevel` levels deep (see deep-populate.ts).
 */
function deepPopulateParams(settings: DeepPopulateSettings): Parameter[] {
  return [
    {
      name: 'pLevel',
      in: 'query',
      description:
        'strapi-v5-plugin-populate-deep: populate every relation, media, component and dynamic zone this many levels ' +
        `deep (empty: ${settings.defaultDepth || 5}); replaces the request's own populate. At most 3 characters.`,
      schema: { type: 'string', maxLength: 3 },
    },
    {
      name: 'pIgnore',
      in: 'query',
      description: 'strapi-v5-plugin-populate-deep: attribute names and collection names (comma-separated) left out of pLevel\'s populate.',
      schema: { type: 'string' },
    },
  ];
}

/** The query (and header) parameters of one operation on one type; `deep`: the project's populate-deep settings. */
export function operationParameters(
  ct: ContentType,
  kind: OperationKind,
  model: ContentModel,
  names: SchemaNames,
  deep?: DeepPopulateSettings | null,
): ParameterOrRef[] {
  const params: ParameterOrRef[] = [];
  const single = ct.kind === 'singleType';
  if (kind !== 'delete') params.push(fieldsParam(ct), populateParam(ct));
  if (kind === 'find' && !single) {
    params.push(filtersParam(ct, names), sortParam(ct));
    params.push(...['page', 'pageSize', 'start', 'limit', 'withCount'].map((p) => paramRef(`pagination.${p}`)), paramRef('search'));
  }
  if (kind === 'findOne') params.push(filtersParam(ct, names));
  // A single type's GET reads one document: its locale behaves like findOne's (an unknown locale is a 404).
  if (ct.localized) params.push(localeParam(model, single && kind === 'find' ? 'findOne' : kind));
  if (ct.draftAndPublish && kind !== 'delete') params.push(statusParam(kind));
  if (kind !== 'delete') params.push(paramRef('responseFormat'));
  if (deep && kind !== 'delete') params.push(...deepPopulateParams(deep));
  return params;
}
