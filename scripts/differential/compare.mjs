// Normalisation and comparison, the same rules as the conformance kit's run.mjs: values a write creates afresh
// (documentIds, ids, timestamps the dataset does not hold) become tokens numbered in order of first appearance on
// each side; object key order is ignored; array order is kept.
export function knownValues(ds) {
  const ids = new Set(),
    documentIds = new Set(),
    times = new Set();
  const walk = (v) => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (k === 'id' && typeof x === 'number') ids.add(x);
        else if (k === 'documentId' && typeof x === 'string') documentIds.add(x);
        else if (/^(createdAt|updatedAt|publishedAt)$/.test(k) && typeof x === 'string') times.add(x);
        else walk(x);
      }
    }
  };
  walk(ds);
  return { ids, documentIds, times };
}

// numberIds=false: every fresh numeric id becomes the same token, so one extra id minted on one side (a row the
// other refused) does not shift every later comparison.
// names: a Map documentId -> the request's stable name ({{name}} of the create that made it), read at each call; a
// saved documentId becomes `{{name}}` wherever it appears (also inside messages), so a create that one side refused
// does not renumber every later fresh documentId.
export function normaliser(known, { numberIds = true, names = null, volatile = null } = {}) {
  const fresh = new Map();
  const counts = new Map();
  const token = (kind, v) => {
    const key = kind + ':' + v;
    if (!fresh.has(key)) {
      const n = (counts.get(kind) ?? 0) + 1;
      counts.set(kind, n);
      fresh.set(key, `<new ${kind} ${n}>`);
    }
    return fresh.get(key);
  };
  const norm = (v, key) => {
    if (Array.isArray(v)) return v.map((x) => norm(x));
    if (v && typeof v === 'object') {
      const o = {};
      for (const k of Object.keys(v).sort()) o[k] = norm(v[k], k);
      return o;
    }
    if (typeof v === 'string' && names?.size) {
      if (names.has(v)) return `{{${names.get(v)}}}`;
      for (const [id, n] of names) if (v.includes(id)) v = v.split(id).join(`{{${n}}}`);
    }
    // values the project's own code makes random (a UUID set in a lifecycle): the settings name them
    if (volatile?.has(key) && v !== null) return '<volatile>';
    if (key === 'documentId' && typeof v === 'string' && !known.documentIds.has(v)) return token('documentId', v);
    if (key === 'id' && typeof v === 'number' && !known.ids.has(v)) return numberIds ? token('id', v) : '<new id>';
    if (/^(createdAt|updatedAt|publishedAt)$/.test(key ?? '') && typeof v === 'string' && !known.times.has(v)) return '<time>';
    return v;
  };
  return norm;
}

export function firstDifference(a, b, path = '') {
  if (a === b) return null;
  if (typeof a !== typeof b || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) {
    return `${path || '(root)'}: strapi ${short(a)}, mock ${short(b)}`;
  }
  if (Array.isArray(a)) {
    if (a.length !== b.length) return `${path || '(root)'}: strapi ${a.length} items, mock ${b.length}`;
    for (let i = 0; i < a.length; i++) {
      const d = firstDifference(a[i], b[i], `${path}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  if (typeof a === 'object') {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (!(k in b)) return `${path}.${k}: missing in mock (strapi ${short(a[k])})`;
      if (!(k in a)) return `${path}.${k}: unexpected in mock (${short(b[k])})`;
      const d = firstDifference(a[k], b[k], `${path}.${k}`);
      if (d) return d;
    }
    return null;
  }
  return `${path || '(root)'}: strapi ${short(a)}, mock ${short(b)}`;
}

export function short(v) {
  const s = JSON.stringify(v);
  return s === undefined ? 'undefined' : s.length > 100 ? s.slice(0, 97) + '...' : s;
}
