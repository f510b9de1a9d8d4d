// A write sequence, replayed in the same order on both freshly started servers. `save: 'x'` remembers the answer's
// data.documentId on each side; `{{x}}` in a later path or body is replaced by that side's own value.
const A1 = 'hw8dvqai65sh0rf7wo7fzgmw',
  A2 = 'xx14k930zzn888m0ol3qhkvh',
  A3 = 'kpla6nj5hiv4bpes9opi2ord',
  A4 = 'j9ba3d3c06o0hfihsqar1ptw';
const T = [
  'qnkocyn5lthvkvc6llzygm34',
  'i3h3yydvqgvgbmbtnyamm77q',
  'zlcu2hg8s6olb4ew6je5wfk3',
  'ja8pied26b71ttvhs7xhguwj',
  'dip5t1bmryesfoiv53etre32',
  'f72s0xyq1zeougdhighu43az',
];
const CAT = ['c8tll7118alwlbneibhkmurg', 'dbeioeog0z57yrtujoo3suu1'],
  AUTH = ['aslgp8om0d8hzny7h3x9e1kc', 'z2sbgs8ge2g9tj40yztcmqtt'];
const MEDIA_DOC = 'apkym99n8732cr8x5hc9gbue';
const REL = 'populate[category][fields][0]=name&populate[author][fields][0]=name&populate[tags][fields][0]=name&fields[0]=title';
const ALL =
  'populate[seo][populate]=*&populate[blocks][populate]=*&populate[cover]=true&populate[gallery][fields][0]=name&populate[category][fields][0]=name&populate[tags][fields][0]=name';

export function writeCases() {
  const c = [];
  const w = (method, path, body, extra = {}) => c.push({ group: 'write', method, path, body, ...extra });
  // relations: connect / disconnect / set / positional
  w(
    'POST',
    `/api/articles?${REL}`,
    { data: { title: 'Diff rel', category: CAT[0], author: AUTH[0], tags: [T[0], T[1]] } },
    { save: 'rel' },
  );
  w('PUT', `/api/articles/{{rel}}?${REL}`, {
    data: {
      tags: {
        connect: [
          { documentId: T[2], position: { end: true } },
          { documentId: T[3], position: { after: T[0] } },
        ],
      },
    },
  });
  w('PUT', `/api/articles/{{rel}}?${REL}`, {
    data: { tags: { connect: [{ documentId: T[4], position: { before: T[1] } }], disconnect: [T[0]] } },
  });
  w('PUT', `/api/articles/{{rel}}?${REL}`, { data: { tags: { connect: [T[1]] } } });
  w('PUT', `/api/articles/{{rel}}?${REL}`, { data: { tags: { disconnect: [{ documentId: T[5] }] } } });
  w('PUT', `/api/articles/{{rel}}?${REL}`, { data: { tags: { set: [{ documentId: T[5] }, T[2]] } } });
  w('PUT', `/api/articles/{{rel}}?${REL}`, { data: { tags: [] } });
  w('PUT', `/api/articles/{{rel}}?${REL}`, { data: { tags: [3, 1], category: 2, author: { set: [AUTH[1]] } } });
  w('PUT', `/api/articles/{{rel}}?${REL}`, { data: { category: { connect: [CAT[1]] }, author: { disconnect: [AUTH[1]] } } });
  w('PUT', `/api/articles/{{rel}}?${REL}`, { data: { category: { set: [] }, tags: { connect: [] } } });
  w('PUT', `/api/articles/{{rel}}?${REL}`, { data: { tags: { connect: ['doesnotexist00'] } } });
  w('PUT', `/api/articles/{{rel}}?${REL}`, { data: { tags: { connect: [{ documentId: T[0], position: { before: 'notconnected0' } }] } } });
  w('PUT', `/api/articles/{{rel}}?${REL}`, { data: { tags: { connect: [{ id: 4 }] } } });
  w('PUT', `/api/articles/{{rel}}?${REL}`, { data: { category: [CAT[0], CAT[1]] } });
  w('PUT', `/api/articles/{{rel}}?${REL}`, { data: { tags: 'notanarray' } });
  w('GET', `/api/tags/${T[3]}?populate[articles][fields][0]=title&populate[articles][sort]=id:asc`);
  w('PUT', `/api/categories/${CAT[1]}?populate[articles][fields][0]=title&populate[articles][sort]=id:asc`, {
    data: { articles: { connect: ['{{rel}}'] } },
  });
  w('PUT', `/api/authors/${AUTH[0]}?populate[articles][fields][0]=title&populate[articles][sort]=id:asc`, {
    data: { articles: { disconnect: [A1] } },
  });
  // components and dynamic zones
  w(
    'POST',
    `/api/articles?${ALL}`,
    {
      data: {
        title: 'Diff comp',
        seo: { metaTitle: 'M', metaDescription: 'D', shareImage: 1, links: [{ label: 'a', url: 'u' }, { label: 'b' }] },
        blocks: [
          { __component: 'shared.quote', title: 'Q', body: 'B' },
          { __component: 'shared.slider', files: [1, 2] },
          { __component: 'shared.rich-text', body: '# hi' },
        ],
        cover: 2,
        gallery: [3, 4],
      },
    },
    { save: 'comp' },
  );
  w('PUT', `/api/articles/{{comp}}?${ALL}`, { data: { seo: { metaTitle: 'M2', links: [] } } });
  w('PUT', `/api/articles/{{comp}}?${ALL}`, { data: { seo: null, blocks: [] } });
  w('PUT', `/api/articles/{{comp}}?${ALL}`, { data: { seo: { metaDescription: 'no title' } } });
  w('PUT', `/api/articles/{{comp}}?${ALL}`, { data: { seo: { metaTitle: 'x', links: { label: 'obj' } } } });
  w('PUT', `/api/articles/{{comp}}?${ALL}`, { data: { seo: { metaTitle: 'x', nope: 1 } } });
  w('PUT', `/api/articles/{{comp}}?${ALL}`, { data: { blocks: [{ __component: 'shared.quote', nope: 1 }] } });
  w('PUT', `/api/articles/{{comp}}?${ALL}`, { data: { blocks: [{ __component: 'shared.nope' }] } });
  w('PUT', `/api/articles/{{comp}}?${ALL}`, { data: { blocks: { __component: 'shared.quote' } } });
  w('PUT', `/api/articles/{{comp}}?${ALL}`, { data: { seo: 'string' } });
  w('PUT', `/api/articles/{{comp}}?${ALL}`, { data: { cover: { id: 1 }, gallery: [MEDIA_DOC, { id: 3 }] } });
  w('PUT', `/api/articles/{{comp}}?${ALL}`, { data: { cover: null, gallery: [] } });
  w('PUT', `/api/articles/{{comp}}?${ALL}`, { data: { cover: [1, 2] } });
  w('PUT', `/api/articles/{{comp}}?${ALL}`, { data: { gallery: 999 } });
  w('PUT', `/api/articles/{{comp}}?${ALL}`, { data: { cover: 'nosuchmedia' } });
  // scalar validation
  for (const data of [
    { views: 2.5 },
    { views: '12' },
    { views: true },
    { views: 99999999999 },
    { views: -3 },
    { rating: 'x' },
    { rating: '1e2' },
    { featured: 1 },
    { featured: 'false' },
    { featured: 'no' },
    { featured: 0 },
    { publishDate: '2024-02-30' },
    { publishDate: '2024-02-03T10:00:00Z' },
    { publishDate: 20240101 },
    { kind: 'News' },
    { kind: null },
    { kind: 3 },
    { metadata: { a: [1, null] } },
    { metadata: null },
    { title: '' },
    { title: 5 },
    { title: ['x'] },
    { slug: 'ok-slug_1.2~' },
    { slug: 'bad slug' },
    { slug: 'getting-started-with-strapi' },
    { description: 7 },
    { content: { x: 1 } },
    { body: [{ type: 'paragraph', children: [{ type: 'text', text: 'hi' }] }] },
    { body: 'plain' },
    { createdAt: '2020-01-01T00:00:00.000Z' },
    { publishedAt: null },
    { locale: 'fr' },
    { localizations: [] },
    { updatedAt: 'x' },
  ]) {
    w(
      'PUT',
      `/api/articles/{{comp}}?fields[0]=title&fields[1]=${Object.keys(data)[0] === 'localizations' ? 'title' : Object.keys(data)[0]}`,
      { data },
    );
  }
  w('POST', '/api/authors', { data: { name: 'Diff author', email: 'DIFF@Example.COM' } }, { save: 'author' });
  for (const data of [
    { email: 'a@b' },
    { email: '' },
    { email: null },
    { name: null },
    { name: '' },
    { bio: 12 },
    { avatar: 2 },
    { articles: [A2] },
  ]) {
    w('PUT', '/api/authors/{{author}}?populate=*', { data });
  }
  w('POST', '/api/tags', { data: { name: 'testing' } });
  w('POST', '/api/tags', { data: { name: 'Testing' } });
  w('POST', '/api/tags', { data: {} }, { save: 'tagEmpty' });
  w('POST', '/api/tags', { data: { name: null } });
  w('POST', '/api/categories', { data: { name: 'Diff cat', slug: 'travel' } });
  w('POST', '/api/categories', { data: { name: 'Diff cat', slug: 'diff-cat' } }, { save: 'cat' });
  w('POST', '/api/categories', { data: { name: 'Diff cat', slug: 'diff-cat' } });
  w('POST', '/api/articles', { data: { title: 'x'.repeat(300) } }, { save: 'long' });
  // locales and draft/publish
  w(
    'POST',
    '/api/articles?locale=de&status=draft&fields[0]=title&fields[1]=locale&fields[2]=publishedAt',
    { data: { title: 'Diff DE', views: 5, category: CAT[0] } },
    { save: 'de' },
  );
  w('GET', '/api/articles/{{de}}?locale=de&status=draft&populate[category][fields][0]=name&populate[localizations]=true');
  w('PUT', '/api/articles/{{de}}?locale=fr&populate[category][fields][0]=name&populate[localizations][fields][0]=locale', {
    data: { title: 'Diff FR' },
  });
  w('GET', '/api/articles/{{de}}?locale=*');
  w('GET', '/api/articles?locale=*&filters[documentId][$eq]={{de}}&fields[0]=title&fields[1]=locale&fields[2]=views&sort=locale:asc');
  w('PUT', '/api/articles/{{de}}?locale=de&fields[0]=views&fields[1]=locale', { data: { views: 77 } });
  w('GET', '/api/articles?locale=*&status=draft&filters[documentId][$eq]={{de}}&fields[0]=views&fields[1]=locale&sort=locale:asc');
  w('DELETE', '/api/articles/{{de}}?locale=fr');
  w('GET', '/api/articles?locale=*&status=draft&filters[documentId][$eq]={{de}}&fields[0]=title&fields[1]=locale&sort=locale:asc');
  w('DELETE', '/api/articles/{{de}}?locale=xx');
  w('DELETE', '/api/articles/{{de}}?locale=de');
  w('GET', '/api/articles/{{de}}?locale=de&status=draft');
  w('PUT', `/api/articles/${A3}?status=draft&fields[0]=title&fields[1]=publishedAt`, { data: { description: 'draft touch' } });
  w('GET', `/api/articles/${A3}?fields[0]=title&fields[1]=description`);
  w('PUT', `/api/articles/${A3}?status=published&fields[0]=title&fields[1]=publishedAt`, { data: {} });
  w('GET', `/api/articles/${A3}?fields[0]=description`);
  w('PUT', `/api/articles/${A4}?locale=fr&status=draft&fields[0]=title&fields[1]=locale&fields[2]=views`, {
    data: { title: 'A4 fr draft' },
  });
  w('GET', `/api/articles/${A4}?locale=fr&status=draft&populate[localizations][fields][0]=locale`);
  w('PUT', `/api/articles/${A1}?locale=fr&populate[localizations][fields][0]=title`, { data: { views: 1 } });
  w('GET', `/api/articles?locale=*&filters[documentId][$eq]=${A1}&fields[0]=views&fields[1]=locale&sort=locale:asc`);
  w('PUT', `/api/articles/${A2}?status=foo`, { data: { views: 1 } });
  w('POST', '/api/articles?locale=*', { data: { title: 'star' } });
  w('POST', '/api/articles?status=draft', { data: { title: 'Diff draft', tags: [T[0]] } }, { save: 'dr' });
  w('GET', `/api/tags/${T[0]}?populate[articles][fields][0]=title&populate[articles][sort]=id:asc`);
  w('GET', `/api/tags/${T[0]}?status=draft&populate[articles][fields][0]=title&populate[articles][sort]=id:asc`);
  w('PUT', '/api/articles/{{dr}}?status=draft', { data: { title: null } });
  w('PUT', '/api/articles/{{dr}}?status=draft&fields[0]=title', { data: { views: 'x' } });
  // single types
  w('PUT', '/api/homepage?status=draft&populate=blocks', { data: { heading: 'H', blocks: [{ __component: 'shared.slider' }] } });
  w('GET', '/api/homepage?populate=blocks');
  w('PUT', '/api/homepage?locale=fr', { data: { heading: 'fr?' } });
  w('PUT', '/api/global?populate=*', { data: { favicon: 1, defaultSeo: { metaTitle: 'G' } } });
  w('PUT', '/api/global?locale=fr&populate=*', { data: { siteName: 'FR' } });
  w('PUT', '/api/global', { data: { nope: 1 } });
  w('PUT', '/api/global', { data: { id: 3 } });
  // misc bodies
  w('PUT', '/api/articles/{{rel}}', { data: { documentId: 'x' } });
  w('PUT', '/api/articles/{{rel}}', { data: null });
  w('PUT', '/api/articles/{{rel}}', { data: [] });
  w('PUT', '/api/articles/{{rel}}?fields[0]=nope', { data: {} });
  w('POST', '/api/articles?populate=nope', { data: { title: 'bad populate' } });
  // deletes and read-back
  w('DELETE', `/api/tags/${T[1]}`);
  w('GET', `/api/articles?filters[tags][documentId][$eq]=${T[1]}&fields[0]=title`);
  w('DELETE', `/api/categories/${CAT[0]}`);
  w('GET', `/api/articles?filters[category][$null]=true&fields[0]=title&sort=id:asc&pagination[pageSize]=100`);
  w('DELETE', '/api/articles/{{comp}}');
  w('DELETE', '/api/authors/{{author}}');
  w('GET', '/api/articles/{{comp}}');
  w('GET', `/api/articles?${REL}&sort=id:desc&pagination[pageSize]=6&status=draft&locale=*`);
  w('GET', '/api/authors?populate[articles][fields][0]=title&sort=id:asc');
  w('GET', '/api/tags?sort=id:asc&populate[articles][count]=true');
  return c;
}
