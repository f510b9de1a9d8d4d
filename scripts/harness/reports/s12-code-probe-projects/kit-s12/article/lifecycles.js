const log = (globalThis.__s12events ??= []);
const clean = (v) => JSON.parse(JSON.stringify(v ?? null, (k, x) => (['createdAt', 'updatedAt', 'publishedAt', 'documentId'].includes(k) ? (x === null ? null : typeof x) : x)));
const rec = (name) => (event) => {
  const r = event.result;
  log.push({ a: name, params: clean(event.params), result: r === undefined ? 'undef' : Array.isArray(r) ? r.map((x) => x && x.id) : r && typeof r === 'object' ? Object.keys(r).sort() : r });
};
module.exports = Object.fromEntries(
  ['Create', 'Update', 'Delete', 'CreateMany', 'UpdateMany', 'DeleteMany', 'FindOne', 'FindMany', 'Count'].flatMap((n) => [
    [`before${n}`, rec(`before${n}`)],
    [`after${n}`, rec(`after${n}`)],
  ]),
);
