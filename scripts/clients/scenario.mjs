// The scripted sequence the clients run, derived from the model and the pulled content (never from a case list):
// one collection type (a localized draft & publish one when there is one), one single type, the upload plugin's
// files, users & permissions. Each step: { client, name, run(clients, saved), save? }; run returns what the client
// returns, or throws what the client throws.
import sharp from 'sharp';
import { SCALARS } from '../harness/model.mjs';

const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } })
  .png()
  .toBuffer();

export function scenario({ model, pulled, hasSdk }) {
  const types = [...model.types.values()];
  const score = (t) => (t.localized ? 2 : 0) + (t.draftAndPublish ? 1 : 0);
  const collection = types.filter((t) => t.kind === 'collectionType').sort((a, b) => score(b) - score(a))[0];
  const single = types.filter((t) => t.kind === 'singleType').sort((a, b) => score(b) - score(a))[0];
  const C = collection.pluralName;
  const attrs = Object.entries(collection.attributes);
  const str = attrs.find(([, a]) => a.type === 'string')?.[0] ?? 'documentId';
  const rel = attrs.find(([, a]) => a.type === 'relation' && model.types.get(a.target)?.kind === 'collectionType');
  const relTarget = rel ? model.types.get(rel[1].target) : null;
  const relField = relTarget ? (Object.entries(relTarget.attributes).find(([, a]) => a.type === 'string')?.[0] ?? 'documentId') : null;
  const media = attrs.find(([, a]) => a.type === 'media' && !a.multiple)?.[0] ?? attrs.find(([, a]) => a.type === 'media')?.[0];
  const defaultLocale = pulled.defaultLocale ?? 'en';
  const other = (pulled.locales ?? []).map((l) => l.code).find((c) => c !== defaultLocale);
  const docs = pulled.contentTypes[collection.uid].documents;
  const byLocale = docs[collection.localized ? defaultLocale : '*none*'];
  const published = byLocale.published ?? byLocale.draft ?? [];
  const doc = published[0];
  const docId = doc.documentId;
  const word =
    String(doc[str] ?? 'a')
      .split(/\s+/)[0]
      .slice(1, 4) || 'a';
  // a valid body: the scalars of an existing document, uniques and uids made new
  const data = {};
  for (const [k, a] of attrs) {
    if (!SCALARS.includes(a.type) || a.private || a.type === 'password') continue;
    if (doc[k] === undefined || doc[k] === null) continue;
    if (a.type === 'uid' || a.unique) {
      if (typeof doc[k] === 'string') data[k] = `${doc[k]}-client`.slice(0, a.maxLength ?? 255);
      continue;
    }
    data[k] = doc[k];
  }
  const singleData = {};
  if (single) {
    const sdocs = pulled.contentTypes[single.uid].documents[single.localized ? defaultLocale : '*none*'];
    const sdoc = sdocs?.published ?? sdocs?.draft;
    const sstr = Object.entries(single.attributes).find(([, a]) => a.type === 'string' && !a.unique)?.[0];
    if (sstr) singleData[sstr] = `${sdoc?.[sstr] ?? 'value'} (client)`;
  }
  const fileName = pulled.media?.[0]?.name;
  const fileId = pulled.media?.[0]?.id ?? 1;
  const blob = () => new Blob([png], { type: 'image/png' });

  const queries = [
    ['no query', undefined],
    ['populate=*', { populate: '*' }],
    ['fields, sort, page', { fields: [str], sort: [`${str}:desc`], pagination: { page: 2, pageSize: 2 } }],
    ['filters $containsi', { filters: { [str]: { $containsi: word } } }],
    [
      'filters $or/$in, start/limit',
      { filters: { $or: [{ [str]: { $eq: doc[str] } }, { id: { $in: [1, 2, 3] } }] }, pagination: { start: 0, limit: 3 } },
    ],
    ['filters $null, withCount false', { filters: { [str]: { $null: true } }, pagination: { withCount: false } }],
    ['sort on unknown field', { sort: 'notAField:asc' }],
    ['unknown parameter', { notAParam: 1 }],
    ['pageSize 0', { pagination: { pageSize: 0 } }],
    ['page=0', { pagination: { page: 0 } }],
  ];
  if (collection.localized && other) queries.push(['locale other, status draft', { locale: other, status: 'draft' }]);
  if (collection.localized) queries.push(['locale=*', { locale: '*' }]);
  if (rel) {
    queries.push([`populate[${rel[0]}][fields]`, { populate: { [rel[0]]: { fields: [relField] } } }]);
    queries.push([`filter through ${rel[0]}`, { filters: { [rel[0]]: { id: { $notNull: true } } }, sort: ['id:asc'] }]);
  }

  const steps = [];
  const step = (client, name, run, save) => steps.push({ client, name, run, save });

  // ---- the official SDK, @strapi/client
  const oc = (c) => c.official.collection(C);
  for (const [n, q] of queries) step('@strapi/client', `find ${C} ${n}`, (c) => oc(c).find(q));
  step('@strapi/client', `findOne ${C}`, (c) => oc(c).findOne(docId));
  if (other)
    step('@strapi/client', `findOne ${C} locale ${other} populate=*`, (c) => oc(c).findOne(docId, { locale: other, populate: '*' }));
  step('@strapi/client', `findOne ${C} status draft fields`, (c) => oc(c).findOne(docId, { status: 'draft', fields: [str] }));
  step('@strapi/client', `findOne ${C} missing`, (c) => oc(c).findOne('nosuchdocumentid000000000'));
  step('@strapi/client', `create ${C}`, (c) => oc(c).create(data), { name: 'created', pick: (v) => v?.data?.documentId });
  step(
    '@strapi/client',
    `create ${C} with populate query`,
    (c) => oc(c).create({ ...data, ...(data.slug ? { slug: `${data.slug}-2` } : {}) }, { populate: '*' }),
    {
      name: 'created2',
      pick: (v) => v?.data?.documentId,
    },
  );
  step('@strapi/client', `create ${C} unknown key`, (c) => oc(c).create({ ...data, notAnAttribute: 1 }));
  step('@strapi/client', `create ${C} empty body`, (c) => c.official.fetch(`/${C}`, { method: 'POST', body: '' }).then((r) => r.json()));
  step('@strapi/client', `update ${C}`, (c, s) => oc(c).update(s.created, { [str]: `${doc[str]} (updated)` }));
  if (other)
    step('@strapi/client', `update ${C} locale ${other} (creates the locale)`, (c, s) =>
      oc(c).update(s.created, { ...data, [str]: 'autre' }, { locale: other }),
    );
  step('@strapi/client', `update ${C} missing`, (c) => oc(c).update('nosuchdocumentid000000000', { [str]: 'x' }));
  step('@strapi/client', `delete ${C}`, (c, s) => oc(c).delete(s.created));
  step('@strapi/client', `findOne ${C} deleted`, (c, s) => oc(c).findOne(s.created));
  step('@strapi/client', `delete ${C} again`, (c, s) => oc(c).delete(s.created));
  if (single) {
    const sc = (c) => c.official.single(single.singularName);
    step('@strapi/client', `single ${single.singularName} find`, (c) => sc(c).find());
    step('@strapi/client', `single ${single.singularName} find populate=*`, (c) => sc(c).find({ populate: '*' }));
    if (single.localized && other) step('@strapi/client', `single find locale ${other}`, (c) => sc(c).find({ locale: other }));
    step('@strapi/client', `single ${single.singularName} update`, (c) => sc(c).update(singleData));
    step('@strapi/client', `single ${single.singularName} update unknown key`, (c) => sc(c).update({ notAnAttribute: 1 }));
    if (single.localized && other) step('@strapi/client', `single delete locale ${other}`, (c) => sc(c).delete({ locale: other }));
    if (single.localized && other) step('@strapi/client', `single find locale ${other} after delete`, (c) => sc(c).find({ locale: other }));
  }
  // files
  step('@strapi/client', 'files.find', (c) => c.official.files.find());
  step('@strapi/client', 'files.find filters sort', (c) =>
    c.official.files.find({ filters: { mime: { $contains: 'image' } }, sort: 'name:desc' }),
  );
  if (fileName) step('@strapi/client', 'files.find by name', (c) => c.official.files.find({ filters: { name: { $eq: fileName } } }));
  step('@strapi/client', 'files.findOne', (c) => c.official.files.findOne(fileId));
  step('@strapi/client', 'files.findOne missing', (c) => c.official.files.findOne(987654));
  step(
    '@strapi/client',
    'files.upload Blob',
    (c) => c.official.files.upload(blob(), { fileInfo: { name: 'client.png', alternativeText: 'alt', caption: 'cap' } }),
    {
      name: 'file',
      pick: (v) => (Array.isArray(v) ? v[0]?.id : undefined),
    },
  );
  step('@strapi/client', 'files.upload Buffer', (c) => c.official.files.upload(png, { filename: 'buffer.png', mimetype: 'image/png' }), {
    name: 'file2',
    pick: (v) => (Array.isArray(v) ? v[0]?.id : undefined),
  });
  step('@strapi/client', 'files.update', (c, s) =>
    c.official.files.update(s.file, { name: 'renamed.png', alternativeText: 'new alt', caption: 'new cap' }),
  );
  step('@strapi/client', 'files.update missing', (c) => c.official.files.update(987654, { name: 'x.png' }));
  step('@strapi/client', 'files.delete', (c, s) => c.official.files.delete(s.file));
  step('@strapi/client', 'files.delete again', (c, s) => c.official.files.delete(s.file));
  step('@strapi/client', 'files.findOne deleted', (c, s) => c.official.files.findOne(s.file));
  // users through the SDK's users manager (the plugin's routes, bodies not wrapped in data)
  step(
    '@strapi/client',
    'users create',
    (c) =>
      c.official.collection('users').create({ username: 'sdkuser', email: 'sdkuser@example.com', password: 'Passw0rd!', confirmed: true }),
    {
      name: 'user',
      pick: (v) => v?.id,
    },
  );
  step('@strapi/client', 'users find', (c) => c.official.collection('users').find());
  step('@strapi/client', 'users find filters populate', (c) =>
    c.official.collection('users').find({ filters: { username: { $eq: 'sdkuser' } }, populate: 'role' }),
  );
  step('@strapi/client', 'users findOne', (c, s) => c.official.collection('users').findOne(s.user));
  step('@strapi/client', 'users update', (c, s) => c.official.collection('users').update(s.user, { username: 'sdkuser2' }));
  step('@strapi/client', 'users findOne missing', (c) => c.official.collection('users').findOne(987654));
  step('@strapi/client', 'users delete', (c, s) => c.official.collection('users').delete(s.user));
  // public (no token)
  step('@strapi/client', `public find ${C}`, (c) => c.officialPublic.collection(C).find({ pagination: { pageSize: 1 } }));
  step('@strapi/client', 'public users find', (c) => c.officialPublic.collection('users').find());
  step('@strapi/client', 'public files.upload', (c) => c.officialPublic.files.upload(blob()));
  // client.fetch with a string body: fetch labels it text/plain and the SDK keeps that label
  step('@strapi/client', 'fetch register, string body (text/plain)', (c) =>
    c.officialPublic
      .fetch('/auth/local/register', {
        method: 'POST',
        body: JSON.stringify({ username: 'textplain', email: 'textplain@example.com', password: 'Passw0rd!' }),
      })
      .then((r) => r.json()),
  );
  step('@strapi/client', `fetch create ${C}, string body (text/plain)`, (c) =>
    c.official.fetch(`/${C}`, { method: 'POST', body: JSON.stringify({ data }) }).then((r) => r.json()),
  );
  step('@strapi/client', 'bad token', (c) =>
    c.official.fetch(`/${C}`, { headers: { Authorization: 'Bearer nope' } }).then((r) => r.status),
  );
  step('@strapi/client', `public create ${C} with unknown type`, (c) => c.officialPublic.collection('no-such-types').find());

  // ---- fetch + qs (encodeValuesOnly), as Strapi's docs show
  const F = 'qs+fetch';
  for (const [n, q] of queries) step(F, `GET /${C} ${n}`, (c) => c.fetch('GET', `/${C}`, { query: q }));
  step(F, `GET /${C} deep populate`, (c) =>
    c.fetch('GET', `/${C}`, { query: { populate: rel ? { [rel[0]]: { populate: '*' } } : '*', pagination: { pageSize: 2 } } }),
  );
  step(F, `POST /${C} wrapped in data`, (c) => c.fetch('POST', `/${C}`, { json: { data } }), {
    name: 'fcreated',
    pick: (v) => v?.body?.data?.documentId,
  });
  step(F, `POST /${C} not wrapped in data`, (c) => c.fetch('POST', `/${C}`, { json: data }));
  step(F, `POST /${C} malformed JSON`, (c) =>
    c.fetch('POST', `/${C}`, { headers: { 'Content-Type': 'application/json' }, form: () => '{"data":' }),
  );
  step(F, `PUT /${C}/:id`, (c, s) => c.fetch('PUT', `/${C}/${s.fcreated}`, { json: { data: { [str]: 'put' } } }));
  step(F, `DELETE /${C}/:id`, (c, s) => c.fetch('DELETE', `/${C}/${s.fcreated}`));
  step(F, `DELETE /${C}/:id again`, (c, s) => c.fetch('DELETE', `/${C}/${s.fcreated}`));
  step(F, 'GET /unknown-route', (c) => c.fetch('GET', '/no-such-types'));
  // methods a path does not take (a frontend posting to the files list, patching an entry)
  step(F, 'POST /upload/files (the list)', (c) => c.fetch('POST', '/upload/files', { json: {} }));
  step(F, `PATCH /${C}/:id`, (c) => c.fetch('PATCH', `/${C}/${docId}`, { json: { data: {} } }));
  step(F, 'POST /users/me', (c) => c.fetch('POST', '/users/me', { json: {} }));
  step(F, 'GET /auth/local', (c) => c.fetch('GET', '/auth/local'));
  // users-permissions
  const user = { username: 'frontend', email: 'frontend@example.com', password: 'Passw0rd!' };
  step(F, 'register', (c) => c.fetchPublic('POST', '/auth/local/register', { json: user }), { name: 'jwt', pick: (v) => v?.body?.jwt });
  step(F, 'register again (taken)', (c) => c.fetchPublic('POST', '/auth/local/register', { json: user }));
  step(F, 'register missing email', (c) =>
    c.fetchPublic('POST', '/auth/local/register', { json: { username: 'x', password: 'Passw0rd!' } }),
  );
  step(F, 'register extra field', (c) =>
    c.fetchPublic('POST', '/auth/local/register', { json: { ...user, username: 'other', email: 'o@example.com', role: 1 } }),
  );
  step(F, 'register short password', (c) =>
    c.fetchPublic('POST', '/auth/local/register', { json: { username: 'y', email: 'y@example.com', password: '1' } }),
  );
  step(F, 'login', (c) => c.fetchPublic('POST', '/auth/local', { json: { identifier: user.email, password: user.password } }));
  step(F, 'login by username', (c) =>
    c.fetchPublic('POST', '/auth/local', { json: { identifier: user.username, password: user.password } }),
  );
  step(F, 'login wrong password', (c) => c.fetchPublic('POST', '/auth/local', { json: { identifier: user.email, password: 'wrong' } }));
  step(F, 'login missing password', (c) => c.fetchPublic('POST', '/auth/local', { json: { identifier: user.email } }));
  step(F, 'users/me', (c, s) => c.fetch('GET', '/users/me', { bearer: s.jwt }));
  step(F, 'users/me populate=role', (c, s) => c.fetch('GET', '/users/me', { bearer: s.jwt, query: { populate: 'role' } }));
  step(F, 'users/me populate=*', (c, s) => c.fetch('GET', '/users/me', { bearer: s.jwt, query: { populate: '*' } }));
  step(F, 'users/me fields', (c, s) => c.fetch('GET', '/users/me', { bearer: s.jwt, query: { fields: ['username'] } }));
  step(F, 'users/me no token', (c) => c.fetchPublic('GET', '/users/me'));
  step(F, 'users/me bad jwt', (c) => c.fetch('GET', '/users/me', { bearer: 'a.b.c' }));
  step(F, 'users/me with API token', (c) => c.fetch('GET', '/users/me'));
  step(F, `GET /${C} with user jwt`, (c, s) => c.fetch('GET', `/${C}`, { bearer: s.jwt, query: { pagination: { pageSize: 1 } } }));
  step(F, 'forgot-password unknown email', (c) =>
    c.fetchPublic('POST', '/auth/forgot-password', { json: { email: 'nobody@example.com' } }),
  );
  step(F, 'forgot-password bad email', (c) => c.fetchPublic('POST', '/auth/forgot-password', { json: { email: 'not-an-email' } }));
  step(F, 'reset-password bad code', (c) =>
    c.fetchPublic('POST', '/auth/reset-password', { json: { code: 'nope', password: 'Passw0rd!2', passwordConfirmation: 'Passw0rd!2' } }),
  );
  step(F, 'change-password wrong current', (c, s) =>
    c.fetch('POST', '/auth/change-password', {
      bearer: s.jwt,
      json: { currentPassword: 'wrong', password: 'Passw0rd!2', passwordConfirmation: 'Passw0rd!2' },
    }),
  );
  step(F, 'change-password mismatch', (c, s) =>
    c.fetch('POST', '/auth/change-password', {
      bearer: s.jwt,
      json: { currentPassword: user.password, password: 'Passw0rd!2', passwordConfirmation: 'other' },
    }),
  );
  step(
    F,
    'change-password',
    (c, s) =>
      c.fetch('POST', '/auth/change-password', {
        bearer: s.jwt,
        json: { currentPassword: user.password, password: 'Passw0rd!2', passwordConfirmation: 'Passw0rd!2' },
      }),
    { name: 'refresh', pick: (v) => v?.body?.refreshToken, also: { name: 'jwt2', pick: (v) => v?.body?.jwt } },
  );
  step(F, 'users/me with the token of a password change', (c, s) => c.fetch('GET', '/users/me', { bearer: s.jwt2 }));
  // refresh sessions (jwtManagement 'refresh'): the refresh token of a registration or password change, or the
  // httpOnly cookie a login sets
  step(F, 'login (cookie)', (c) => c.fetchPublic('POST', '/auth/local', { json: { identifier: user.email, password: 'Passw0rd!2' } }), {
    name: 'cookie',
    pick: (v) => v?.cookies?.[0],
    also: { name: 'cookies', pick: (v) => v?.cookies?.join('; ') },
  });
  step(F, 'refresh with both cookies, as a browser sends them', (c, s) =>
    c.fetchPublic('POST', '/auth/refresh', { headers: s.cookies ? { Cookie: s.cookies } : {} }),
  );
  step(F, 'refresh with the token cookie alone', (c, s) =>
    c.fetchPublic('POST', '/auth/refresh', { headers: s.cookie ? { Cookie: s.cookie } : {} }),
  );
  step(F, 'refresh with the refresh token in the body', (c, s) =>
    c.fetchPublic('POST', '/auth/refresh', { json: { refreshToken: s.refresh } }),
  );
  step(F, 'refresh with the same token again (rotated)', (c, s) =>
    c.fetchPublic('POST', '/auth/refresh', { json: { refreshToken: s.refresh } }),
  );
  step(F, 'refresh without a token', (c) => c.fetchPublic('POST', '/auth/refresh', { json: {} }));
  step(F, 'refresh with a bad token', (c) => c.fetchPublic('POST', '/auth/refresh', { json: { refreshToken: 'a.b.c' } }));
  step(F, 'logout', (c, s) => c.fetch('POST', '/auth/logout', { bearer: s.jwt2, json: {} }));
  step(F, 'logout without a token', (c) => c.fetchPublic('POST', '/auth/logout', { json: {} }));
  step(F, 'GET /users/count', (c) => c.fetch('GET', '/users/count'));
  step(F, 'GET /users-permissions/roles', (c) => c.fetch('GET', '/users-permissions/roles'));
  // upload plugin, multipart as a frontend form sends it
  const form = (fields) => () => {
    const f = new FormData();
    for (const [k, v] of fields) f.append(k, ...(Array.isArray(v) ? v : [v]));
    return f;
  };
  step(F, 'upload one file', (c) => c.fetch('POST', '/upload', { form: form([['files', [blob(), 'form.png']]]) }), {
    name: 'ffile',
    pick: (v) => v?.body?.[0]?.id,
  });
  step(F, 'upload two files + fileInfo list', (c) =>
    c.fetch('POST', '/upload', {
      form: form([
        ['files', [blob(), 'a.png']],
        ['files', [new Blob(['hello'], { type: 'text/plain' }), 'b.txt']],
        ['fileInfo', JSON.stringify([{ name: 'first.png' }, { caption: 'second' }])],
      ]),
    }),
  );
  if (media)
    step(F, `upload with ref/refId/field (${collection.uid}.${media})`, (c) =>
      c.fetch('POST', '/upload', {
        form: form([
          ['files', [blob(), 'linked.png']],
          ['ref', collection.uid],
          ['refId', String(doc.id)],
          ['field', media],
        ]),
      }),
    );
  if (media)
    step(F, `GET ${C}/:id populate ${media} after linked upload`, (c) =>
      c.fetch('GET', `/${C}/${docId}`, { query: { populate: [media], fields: [str], status: 'draft' } }),
    );
  step(F, 'upload no file', (c) => c.fetch('POST', '/upload', { form: form([['fileInfo', '{}']]) }));
  step(F, 'upload JSON body', (c) => c.fetch('POST', '/upload', { json: { files: 'x' } }));
  step(F, 'upload bad fileInfo JSON', (c) =>
    c.fetch('POST', '/upload', {
      form: form([
        ['files', [blob(), 'x.png']],
        ['fileInfo', '{nope'],
      ]),
    }),
  );
  step(F, 'update fileInfo', (c, s) =>
    c.fetch('POST', '/upload', { query: { id: s.ffile }, form: form([['fileInfo', JSON.stringify({ name: 'n.png', caption: 'c' })]]) }),
  );
  step(F, 'update fileInfo bad key', (c, s) =>
    c.fetch('POST', '/upload', { query: { id: s.ffile }, form: form([['fileInfo', JSON.stringify({ bogus: 1 })]]) }),
  );
  step(F, 'GET /upload/files/:id', (c, s) => c.fetch('GET', `/upload/files/${s.ffile}`));
  step(F, 'GET /upload/files/:id populate related', (c) => c.fetch('GET', `/upload/files/${fileId}`, { query: { populate: 'related' } }));
  step(F, 'GET /upload/files/not-a-number', (c) => c.fetch('GET', '/upload/files/abc'));
  step(F, 'GET /upload/files fields + pagination', (c) =>
    c.fetch('GET', '/upload/files', { query: { fields: ['name'], pagination: { page: 1, pageSize: 2 } } }),
  );
  step(F, 'GET /upload/files filters bad operator', (c) => c.fetch('GET', '/upload/files', { query: { filters: { name: { $nope: 1 } } } }));
  step(F, 'DELETE /upload/files/:id', (c, s) => c.fetch('DELETE', `/upload/files/${s.ffile}`));
  step(F, 'public upload', (c) => c.fetchPublic('POST', '/upload', { form: form([['files', [blob(), 'p.png']]]) }));
  step(F, 'public DELETE /upload/files/:id', (c) => c.fetchPublic('DELETE', `/upload/files/${fileId}`));

  // ---- community SDK: strapi-sdk-js (axios, qs with indices)
  if (hasSdk) {
    const S = 'strapi-sdk-js';
    for (const [n, q] of queries) step(S, `find ${C} ${n}`, (c) => c.sdk.find(C, q));
    step(S, `findOne ${C} populate`, (c) => c.sdk.findOne(C, docId, { populate: '*' }));
    step(S, `findOne ${C} missing`, (c) => c.sdk.findOne(C, 'nosuchdocumentid000000000'));
    step(S, `create ${C}`, (c) => c.sdk.create(C, data), { name: 'screated', pick: (v) => v?.data?.documentId });
    step(S, `create ${C} invalid`, (c) => c.sdk.create(C, { notAnAttribute: 1 }));
    step(S, `update ${C}`, (c, s) => c.sdk.update(C, s.screated, { [str]: 'sdk' }, { fields: [str] }));
    step(S, `delete ${C}`, (c, s) => c.sdk.delete(C, s.screated));
    step(S, `delete ${C} again`, (c, s) => c.sdk.delete(C, s.screated));
    if (single) step(S, `find single ${single.singularName}`, (c) => c.sdk.find(single.singularName, { populate: '*' }));
    const su = { username: 'sdkjs', email: 'sdkjs@example.com', password: 'Passw0rd!' };
    step(S, 'register', (c) => c.sdkPublic.register(su), { name: 'sjwt', pick: (v) => v?.jwt });
    step(S, 'login', (c) => c.sdkPublic.login({ identifier: su.email, password: su.password }));
    step(S, 'login wrong', (c) => c.sdkPublic.login({ identifier: su.email, password: 'nope' }));
    step(S, 'forgotPassword unknown', (c) => c.sdkPublic.forgotPassword({ email: 'nobody@example.com' }));
    step(S, 'users/me populate', (c, s) => c.sdkWith(s.sjwt).request('get', '/users/me', { params: { populate: ['role'] } }));
    step(S, 'users/me public', (c) => c.sdkPublic.request('get', '/users/me'));
  }
  return steps;
}
