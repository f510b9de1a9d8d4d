import type { KitCase } from '../helpers/kit.js';

// Our own replay of the kit's recorded cases: placeholders resolved from the dataset, then status and body compared
// after normalising what a write mints afresh (documentIds, ids, timestamps) into tokens numbered by first sight.

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
interface DatasetLike {
  contentTypes: Record<string, { pluralName?: string; singularName?: string; documents: unknown }>;
}

export class Replayer {
  private lastDocumentId: string | undefined;
  private readonly docs = new Map<string, { id: number; documentId: string; [k: string]: unknown }[]>();
  private readonly known = { ids: new Set<number>(), documentIds: new Set<string>(), times: new Set<string>() };

  constructor(
    private readonly base: string,
    dataset: DatasetLike,
    private readonly token: string,
  ) {
    for (const t of Object.values(dataset.contentTypes)) {
      const rows = flatten(t.documents);
      for (const name of [t.pluralName, t.singularName]) if (name) this.docs.set(name, rows);
    }
    this.collectKnown(dataset);
  }

  private collectKnown(v: unknown): void {
    if (Array.isArray(v)) v.forEach((x) => this.collectKnown(x));
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (k === 'id' && typeof x === 'number') this.known.ids.add(x);
        else if (k === 'documentId' && typeof x === 'string') this.known.documentIds.add(x);
        else if (/^(createdAt|updatedAt|publishedAt)$/.test(k) && typeof x === 'string') this.known.times.add(x);
        else this.collectKnown(x);
      }
    }
  }

  resolve(text: string): string {
    return text.replace(/\{\{([^}]+)\}\}/g, (_, expr: string) => {
      if (expr === 'last:documentId') {
        if (!this.lastDocumentId) throw new Error('{{last:documentId}} before any POST');
        return this.lastDocumentId;
      }
      if (expr.startsWith('token:')) return this.token;
      let m = /^([\w-]+):#(\d+)$/.exec(expr);
      if (m) {
        const lowest = new Map<string, number>();
        for (const d of this.docs.get(m[1]) ?? []) {
          const cur = lowest.get(d.documentId);
          if (cur === undefined || d.id < cur) lowest.set(d.documentId, d.id);
        }
        return [...lowest.entries()].sort((a, b) => a[1] - b[1])[Number(m[2])][0];
      }
      m = /^([\w-]+):([\w.]+)=(.*)$/.exec(expr);
      if (m) {
        const [, type, field, value] = m;
        const doc = (this.docs.get(type) ?? []).find((d) => String(d[field]) === value);
        if (!doc) throw new Error(`no document for {{${expr}}}`);
        return doc.documentId;
      }
      throw new Error(`unknown placeholder {{${expr}}}`);
    });
  }

  private substitute(v: unknown): unknown {
    if (typeof v === 'string') return this.resolve(v);
    if (Array.isArray(v)) return v.map((x) => this.substitute(x));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, this.substitute(x)]));
    return v;
  }

  async send(c: KitCase): Promise<{ status: number; body: unknown; path: string; contentType: string | null }> {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(c.headers ?? {})) headers[k] = this.resolve(v);
    let body: string | undefined;
    if (c.rawBody !== undefined) body = c.rawBody;
    else if (c.body !== undefined) body = JSON.stringify(this.substitute(c.body));
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const path = this.resolve(c.path);
    const res = await fetch(this.base + path, { method: c.method ?? 'GET', headers, body });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = { nonJson: text.slice(0, 200) };
    }
    const data = (json as { data?: { documentId?: unknown } } | null)?.data;
    if ((c.method ?? 'GET') === 'POST' && res.status < 300 && typeof data?.documentId === 'string') this.lastDocumentId = data.documentId;
    return { status: res.status, body: json, path, contentType: res.headers.get('content-type') };
  }

  /** A normaliser per side: fresh values become `<new kind n>` in order of first appearance. */
  normaliser(): (v: unknown) => Json {
    const fresh = new Map<string, string>();
    const counts = new Map<string, number>();
    const token = (kind: string, v: unknown) => {
      const key = `${kind}:${String(v)}`;
      if (!fresh.has(key)) {
        const n = (counts.get(kind) ?? 0) + 1;
        counts.set(kind, n);
        fresh.set(key, `<new ${kind} ${n}>`);
      }
      return fresh.get(key)!;
    };
    const norm = (v: unknown, key?: string): Json => {
      if (Array.isArray(v)) return v.map((x) => norm(x));
      if (v && typeof v === 'object') {
        const o: Record<string, Json> = {};
        for (const k of Object.keys(v).sort()) o[k] = norm((v as Record<string, unknown>)[k], k);
        return o;
      }
      if (key === 'documentId' && typeof v === 'string' && !this.known.documentIds.has(v)) return token('documentId', v);
      if (key === 'id' && typeof v === 'number' && !this.known.ids.has(v)) return token('id', v);
      if (key && /^(createdAt|updatedAt|publishedAt)$/.test(key) && typeof v === 'string' && !this.known.times.has(v)) return '<time>';
      return v as Json;
    };
    return norm;
  }
}

function flatten(documents: unknown): { id: number; documentId: string }[] {
  if (Array.isArray(documents)) return documents;
  const out: { id: number; documentId: string }[] = [];
  for (const byStatus of Object.values((documents ?? {}) as Record<string, Record<string, unknown>>)) {
    for (const docs of Object.values(byStatus ?? {})) {
      if (Array.isArray(docs)) out.push(...docs);
      else if (docs && typeof docs === 'object') out.push(docs as { id: number; documentId: string });
    }
  }
  return out;
}

/** The first place two normalised JSON values differ, or null. */
export function firstDifference(a: unknown, b: unknown, path = '$'): string | null {
  if (a === b) return null;
  if (typeof a !== typeof b || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) {
    return `${path}: expected ${JSON.stringify(a)?.slice(0, 80)}, got ${JSON.stringify(b)?.slice(0, 80)}`;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return `${path}: expected ${a.length} items, got ${b.length}`;
    for (let i = 0; i < a.length; i++) {
      const d = firstDifference(a[i], b[i], `${path}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  if (typeof a === 'object') {
    const ao = a as Record<string, unknown>;
    const bo = b as Record<string, unknown>;
    for (const k of new Set([...Object.keys(ao), ...Object.keys(bo)])) {
      if (!(k in bo)) return `${path}.${k}: missing`;
      if (!(k in ao)) return `${path}.${k}: unexpected`;
      const d = firstDifference(ao[k], bo[k], `${path}.${k}`);
      if (d) return d;
    }
    return null;
  }
  return `${path}: expected ${JSON.stringify(a)}, got ${JSON.stringify(b)}`;
}
