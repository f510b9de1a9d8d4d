import { ValidationError } from '../errors/strapi-errors.js';
import type { ContentType } from '../model/types.js';
import type { ContentIndex } from '../query/content-index.js';

// Relation values in a write body, in every form Strapi 5 accepts: a documentId, a numeric row id, `{documentId}`,
// `{id}`, a list of those (a full replace), `null`, or `{set}`/`{connect}`/`{disconnect}` with positional connects.

export interface Position {
  readonly before?: string;
  readonly after?: string;
  readonly start?: boolean;
  readonly end?: boolean;
}

export interface RelationOp {
  readonly set?: string[];
  readonly connect?: { documentId: string; position?: Position }[];
  readonly disconnect?: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);

/** Reads a relation value and resolves each reference to a documentId of `target`, or throws Strapi's error. */
export function parseRelationInput(index: ContentIndex, target: ContentType, value: unknown, locale: string | null, name: string): RelationOp {
  const resolve = (ref: unknown): string => resolveRef(index, target, ref, locale, name);
  if (value === null) return { set: [] };
  if (typeof value === 'string' || typeof value === 'number' || Array.isArray(value)) return { set: unique(listOf(value).map(resolve)) };
  if (!isObject(value)) throw new ValidationError(`Invalid relation value for ${name}`, {});
  if (!('set' in value) && !('connect' in value) && !('disconnect' in value)) return { set: [resolve(value)] };
  if (value.set !== undefined) return { set: unique(listOf(value.set).map(resolve)) };
  return {
    connect: listOf(value.connect).map((item) => ({
      documentId: resolve(item),
      position: isObject(item) && isObject(item.position) ? (item.position as Position) : undefined,
    })),
    disconnect: listOf(value.disconnect).map(resolve),
  };
}

function unique(ids: string[]): string[] {
  return [...new Set(ids)];
}

function resolveRef(index: ContentIndex, target: ContentType, ref: unknown, locale: string | null, name: string): string {
  let documentId: string | undefined;
  let id: number | undefined;
  if (typeof ref === 'number') id = ref;
  else if (typeof ref === 'string') {
    // Strapi reads a reference that parses as an integer as a row id (documentIds never start with a digit).
    if (/^\d+$/.test(ref)) id = Number(ref);
    else documentId = ref;
  } else if (isObject(ref)) {
    if (typeof ref.documentId === 'string') documentId = ref.documentId;
    else if (typeof ref.id === 'number' || (typeof ref.id === 'string' && /^\d+$/.test(ref.id))) id = Number(ref.id);
  }
  if (documentId === undefined && id === undefined) throw new ValidationError(`Invalid relation reference in ${name}: ${JSON.stringify(ref)}`, {});
  const where = target.localized ? locale : null;
  if (documentId !== undefined) {
    if (index.documentRows(target.uid, documentId).length === 0) throw notFound(documentId, where);
    return documentId;
  }
  const row = index.rows(target.uid).find((r) => r.id === id);
  if (!row) throw notFound(String(id), where);
  return row.documentId;
}

const notFound = (id: string, locale: string | null) => new ValidationError(`Document with id "${id}", locale "${locale}" not found`, {});

/** Applies an operation to the documentIds an owning side holds, keeping connection order as Strapi does. */
export function applyRelationOp(current: readonly string[], op: RelationOp, toMany: boolean): string[] {
  let list = [...current];
  if (op.set) list = [...op.set];
  else {
    for (const d of op.disconnect ?? []) list = list.filter((x) => x !== d);
    for (const { documentId, position } of op.connect ?? []) {
      list = list.filter((x) => x !== documentId);
      let at = list.length;
      if (position?.start) at = 0;
      else if (position?.before !== undefined && list.includes(position.before)) at = list.indexOf(position.before);
      else if (position?.after !== undefined && list.includes(position.after)) at = list.indexOf(position.after) + 1;
      list.splice(at, 0, documentId);
    }
  }
  if (!toMany) {
    // A to-one keeps the last thing connected.
    const last = op.set ? list[0] : op.connect?.length ? op.connect[op.connect.length - 1].documentId : list[list.length - 1];
    return last !== undefined && list.includes(last) ? [last] : [];
  }
  return list;
}
