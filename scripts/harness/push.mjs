// push: writes a seed file (content-mock's dataset format) into a running Strapi through its REST API, the inverse
// of pull. Creates every document and locale, the published and draft versions, links relations (also inside
// components and dynamic zones) and uploads the media library. Refuses a non-empty target unless force.
import { deflateSync } from 'node:zlib';

const META = new Set(['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'locale', 'localizations', 'createdBy', 'updatedBy']);

export async function push({ to, token, dataset, model, force = false, log = () => {} }) {
  const base = to.replace(/\/$/, '');
  const headers = { authorization: `Bearer ${token}` };
  const warnings = [];
  const call = async (method, path, body) => {
    const init = { method, headers: { ...headers } };
    if (body !== undefined) { init.body = JSON.stringify(body); init.headers['content-type'] = 'application/json'; }
    const res = await fetch(base + path, init);
    const text = await res.text();
    let json = null;
    try { json = text ? JSON.parse(text) : null; } catch { json = { raw: text.slice(0, 300) }; }
    return { status: res.status, body: json };
  };
  const locales = (dataset.locales ?? []).map((l) => l.code);
  const types = Object.values(dataset.contentTypes ?? {});

  // 1. the target must be empty
  if (!force) {
    for (const t of types) {
      const schema = model.types.get(t.uid);
      if (!schema) continue;
      for (const loc of schema.localized ? locales : [null]) {
        const q = new URLSearchParams({ ...(loc ? { locale: loc } : {}), ...(schema.draftAndPublish ? { status: 'draft' } : {}) });
        const r = await call('GET', `/api/${schema.route}?${q}`);
        const has = Array.isArray(r.body?.data) ? r.body.data.length > 0 : r.status === 200 && r.body?.data;
        if (has) throw new Error(`push: ${base} already holds ${t.uid} content; use --force to write into it anyway`);
      }
    }
  }

  // 2. media library
  const mediaIds = new Map();
  for (const m of dataset.media ?? []) {
    const form = new FormData();
    const bytes = fileBytes(m);
    form.append('files', new Blob([bytes], { type: m.mime ?? 'application/octet-stream' }), m.name ?? `file-${m.id}`);
    form.append('fileInfo', JSON.stringify({ name: m.name, alternativeText: m.alternativeText ?? null, caption: m.caption ?? null }));
    const res = await fetch(`${base}/api/upload`, { method: 'POST', headers, body: form });
    const json = await res.json().catch(() => null);
    if (res.status >= 300 || !Array.isArray(json)) { warnings.push(`media ${m.name}: ${res.status} ${JSON.stringify(json).slice(0, 200)}`); continue; }
    mediaIds.set(m.id, json[0].id);
  }
  log(`push: ${mediaIds.size} media files uploaded`);

  // seed row id -> locale (to connect the right locale row of a localized target)
  const rowLocale = new Map();
  for (const t of types) {
    for (const [loc, byStatus] of Object.entries(t.documents ?? {})) {
      for (const v of Object.values(byStatus ?? {})) for (const d of [v].flat()) if (d) rowLocale.set(`${t.uid}#${d.id}`, loc);
    }
  }
  const docIds = new Map(); // `${uid}:${seed documentId}` -> target documentId

  const mapMedia = (v) => (Array.isArray(v) ? v.map(mapMedia).filter((x) => x !== null) : v ? mediaIds.get(v.id) ?? null : null);
  const mapRelation = (attr, v) => {
    const target = model.types.get(attr.target);
    const one = (x) => {
      const id = docIds.get(`${attr.target}:${x.documentId}`);
      if (!id) return null;
      const loc = target?.localized ? rowLocale.get(`${attr.target}#${x.id}`) : undefined;
      return { documentId: id, ...(loc && loc !== '*none*' ? { locale: loc } : {}) };
    };
    if (Array.isArray(v)) return { set: v.map(one).filter(Boolean) };
    if (!v) return { set: [] };
    const x = one(v);
    return { set: x ? [x] : [] };
  };
  // data for the REST body: withRelations false leaves relations out (first pass) even inside components
  const toData = (attributes, doc, withRelations) => {
    const out = {};
    for (const [k, attr] of Object.entries(attributes)) {
      if (META.has(k) || !(k in doc)) continue;
      const v = doc[k];
      if (attr.type === 'relation') {
        if (!withRelations || attr.mappedBy || attr.target?.startsWith('plugin::users-permissions') && v == null) continue;
        if (attr.target === 'plugin::users-permissions.user') {
          const ids = [v].flat().filter(Boolean).map((x) => x.id);
          out[k] = { set: ids.map((id) => ({ id })) };
          continue;
        }
        out[k] = mapRelation(attr, v);
      } else if (attr.type === 'media') out[k] = mapMedia(v);
      else if (attr.type === 'component') {
        const c = model.components.get(attr.component);
        out[k] = Array.isArray(v) ? v.map((x) => toData(c.attributes, x, withRelations)) : v ? toData(c.attributes, v, withRelations) : null;
      } else if (attr.type === 'dynamiczone') {
        out[k] = (v ?? []).map((x) => ({ __component: x.__component, ...toData(model.components.get(x.__component)?.attributes ?? {}, x, withRelations) }));
      } else if (attr.type === 'password' && v == null) continue;
      else out[k] = v;
    }
    return out;
  };
  const hasRelations = (attributes, seen = new Set()) => Object.values(attributes).some((a) =>
    a.type === 'relation' && !a.mappedBy ||
    a.type === 'component' && !seen.has(a.component) && hasRelations(model.components.get(a.component)?.attributes ?? {}, new Set([...seen, a.component])) ||
    a.type === 'dynamiczone' && a.components.some((c) => hasRelations(model.components.get(c)?.attributes ?? {}, new Set([...seen, c]))));

  // a write that Strapi refuses for one field (e.g. a value the seed generated outside a regex) is retried without it
  const write = async (method, path, data, what) => {
    for (let attempt = 0; attempt < 12; attempt++) {
      const r = await call(method, path, { data });
      if (r.status < 300) return r;
      const missing = /Document with id "([^"]+)", locale "([^"]+)" not found/.exec(r.body?.error?.message ?? '');
      if (r.status === 400 && missing) {
        warnings.push(`${what}: link to ${missing[1]} (${missing[2]}) refused: not found (dropped)`);
        data = dropLink(data, missing[1], missing[2]);
        continue;
      }
      const details = r.body?.error?.details?.errors ?? [];
      const field = details[0]?.path?.[0];
      if (r.status === 400 && field && field in data) {
        warnings.push(`${what}: ${field}: ${details[0].message} (dropped)`);
        data = { ...data };
        delete data[field];
        continue;
      }
      warnings.push(`${what}: ${r.status} ${JSON.stringify(r.body?.error ?? r.body).slice(0, 300)}`);
      return r;
    }
    return { status: 0 };
  };

  // versions: [{uid, schema, docId, locale, draft, published}]
  const versions = [];
  for (const t of types) {
    const schema = model.types.get(t.uid);
    if (!schema) { warnings.push(`${t.uid}: not in the schemas, skipped`); continue; }
    const byDoc = new Map();
    for (const [loc, byStatus] of Object.entries(t.documents ?? {})) {
      for (const status of ['draft', 'published']) {
        for (const d of [byStatus?.[status]].flat()) {
          if (!d) continue;
          const key = `${d.documentId}|${loc}`;
          if (!byDoc.has(key)) byDoc.set(key, { uid: t.uid, schema, seedId: d.documentId, locale: loc === '*none*' ? null : loc });
          byDoc.get(key)[status] = d;
        }
      }
    }
    // default locale first, so a document's first version is created in it when it has one
    const order = (v) => (v.locale === null ? 0 : locales.indexOf(v.locale));
    versions.push(...[...byDoc.values()].sort((a, b) => order(a) - order(b)));
  }

  const pathFor = (v, withDoc) => {
    const q = new URLSearchParams();
    if (v.locale) q.set('locale', v.locale);
    return { q, path: v.schema.kind === 'singleType' ? `/api/${v.schema.route}` : withDoc ? `/api/${v.schema.route}/${docIds.get(`${v.uid}:${v.seedId}`)}` : `/api/${v.schema.route}` };
  };

  // 3. first pass: every version without relations; published content published (D&P) when there is one
  let created = 0;
  for (const v of versions) {
    const first = v.published ?? v.draft;
    const exists = docIds.has(`${v.uid}:${v.seedId}`);
    const { q, path } = pathFor(v, exists);
    if (v.schema.draftAndPublish && v.published) q.set('status', 'published');
    const method = v.schema.kind === 'singleType' || exists ? 'PUT' : 'POST';
    const r = await write(method, `${path}?${q}`, toData(v.schema.attributes, first, false), `${v.uid} ${v.seedId} ${v.locale ?? ''}`);
    if (r.status < 300 && r.body?.data?.documentId) { docIds.set(`${v.uid}:${v.seedId}`, r.body.data.documentId); created++; }
  }
  log(`push: ${created} versions created`);

  // 4. second pass: relations of the published (or only) version, then draft edits
  for (const v of versions) {
    if (!docIds.has(`${v.uid}:${v.seedId}`)) continue;
    const { q, path } = pathFor(v, true);
    if (v.published && hasRelations(v.schema.attributes)) {
      const q2 = new URLSearchParams(q);
      if (v.schema.draftAndPublish) q2.set('status', 'published');
      await write('PUT', `${path}?${q2}`, toData(v.schema.attributes, v.published, true), `${v.uid} ${v.seedId} ${v.locale ?? ''} relations`);
    } else if (!v.published && v.draft && !v.schema.draftAndPublish && hasRelations(v.schema.attributes)) {
      await write('PUT', `${path}?${q}`, toData(v.schema.attributes, v.draft, true), `${v.uid} ${v.seedId} ${v.locale ?? ''} relations`);
    }
  }
  for (const v of versions) {
    if (!v.schema.draftAndPublish || !v.draft || !docIds.has(`${v.uid}:${v.seedId}`)) continue;
    const draftData = toData(v.schema.attributes, v.draft, true);
    if (v.published && JSON.stringify(stripIds(draftData)) === JSON.stringify(stripIds(toData(v.schema.attributes, v.published, true)))) continue;
    const { q, path } = pathFor(v, true);
    await write('PUT', `${path}?${q}`, draftData, `${v.uid} ${v.seedId} ${v.locale ?? ''} draft`);
  }
  log(`push: done, ${warnings.length} warnings`);
  return { documents: new Set([...docIds.keys()]).size, media: mediaIds.size, warnings };
}

function dropLink(v, documentId, locale) {
  if (Array.isArray(v)) return v.filter((x) => !(x && x.documentId === documentId && (x.locale ?? locale) === locale)).map((x) => dropLink(x, documentId, locale));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, dropLink(x, documentId, locale)]));
  return v;
}

function stripIds(v) {
  if (Array.isArray(v)) return v.map(stripIds);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).filter(([k]) => k !== 'id').map(([k, x]) => [k, stripIds(x)]));
  return v;
}

// ---- file bytes: a real PNG of the seed's size for images (Strapi reads the dimensions), a few bytes otherwise
function fileBytes(m) {
  if (/^image\/(png|jpeg|jpg|webp|gif|avif|tiff)$/.test(m.mime ?? '') ) {
    return png(Math.min(m.width ?? 64, 1200) || 64, Math.min(m.height ?? 64, 1200) || 64, m.id);
  }
  return Buffer.from(`content-mock push: ${m.name}\n`);
}

const crcTable = Array.from({ length: 256 }, (_, n) => { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; return c >>> 0; });
const crc32 = (buf) => { let c = 0xffffffff; for (const b of buf) c = crcTable[(c ^ b) & 255] ^ (c >>> 8); return (c ^ 0xffffffff) >>> 0; };
function chunk(type, data) {
  const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4); crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
export function png(width, height, seed = 1) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0); ihdr.writeUInt32BE(height, 4); ihdr[8] = 8; ihdr[9] = 2; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const o = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) { raw[o + 1 + x * 3] = (x + seed * 40) & 255; raw[o + 2 + x * 3] = (y + seed * 90) & 255; raw[o + 3 + x * 3] = (seed * 70) & 255; }
  }
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}
