import { isAdminType } from '../../core/model/built-in-types.js';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { ContentModel, ContentType, RelationAttribute } from '../../core/model/types.js';
import type { SchemaNames } from './schema-names.js';
import { OpenApiGenerationError, populatedNote, ref, type Schemas } from './schema-ref.js';

type SchemaObject = OpenAPIV3_1.SchemaObject;

const documentIdRef: SchemaObject = { type: 'string', minLength: 1, description: 'documentId of the target.' };
const rowIdRef: SchemaObject = {
  type: 'integer',
  minimum: 1,
  description: 'Numeric row id of the target (legacy; used as is, no documentId lookup).',
};
const statusProp: SchemaObject = {
  type: 'string',
  enum: ['draft', 'published'],
  description: 'Which version of a draft & publish target to link (when the source has no draft & publish).',
};
const localeProp: SchemaObject = { type: 'string', description: 'Locale of a localized target (ignored when both sides are localized).' };

/** Shared shapes of relation values: the `{count}` answer and the write syntax. */
export function relationSchemas(): Schemas {
  const position: SchemaObject = {
    type: 'object',
    description: 'Where to insert in an ordered to-many relation (default: at the end).',
    additionalProperties: false,
    properties: {
      before: { type: 'string', description: 'documentId to insert before.' },
      after: { type: 'string', description: 'documentId to insert after.' },
      start: { type: 'boolean' },
      end: { type: 'boolean' },
    },
  };
  return {
    RelationCount: {
      type: 'object',
      description: 'What a relation holds when populated with `populate[<field>][count]=true`.',
      required: ['count'],
      additionalProperties: false,
      properties: { count: { type: 'integer', minimum: 0 } },
    },
    RelationTarget: {
      description: 'A target document: its documentId (shorthand), a numeric row id, `{ documentId }` or `{ id }`.',
      oneOf: targetShapes({}),
    },
    RelationConnectItem: {
      description: 'A target to connect, optionally with a position.',
      oneOf: targetShapes({ position }),
    },
    RelationOperations: {
      type: 'object',
      description:
        'Partial relation update. `connect` adds (with an optional position), `disconnect` removes, `set` replaces ' +
        'everything (when given, `set` wins over `connect`). An unknown documentId is a 400.',
      minProperties: 1,
      additionalProperties: false,
      properties: {
        connect: { type: 'array', items: ref('RelationConnectItem') },
        disconnect: { type: 'array', items: ref('RelationTarget') },
        set: { type: 'array', items: ref('RelationConnectItem') },
      },
    },
  };
}

/** The Content API can neither create admin users nor link one. */
const ADMIN_NOTE = 'The Content API cannot create or link admin panel users: it is always empty there.';

const targetName = (target: ContentType): string =>
  isAdminType(target.uid) ? `the admin panel's ${target.displayName} (${target.uid})` : target.displayName;

function targetOf(attr: RelationAttribute, model: ContentModel) {
  const target = model.contentTypes.get(attr.target);
  if (!target) throw new OpenApiGenerationError(`${attr.source}: relation target "${attr.target}" is not a content type of the model`);
  return target;
}

export function relationReadSchema(attr: RelationAttribute, model: ContentModel, names: SchemaNames, nested: boolean): SchemaObject {
  const target = targetOf(attr, model);
  const entry = names.type(target.uid).entry;
  const description =
    `Relation (${attr.relation}) to ${targetName(target)}. ${populatedNote(attr.name, nested)} Populated targets are ` +
    'flat entries, partial when `fields` in its populate options selects fields; `[count]=true` returns { count }.' +
    (target.draftAndPublish ? ' Targets follow the status of the request (published by default).' : '') +
    (isAdminType(target.uid) ? ` ${ADMIN_NOTE} Users & permissions roles may not populate it (a role's populate leaves it out).` : '');
  if (attr.toMany) {
    return {
      description: `${description} An empty list when nothing is linked.`,
      oneOf: [{ type: 'array', items: ref(entry) }, ref('RelationCount')],
    };
  }
  return { description: `${description} null when nothing is linked.`, oneOf: [ref(entry), ref('RelationCount'), { type: 'null' }] };
}

export function relationWriteSchema(attr: RelationAttribute, model: ContentModel): SchemaObject {
  const target = targetOf(attr, model);
  if (isAdminType(target.uid)) {
    return {
      description:
        `Relation (${attr.relation}) to ${targetName(target)}. ${ADMIN_NOTE} Only an empty value is accepted (null, [] or ` +
        'an empty `set`); linking any id is a 400 ("N relation(s) of type … do not exist"), and from a Users & permissions role ' +
        'the key itself is (Invalid key).',
      oneOf: [{ type: 'array', items: ref('RelationTarget'), maxItems: 0 }, ref('RelationOperations'), { type: 'null' }],
    };
  }
  if (attr.toMany) {
    return {
      description:
        `Relation (${attr.relation}) to ${target.displayName}: a list of targets replaces the current set; ` +
        '`{ connect, disconnect, set }` edits it; null or [] clears it.',
      oneOf: [{ type: 'array', items: ref('RelationTarget') }, ref('RelationOperations'), { type: 'null' }],
    };
  }
  return {
    description:
      `Relation (${attr.relation}) to ${target.displayName}: one target, \`{ connect, disconnect, set }\`, or null to clear.`,
    oneOf: [ref('RelationTarget'), ref('RelationOperations'), { type: 'null' }],
  };
}

/** The forms a relation target takes in a body; a connect item takes the same ones plus `extra` (its position). */
function targetShapes(extra: Record<string, SchemaObject>): SchemaObject[] {
  return [
    documentIdRef,
    rowIdRef,
    {
      type: 'object',
      required: ['documentId'],
      additionalProperties: false,
      properties: { documentId: documentIdRef, locale: localeProp, status: statusProp, ...extra },
    },
    { type: 'object', required: ['id'], additionalProperties: false, properties: { id: rowIdRef, ...extra } },
  ];
}
