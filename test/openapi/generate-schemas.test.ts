import type { OpenAPIV3_1 } from 'openapi-types';
import { parse } from 'yaml';
import { beforeAll, describe, expect, test } from 'vitest';
import type { ContentModel } from '../../src/core/model/types.js';
import { buildOpenApiDocument } from '../../src/contract/openapi/build-document.js';
import { generateOpenApi } from '../../src/contract/openapi/generate.js';
import { OpenApiGenerationError } from '../../src/contract/openapi/schema-ref.js';
import { serializeDocument } from '../../src/contract/openapi/serialize-document.js';
import { OpenApiValidationError, validateDocument } from '../../src/contract/openapi/validate-document.js';
import { documentReader, type Schema } from './document-reader.js';
import { loadExampleModel, loadKitModel } from './kit.js';
import { component, contentType, makeModel, media, relation, scalar, zone } from './model-builder.js';

let kit: ContentModel;
let doc: OpenAPIV3_1.Document;
let r: ReturnType<typeof documentReader>;
beforeAll(async () => {
  kit = await loadKitModel();
  doc = generateOpenApi(kit);
  r = documentReader(doc);
});
const schema = (name: string) => r.schema(name);
const props = (name: string) => r.props(name);

describe('response schemas', () => {
  test('entries are closed; only id and documentId are required; unpopulated kinds say they are optional', () => {
    const article = schema('Article');
    expect(article.required).toEqual(['id', 'documentId']);
    expect(article.additionalProperties).toBe(false);
    const p = props('Article');
    expect(Object.keys(p)).toEqual([
      'id', 'documentId', 'title', 'slug', 'description', 'body', 'content', 'views', 'rating', 'featured', 'publishDate',
      'kind', 'metadata', 'createdAt', 'updatedAt', 'publishedAt', 'locale', 'category', 'author', 'tags', 'cover', 'gallery',
      'seo', 'blocks', 'localizations',
    ]);
    for (const key of ['category', 'tags', 'cover', 'gallery', 'seo', 'blocks', 'localizations']) {
      expect(p[key].description, key).toContain('Present only when populated');
    }
    expect(p.publishedAt).toMatchObject({ type: ['string', 'null'], format: 'date-time' });
    expect(p.localizations.items).toEqual({ $ref: '#/components/schemas/Article' });
  });

  test('non-localized types have neither locale nor localizations', () => {
    expect(props('Author').locale).toBeUndefined();
    expect(props('Author').localizations).toBeUndefined();
    expect(props('Global').locale).toEqual({ type: 'string', description: 'Locale code of this entry.', examples: ['en'] });
  });

  test('relations: entry | {count} | null (to-one), entries | {count} (to-many)', () => {
    expect(props('Article').category.oneOf).toEqual([{ $ref: '#/components/schemas/Category' }, { $ref: '#/components/schemas/RelationCount' }, { type: 'null' }]);
    expect(props('Article').tags.oneOf).toEqual([{ type: 'array', items: { $ref: '#/components/schemas/Tag' } }, { $ref: '#/components/schemas/RelationCount' }]);
    expect(props('Article').cover.oneOf).toEqual([{ $ref: '#/components/schemas/UploadFile' }, { $ref: '#/components/schemas/RelationCount' }, { type: 'null' }]);
  });

  test('the media file schema has the full shape, nullable formats of format objects', () => {
    const file = props('UploadFile');
    expect(Object.keys(file)).toEqual([
      'id', 'documentId', 'name', 'alternativeText', 'caption', 'focalPoint', 'width', 'height', 'formats', 'hash', 'ext',
      'mime', 'size', 'url', 'previewUrl', 'provider', 'provider_metadata', 'createdAt', 'updatedAt', 'publishedAt',
      'isUrlSigned', 'related',
    ]);
    // the upload routes add isUrlSigned; related only when populated by name (real Strapi 5.54 answers, --check-strapi)
    expect(file.isUrlSigned).toMatchObject({ type: 'boolean' });
    expect(file.related).toMatchObject({ type: 'array', items: { type: 'object' } });
    expect(file.formats).toMatchObject({ type: ['object', 'null'], additionalProperties: { $ref: '#/components/schemas/UploadFileFormat' } });
    expect(file.provider_metadata.type).toBeUndefined();
  });

  test('dynamic zones: each component its own item schema, a oneOf told apart by __component (what code generators read)', () => {
    const blocks = props('Article').blocks;
    expect(blocks.items).toEqual({
      type: 'object',
      required: ['__component'],
      oneOf: [
        { $ref: '#/components/schemas/SharedQuoteZoneItem' },
        { $ref: '#/components/schemas/SharedRichTextZoneItem' },
        { $ref: '#/components/schemas/SharedSliderZoneItem' },
      ],
      discriminator: {
        propertyName: '__component',
        mapping: {
          'shared.quote': '#/components/schemas/SharedQuoteZoneItem',
          'shared.rich-text': '#/components/schemas/SharedRichTextZoneItem',
          'shared.slider': '#/components/schemas/SharedSliderZoneItem',
        },
      },
    });
    expect(props('SharedQuoteZoneItem').__component).toMatchObject({ const: 'shared.quote' });
    expect(props('SharedQuoteZoneItem').title).toBeDefined();
    expect(props('SharedSeoComponent').__component).toBeUndefined();
  });

  test('the users & permissions user of sign-in and the user routes is the User schema; the document names a server', () => {
    const login = doc.paths?.['/api/auth/local']?.post?.responses?.['200'] as { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
    expect(login.content['application/json'].schema.properties.user).toEqual({ $ref: '#/components/schemas/User' });
    expect(props('User').username).toBeDefined();
    expect(doc.servers).toEqual([{ url: '/', description: 'The server this document is served from.' }]);
  });

  test('list meta is page style or offset style; single meta is {}', () => {
    expect(props('ListMeta').pagination).toEqual({ oneOf: [{ $ref: '#/components/schemas/PaginationPage' }, { $ref: '#/components/schemas/PaginationOffset' }] });
    expect(schema('PaginationPage').required).toEqual(['page', 'pageSize']);
    expect(schema('PaginationOffset').required).toEqual(['start', 'limit']);
    expect(props('ArticleResponse').meta).toEqual({ $ref: '#/components/schemas/EmptyMeta' });
  });

  test('error envelope: details optional, status pinned per response', () => {
    const error = props('ErrorResponse').error as Schema;
    expect(error.required).toEqual(['status', 'name', 'message']);
    const notFound = doc.components?.responses?.NotFound as OpenAPIV3_1.ResponseObject;
    expect(notFound.content?.['application/json'].schema).toEqual({
      allOf: [{ $ref: '#/components/schemas/ErrorResponse' }, { properties: { error: { properties: { status: { const: 404 } } } } }],
    });
  });
});

describe('scalar type mapping', () => {
  const model = makeModel([
    contentType('thing', [
      scalar('count', 'integer'), scalar('big', 'biginteger'), scalar('ratio', 'float'), scalar('price', 'decimal'),
      scalar('on', 'boolean'), scalar('day', 'date'), scalar('at', 'time'), scalar('when', 'datetime'), scalar('stamp', 'timestamp'),
      scalar('data', 'json'), scalar('rich', 'blocks'), scalar('md', 'richtext'), scalar('mail', 'email'),
      scalar('mood', 'enumeration', { enum: ['happy', 'sad'] }), scalar('secret', 'password'),
      scalar('hidden', 'string', { private: true }),
      scalar('name', 'string', { required: true, minLength: 2, maxLength: 10 }),
      scalar('score', 'integer', { min: 0, max: 5, default: 3 }),
    ]),
  ]);
  const d = generateOpenApi(model);
  const read = d.components?.schemas?.Thing.properties as Record<string, Schema>;
  const create = d.components?.schemas?.ThingCreateInput as Schema;
  const write = create.properties as Record<string, Schema>;

  test.each([
    ['count', { type: ['integer', 'null'] }],
    ['big', { type: ['string', 'null'], pattern: '^-?\\d+$' }],
    ['ratio', { type: ['number', 'null'] }],
    ['price', { type: ['number', 'null'] }],
    ['on', { type: ['boolean', 'null'] }],
    ['day', { type: ['string', 'null'], format: 'date' }],
    ['at', { type: ['string', 'null'], pattern: expect.stringContaining(':[0-5]\\d') }],
    ['when', { type: ['string', 'null'], format: 'date-time' }],
    ['stamp', { type: ['string', 'null'] }], // Strapi 5.54 answers epoch milliseconds as a string
    ['rich', { type: ['array', 'null'], items: { $ref: '#/components/schemas/BlocksNode' } }],
    ['md', { type: ['string', 'null'] }],
    ['mood', { type: ['string', 'null'], enum: ['happy', 'sad', null] }],
  ])('%s reads as %j', (name, expected) => {
    expect(read[name]).toMatchObject(expected);
  });

  test('json has no type; password and private attributes are never in responses', () => {
    expect(read.data.type).toBeUndefined();
    expect(read.secret).toBeUndefined();
    expect(read.hidden).toBeUndefined();
  });

  test('inputs carry the constraints, required list, write-only password and defaults', () => {
    expect(create.required).toEqual(['name']);
    expect(write.name).toMatchObject({ type: ['string', 'null'], minLength: 2, maxLength: 10 });
    expect(write.score).toMatchObject({ minimum: 0, maximum: 5, default: 3 });
    expect(write.secret).toMatchObject({ writeOnly: true, format: 'password' });
    expect(write.mail).toMatchObject({ format: 'email' });
    expect(write.big.type).toEqual(['string', 'integer', 'null']);
    expect((d.components?.schemas?.ThingUpdateInput as Schema).required).toBeUndefined();
  });
});

describe('failures are clear errors, never an invalid document', () => {
  test('a name no schema can take', () => {
    const model = makeModel([contentType('thing', [scalar('x', 'string')])], [component('3d.seo', [scalar('y', 'string')])]);
    expect(() => generateOpenApi(model)).toThrow(OpenApiGenerationError);
    expect(() => generateOpenApi(model)).toThrow(/component 3d\.seo .*cannot derive an OpenAPI schema name/);
  });

  test('a relation to a type the model does not have', () => {
    const model = makeModel([contentType('post', [relation('owner', 'api::ghost.ghost', false)])]);
    expect(() => generateOpenApi(model)).toThrow(/relation target "api::ghost.ghost"/);
  });

  test('a dynamic zone naming a missing component', () => {
    const model = makeModel([contentType('post', [zone('body', ['shared.nope'])])]);
    expect(() => generateOpenApi(model)).toThrow(/unknown component "shared.nope"/);
  });

  test('validateDocument reports a dangling $ref (swagger-parser), and leaves the document untouched', async () => {
    const broken = structuredClone(doc);
    (broken.components?.schemas?.Article as Schema).properties = { id: { $ref: '#/components/schemas/Nowhere' } };
    const before = JSON.stringify(broken);
    await expect(validateDocument(broken)).rejects.toThrow(OpenApiValidationError);
    await expect(validateDocument(broken)).rejects.toThrow(/invalid.*Nowhere/);
    expect(JSON.stringify(broken)).toBe(before);
  });

  test('validateDocument reports a schema that is not JSON Schema (ajv), naming it', async () => {
    const broken = structuredClone(doc);
    (broken.components?.schemas?.Article as Schema).type = 'banana';
    await expect(validateDocument(broken)).rejects.toThrow(/invalid schema: .*components\/schemas\/Article\/type/);
  });
});

describe('swagger-parser accepts the documents', () => {
  test('kit model', async () => {
    const before = JSON.stringify(doc);
    await expect(validateDocument(doc)).resolves.toBeUndefined();
    expect(JSON.stringify(doc)).toBe(before);
  });

  test('embedded example model', async () => {
    const example = await buildOpenApiDocument(await loadExampleModel());
    expect(Object.keys(example.paths ?? {})).toContain('/api/stories/{documentId}');
  });

  test('a model with every attribute kind and a media-only type', async () => {
    const model = makeModel(
      [
        contentType('post', [scalar('title', 'string'), media('cover', false), media('shots', true), relation('tags', 'api::tag.tag', true), zone('body', ['a.b'])], {
          localized: true,
          draftAndPublish: true,
        }),
        contentType('tag', [], { kind: 'singleType' }),
      ],
      [component('a.b', [scalar('x', 'time')])],
    );
    await expect(buildOpenApiDocument(model, { serverUrl: 'http://localhost:1337', title: 'T', version: '2' })).resolves.toMatchObject({
      servers: [{ url: 'http://localhost:1337' }],
      info: { title: 'T', version: '2' },
    });
  });
});

describe('deterministic output', () => {
  test('the same model gives byte-identical JSON and YAML, whatever the order types were read in', async () => {
    const again = generateOpenApi(await loadKitModel());
    expect(serializeDocument(again, 'json')).toBe(serializeDocument(doc, 'json'));
    const reversed: ContentModel = {
      ...kit,
      contentTypes: new Map([...kit.contentTypes].reverse()),
      components: new Map([...kit.components].reverse()),
    };
    expect(serializeDocument(generateOpenApi(reversed), 'yaml')).toBe(serializeDocument(doc, 'yaml'));
  });

  test('YAML says the same as JSON, without anchors', () => {
    const yaml = serializeDocument(doc, 'yaml');
    expect(yaml).not.toMatch(/[&*]a\d+/);
    expect(parse(yaml)).toEqual(doc);
  });
});
