import { readFileSync } from 'node:fs';
import { KIT_CONFIG, KIT_DATASET, KIT_DIR } from '../plugins/plugin-server.js';

export interface ReadCase {
  readonly name: string;
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
export const KIT_TOKEN = (JSON.parse(readFileSync(KIT_CONFIG, 'utf8')) as { tokens: { key: string }[] }).tokens[0].key;

/** documentIds per plural/singular name, ordered by each document's lowest row id (the kit runner's rule). */
function documentIndex(): Map<string, Record<string, unknown>[]> {
  const dataset = JSON.parse(readFileSync(KIT_DATASET, 'utf8')) as {
    contentTypes: Record<string, { pluralName: string; singularName: string; documents: unknown }>;
  };
  const out = new Map<string, Record<string, unknown>[]>();
  for (const t of Object.values(dataset.contentTypes)) {
    const docs: Record<string, unknown>[] = [];
    for (const byStatus of Object.values(isObject(t.documents) ? t.documents : {})) {
      for (const list of Object.values(isObject(byStatus) ? byStatus : {})) if (Array.isArray(list)) docs.push(...list.filter(isObject));
    }
    out.set(t.pluralName, docs);
    out.set(t.singularName, docs);
  }
  return out;
}

/** The kit's read-only cases with placeholders resolved from dataset.json, as the kit's runner resolves them. */
export function readOnlyKitCases(token = KIT_TOKEN): ReadCase[] {
  const docs = documentIndex();
  const resolve = (text: string) =>
    text.replace(/\{\{([^}]+)\}\}/g, (_, expr: string) => {
      if (expr.startsWith('token:')) return token;
      let m = /^([\w-]+):#(\d+)$/.exec(expr);
      if (m) {
        const lowest = new Map<string, number>();
        for (const d of docs.get(m[1]) ?? []) {
          const cur = lowest.get(String(d.documentId));
          if (cur === undefined || Number(d.id) < cur) lowest.set(String(d.documentId), Number(d.id));
        }
        return [...lowest.entries()].sort((a, b) => a[1] - b[1])[Number(m[2])][0];
      }
      m = /^([\w-]+):([\w.]+)=(.*)$/.exec(expr);
      if (m) {
        const [, plural, field, value] = m;
        const doc = (docs.get(plural) ?? []).find((d) => String(d[field]) === value);
        if (doc) return String(doc.documentId);
      }
      throw new Error(`unresolved placeholder {{${expr}}}`);
    });
  const raw = JSON.parse(readFileSync(`${KIT_DIR}golden.json`, 'utf8')) as Record<string, unknown>[];
  return raw
    .filter((c) => c.mutates === false)
    .map((c) => ({
      name: String(c.name),
      method: String(c.method ?? 'GET'),
      path: resolve(String(c.path)),
      headers: Object.fromEntries(Object.entries(isObject(c.headers) ? c.headers : {}).map(([k, v]) => [k, resolve(String(v))])),
    }));
}
