import { isPlainObject } from '../is-plain-object.js';
import type { Attribute, ContentModel, ContentType } from '../model/types.js';

// Strapi 5.54's content source maps (@strapi/core services/content-source-maps), what a core controller answers
// when the request carries `strapi-encode-source-maps: true` (preview and draft mode send it; nothing needs to be
// configured): after sanitizing, every string value of an encodable attribute gets an invisible suffix saying where
// it comes from (document, model, field path, locale), written with @vercel/stega's encoding (zero-width
// characters). Blocks get one marker per visual block. The walk follows Strapi's traverseEntity: relations,
// localizations, components, dynamic zones and media are entered; what names no attribute is left alone.

/** Attribute types whose string values are encoded (Strapi's ENCODABLE_TYPES; `uid` and numbers are not). */
const ENCODABLE = new Set([
  'string',
  'text',
  'richtext',
  'biginteger',
  'date',
  'time',
  'datetime',
  'timestamp',
  'boolean',
  'enumeration',
  'json',
  'media',
  'email',
  'password',
]);
/** Keys never encoded (Strapi's EXCLUDED_FIELDS; its snake-case timestamps are no keys of an answer). */
const EXCLUDED = new Set(['id', 'documentId', 'locale', 'localizations', 'publishedAt']);

/** What an answer's key is, for the walk: an encodable scalar, or something to enter. */
type Node =
  | { readonly kind: 'scalar'; readonly type: string }
  | { readonly kind: 'blocks' }
  | { readonly kind: 'entry'; readonly schema: () => Schema | undefined }
  | { readonly kind: 'media'; readonly multiple: boolean }
  | { readonly kind: 'zone' };

/** A schema as the walk sees it: the `model` and `kind` a marker names, and what each key is. */
interface Schema {
  readonly uid: string;
  readonly kind?: string;
  readonly node: (key: string) => Node | undefined;
}

const TIMESTAMPS: Readonly<Record<string, Node>> = {
  createdAt: { kind: 'scalar', type: 'datetime' },
  updatedAt: { kind: 'scalar', type: 'datetime' },
  publishedAt: { kind: 'scalar', type: 'datetime' },
};

/** The upload plugin's file (plugin::upload.file): its text columns, by their schema types. */
const FILE_NODES: Readonly<Record<string, Node>> = {
  ...Object.fromEntries(['name', 'hash', 'ext', 'mime', 'provider'].map((k) => [k, { kind: 'scalar', type: 'string' } as const])),
  ...Object.fromEntries(['alternativeText', 'caption', 'url', 'previewUrl'].map((k) => [k, { kind: 'scalar', type: 'text' } as const])),
  ...Object.fromEntries(['focalPoint', 'formats', 'provider_metadata'].map((k) => [k, { kind: 'scalar', type: 'json' } as const])),
  ...TIMESTAMPS,
};
const FILE: Schema = { uid: 'plugin::upload.file', kind: 'collectionType', node: (key) => FILE_NODES[key] };

function nodeOf(model: ContentModel, attribute: Attribute): Node {
  switch (attribute.kind) {
    case 'scalar':
      return attribute.type === 'blocks' ? { kind: 'blocks' } : { kind: 'scalar', type: attribute.type };
    case 'relation':
      return { kind: 'entry', schema: () => typeSchema(model, model.contentTypes.get(attribute.target)) };
    case 'component':
      return { kind: 'entry', schema: () => componentSchema(model, attribute.component) };
    case 'media':
      return { kind: 'media', multiple: attribute.multiple };
    case 'dynamiczone':
      return { kind: 'zone' };
  }
}

function typeSchema(model: ContentModel, type: ContentType | undefined): Schema | undefined {
  if (!type) return undefined;
  const self: Schema = {
    uid: type.uid,
    kind: type.kind,
    node: (key) => {
      const attribute = type.attributes.get(key);
      if (attribute) return nodeOf(model, attribute);
      if (key === 'localizations') return { kind: 'entry', schema: () => self };
      return key === 'locale' ? { kind: 'scalar', type: 'string' } : TIMESTAMPS[key];
    },
  };
  return self;
}

function componentSchema(model: ContentModel, uid: string): Schema | undefined {
  const component = model.components.get(uid);
  if (!component) return undefined;
  return {
    uid,
    node: (key) => {
      const attribute = component.attributes.get(key);
      return attribute ? nodeOf(model, attribute) : undefined;
    },
  };
}

/** Where a marker points: the answer's document, the schema its value belongs to, the field's path. */
interface Source {
  readonly documentId: unknown;
  readonly locale: unknown;
}

/** @vercel/stega's `vercelStegaCombine(text, json, false)`: the JSON, 4 base-4 zero-width digits per character. */
const DIGITS = ['\u200b', '\u200c', '\u200d', '\ufeff'];
export function stegaCombine(text: string, json: unknown): string {
  let out = text + DIGITS[0].repeat(4);
  for (const ch of JSON.stringify(json)) {
    const code = ch.charCodeAt(0);
    for (let shift = 6; shift >= 0; shift -= 2) out += DIGITS[(code >> shift) & 3];
  }
  return out;
}

function marker(text: string, source: Source, fields: { type: string; path: string; schema: Schema; fieldPath?: string }): string {
  const params = new URLSearchParams();
  params.set('documentId', String(source.documentId));
  params.set('type', fields.type);
  params.set('path', fields.path);
  params.set('model', fields.schema.uid);
  if (fields.schema.kind) params.set('kind', fields.schema.kind);
  if (typeof source.locale === 'string' && source.locale !== '') params.set('locale', source.locale);
  if (fields.fieldPath) params.set('fieldPath', fields.fieldPath);
  return stegaCombine(text, { strapiSource: params.toString() });
}

type Encode = (text: string) => string;

/** The first `{type: 'text', text}` leaf of a block, depth first, encoded. */
function firstTextLeaf(node: unknown, encode: Encode): { node: unknown; done: boolean } {
  if (!isPlainObject(node)) return { node, done: false };
  if (node.type === 'text' && typeof node.text === 'string') return { node: { ...node, text: encode(node.text) }, done: true };
  if (!Array.isArray(node.children)) return { node, done: false };
  let done = false;
  const children = node.children.map((child: unknown) => {
    if (done) return child;
    const r = firstTextLeaf(child, encode);
    done = r.done;
    return r.node;
  });
  return { node: { ...node, children }, done };
}

function listBlock(list: Record<string, unknown>, encode: Encode): Record<string, unknown> {
  const children = Array.isArray(list.children) ? list.children : [];
  return {
    ...list,
    children: children.map((child: unknown) =>
      !isPlainObject(child)
        ? child
        : child.type === 'list-item'
          ? firstTextLeaf(child, encode).node
          : child.type === 'list'
            ? listBlock(child, encode)
            : child,
    ),
  };
}

/** One marker per visual block: its first text (code blocks skipped), or an image's alternative text. */
function encodeBlocks(blocks: readonly unknown[], encode: Encode): unknown[] {
  return blocks.map((block) => {
    if (!isPlainObject(block)) return block;
    switch (block.type) {
      case 'image': {
        const image = block.image;
        if (!isPlainObject(image) || typeof image.alternativeText !== 'string' || image.alternativeText === '') return block;
        return { ...block, image: { ...image, alternativeText: encode(image.alternativeText) } };
      }
      case 'list':
        return listBlock(block, encode);
      case 'paragraph':
      case 'heading':
      case 'quote':
        return firstTextLeaf(block, encode).node;
      default:
        return block;
    }
  });
}

const at = (path: string | null, key: string) => (path === null ? key : `${path}.${key}`);

interface Walk {
  readonly model: ContentModel;
  readonly source: Source;
}

/**
 * The attribute Strapi's traversal last entered at a level (it starts as the one holding the level): a string
 * visited while it is a multiple media field takes that field's path, so every file of the field shares one marker
 * path (the preview opens the field as one).
 */
interface Parent {
  readonly multipleMedia: boolean;
  readonly path: string;
}

/** One entry (object) of a schema, copied with its markers. */
function walk(w: Walk, value: Record<string, unknown>, schema: Schema, path: string | null, holder?: Parent): Record<string, unknown> {
  const out: Record<string, unknown> = { ...value };
  let parent = holder;
  for (const [key, v] of Object.entries(value)) {
    const node = schema.node(key);
    if (!node || v === null || v === undefined) continue;
    const here = at(path, key);
    if (node.kind === 'scalar') {
      if (!EXCLUDED.has(key) && ENCODABLE.has(node.type) && typeof v === 'string') {
        const markerPath = parent?.multipleMedia ? `${parent.path}.${key}` : here;
        out[key] = marker(v, w.source, { type: node.type, path: markerPath, schema });
      }
      continue;
    }
    if (node.kind === 'blocks') {
      if (Array.isArray(v) && !EXCLUDED.has(key))
        out[key] = encodeBlocks(v, (text) => marker(text, w.source, { type: 'blocks', path: here, schema, fieldPath: here }));
      continue;
    }
    if (node.kind === 'zone') {
      if (!Array.isArray(v)) continue;
      parent = { multipleMedia: false, path: here };
      const inZone = parent;
      out[key] = v.map((item, i) => {
        const target = isPlainObject(item) && typeof item.__component === 'string' ? componentSchema(w.model, item.__component) : undefined;
        return isPlainObject(item) && target ? walk(w, item, target, at(here, String(i)), inZone) : item;
      });
      continue;
    }
    parent = { multipleMedia: node.kind === 'media' && node.multiple, path: here };
    const target = node.kind === 'media' ? FILE : node.schema();
    if (!target) continue;
    const inner = parent;
    const one = (item: unknown, itemPath: string) => (isPlainObject(item) ? walk(w, item, target, itemPath, inner) : item);
    out[key] = Array.isArray(v) ? v.map((item, i) => one(item, at(here, String(i)))) : one(v, here);
  }
  return out;
}

/**
 * A content type's answer data (one entry, a list, or null) with its content source maps encoded, as Strapi's
 * core controllers answer `strapi-encode-source-maps: true`. Each entry's markers name its own document and locale.
 * Strapi encodes after the v4 format is applied, where (under `attributes`) nothing is an attribute any more: a v4
 * answer keeps its strings as they are, so call this for v5 answers only.
 */
export function encodeSourceMaps(model: ContentModel, type: ContentType, data: unknown): unknown {
  const schema = typeSchema(model, type);
  if (!schema) return data;
  const one = (entry: unknown) =>
    isPlainObject(entry) ? walk({ model, source: { documentId: entry.documentId, locale: entry.locale } }, entry, schema, null) : entry;
  return Array.isArray(data) ? data.map(one) : one(data);
}
