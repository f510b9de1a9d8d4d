import type { OpenAPIV3_1 } from 'openapi-types';
import type { ContentModel, MediaAttribute } from '../../core/model/types.js';
import { shownFileField } from '../../core/model/private-attributes.js';
import { populatedNote, ref, type Schemas } from './schema-ref.js';

type SchemaObject = OpenAPIV3_1.SchemaObject;

const nullableString: SchemaObject = { type: ['string', 'null'] };
const nullableInteger: SchemaObject = { type: ['integer', 'null'] };
const dateTime: SchemaObject = { type: 'string', format: 'date-time' };

/** The upload plugin's file record (plugin::upload.file) and the ways a write body points at one. */
export function mediaSchemas(model: ContentModel): Schemas {
  const schemas = fileSchemas();
  // the project's privateAttributes hide some of the file's fields too
  const file = schemas.UploadFile;
  if (file.properties) file.properties = Object.fromEntries(Object.entries(file.properties).filter(([k]) => shownFileField(model, k)));
  return schemas;
}

function fileSchemas(): Schemas {
  return {
    UploadFile: {
      type: 'object',
      description:
        'A file of the media library (plugin::upload.file). Its folder (folder, folderPath) is never returned, the ' +
        'entries using it (`related`) only when populated by name. `populate[<field>][fields]` may select a subset: ' +
        'only `id` and `documentId` are always present.',
      required: ['id', 'documentId'],
      additionalProperties: false,
      properties: {
        id: { type: 'integer', description: 'Numeric id of the file (what write bodies reference).' },
        documentId: { type: 'string', description: 'Document id of the file.' },
        name: { type: 'string', examples: ['mountains.png'] },
        alternativeText: nullableString,
        caption: nullableString,
        focalPoint: {
          type: ['object', 'null'],
          description: 'Focal point set in the media library, null when unset.',
          properties: { x: { type: 'number' }, y: { type: 'number' } },
        },
        width: { ...nullableInteger, description: 'Pixels; null for files that are not images.' },
        height: { ...nullableInteger, description: 'Pixels; null for files that are not images.' },
        formats: {
          type: ['object', 'null'],
          description: 'Resized variants keyed by format name (thumbnail, small, medium, large); null when none.',
          additionalProperties: ref('UploadFileFormat'),
        },
        hash: { type: 'string' },
        ext: { ...nullableString, examples: ['.png'] },
        mime: { type: 'string', examples: ['image/png'] },
        size: { type: 'number', description: 'Size in kilobytes.' },
        url: { type: 'string', description: 'Relative (/uploads/...) for the local provider, absolute otherwise.' },
        previewUrl: nullableString,
        provider: { type: 'string', examples: ['local'] },
        provider_metadata: { description: 'Provider-specific data, any JSON value or null.' },
        createdAt: dateTime,
        updatedAt: dateTime,
        publishedAt: { type: ['string', 'null'], format: 'date-time' },
        isUrlSigned: {
          type: 'boolean',
          description: 'Whether `url` was signed for this answer (false for the local provider): the upload routes add it.',
        },
        related: {
          type: 'array',
          description:
            'The entries (and component instances) using the file, each with `__type`: only when asked for by name ' +
            '(`populate[<media field>][populate]=related` in an entry, `populate=related,folder` on the upload routes).',
          items: { type: 'object' },
        },
      },
    },
    UploadFileFormat: {
      type: 'object',
      description: 'One resized variant of an image. Upload providers may add keys of their own.',
      required: ['url'],
      properties: {
        name: { type: 'string' },
        hash: { type: 'string' },
        ext: { type: 'string' },
        mime: { type: 'string' },
        path: nullableString,
        width: nullableInteger,
        height: nullableInteger,
        size: { type: 'number', description: 'Size in kilobytes.' },
        sizeInBytes: { type: 'integer' },
        url: { type: 'string' },
      },
    },
    MediaInput: {
      description:
        'A file of the media library: its numeric id (`12`), its documentId (`"ds4x…"`) or `{ "id": 12 }`. Files are ' +
        'uploaded first (POST /api/upload); a write body only links them.',
      oneOf: [
        { type: 'integer', minimum: 1, description: 'Numeric file id.' },
        { type: 'string', minLength: 1, description: 'documentId of the file.' },
        {
          type: 'object',
          required: ['id'],
          additionalProperties: false,
          properties: { id: { type: 'integer', minimum: 1 } },
        },
      ],
    },
  };
}

const mediaNote = (attr: MediaAttribute, nested: boolean): string =>
  `Media (${attr.multiple ? 'multiple files' : 'single file'}; allowed: ${attr.allowedTypes.join(', ') || 'any'}). ` +
  `${populatedNote(attr.name, nested)} \`[count]=true\` in its populate options returns { count } instead.`;

export function mediaReadSchema(attr: MediaAttribute, nested: boolean): SchemaObject {
  if (attr.multiple) {
    return {
      description: `${mediaNote(attr, nested)} An empty list when no file is linked.`,
      oneOf: [{ type: 'array', items: ref('UploadFile') }, ref('RelationCount')],
    };
  }
  return {
    description: `${mediaNote(attr, nested)} null when no file is linked.`,
    oneOf: [ref('UploadFile'), ref('RelationCount'), { type: 'null' }],
  };
}

export function mediaWriteSchema(attr: MediaAttribute): SchemaObject {
  const allowed = `Allowed types: ${attr.allowedTypes.join(', ') || 'any'}.`;
  if (attr.multiple) {
    return {
      type: ['array', 'null'],
      description: `Files to link (replaces the current list); null or [] unlinks all. ${allowed}`,
      items: ref('MediaInput'),
    };
  }
  return { description: `File to link; null unlinks. ${allowed}`, oneOf: [ref('MediaInput'), { type: 'null' }] };
}
