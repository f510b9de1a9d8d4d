// Sort, pagination, fields, populate, locale × status and bad-input requests.
const e = encodeURIComponent;
const A1 = 'hw8dvqai65sh0rf7wo7fzgmw',
  A2 = 'xx14k930zzn888m0ol3qhkvh',
  A3 = 'kpla6nj5hiv4bpes9opi2ord',
  A4 = 'j9ba3d3c06o0hfihsqar1ptw';
const AUTHOR_ALAN = 'z2sbgs8ge2g9tj40yztcmqtt',
  CAT_FOOD = 'dbeioeog0z57yrtujoo3suu1',
  TAG_GQL = 'vi8clpdf2l4x8nutyc5tczcv';
const ARTICLE_SCALARS = [
  'title',
  'slug',
  'description',
  'content',
  'views',
  'rating',
  'featured',
  'publishDate',
  'kind',
  'metadata',
  'id',
  'documentId',
  'createdAt',
  'updatedAt',
  'publishedAt',
  'locale',
];
const list = (type, ...params) => `/api/${type}?${params.filter(Boolean).join('&')}`;

export function moreReadCases(r) {
  const out = [];
  const add = (group, path) => out.push({ group, method: 'GET', path });

  // --- sort: every sortable field both ways, relation paths, multiple keys, syntaxes ----------------------------
  for (const f of ARTICLE_SCALARS) {
    for (const dir of ['asc', 'desc']) {
      add(
        'sort',
        list(
          'articles',
          `sort[0]=${f}:${dir}`,
          'sort[1]=id:asc',
          `fields[0]=${f === 'id' ? 'title' : f}`,
          'pagination[pageSize]=100',
          r.pick(['', 'status=draft', 'locale=*']),
        ),
      );
    }
  }
  const relSorts = [
    'category.name',
    'category.id',
    'category.slug',
    'author.name',
    'author.email',
    'tags.name',
    'tags.id',
    'seo.metaTitle',
    'seo.id',
    'cover.name',
    'cover.width',
    'localizations.title',
    'seo.links.label',
    'author.articles.views',
  ];
  for (const s of relSorts) {
    add('sort', list('articles', `sort=${s}:${r.pick(['asc', 'desc'])},id:asc`, 'fields[0]=title', 'pagination[pageSize]=100'));
  }
  for (const s of [
    'sort[category][name]=asc&sort[1]=id:desc',
    'sort[0][category][name]=desc&sort[1][id]=asc',
    'sort=kind:desc,views,id',
    'sort[0]=featured:DESC&sort[1]=rating:ASC&sort[2]=id',
    'sort=title:asc&sort=views:desc',
    'sort[0]=publishDate:desc&sort[1]=title',
    'sort=metadata:asc,id:asc',
    'sort=rating:asc,title:desc',
    'sort= title:asc',
    'sort=title: asc',
    'sort=title:asc,',
    'sort=,title',
    'sort[title]=asc&sort[views]=desc',
    'sort[0][category][id]=asc&sort[1][id]=desc',
  ]) {
    add('sort', list('articles', s, 'fields[0]=title', 'fields[1]=views', 'pagination[pageSize]=100'));
  }
  for (const [type, f] of [
    ['authors', 'email'],
    ['authors', 'bio'],
    ['categories', 'slug'],
    ['tags', 'name'],
    ['tags', 'createdAt'],
    ['authors', 'articles.title'],
    ['categories', 'articles.views'],
    ['tags', 'articles.title'],
  ]) {
    add('sort', list(type, `sort=${f}:desc,id:asc`));
  }

  // --- pagination ---------------------------------------------------------------------------------------------
  const pg = [
    'pagination[page]=3&pagination[pageSize]=7',
    'pagination[page]=2',
    'pagination[pageSize]=7',
    'pagination[start]=3',
    'pagination[limit]=4',
    'pagination[start]=18&pagination[limit]=5',
    'pagination[page]=-1',
    'pagination[pageSize]=-5',
    'pagination[start]=abc',
    'pagination[limit]=abc',
    'pagination[page]=2.5&pagination[pageSize]=3',
    'pagination[pageSize]=2.7',
    'pagination[start]=1.5&pagination[limit]=2',
    'pagination[page]=',
    'pagination[pageSize]=',
    'pagination[start]=&pagination[limit]=',
    'pagination[withCount]=true',
    'pagination[withCount]=t',
    'pagination[withCount]=f',
    'pagination[withCount]=1',
    'pagination[withCount]=',
    'pagination[withCount]=false&pagination[start]=30',
    'pagination[page]=1&pagination[limit]=2',
    'pagination[pageSize]=2&pagination[start]=1',
    'pagination[pageSize]=2&pagination[limit]=3',
    'pagination[page]=4&pagination[pageSize]=100',
    'pagination[limit]=101',
    'pagination[pageSize]=101',
    'pagination[page]=1e1&pagination[pageSize]=2',
    'pagination[pageSize]=0x10',
    'pagination[page]=%202',
    'pagination=5',
    'pagination[page][0]=2',
    'pagination[start]=-5&pagination[limit]=-5',
    'pagination[limit]=0&pagination[withCount]=false',
  ];
  for (const p of pg) add('pagination', list('articles', p, 'sort=id:asc', 'fields[0]=title'));
  for (const t of ['authors', 'tags', 'categories'])
    add('pagination', list(t, 'pagination[page]=2&pagination[pageSize]=3', 'sort=id:desc'));
  add('pagination', list('global', 'pagination[page]=2'));
  add(
    'pagination',
    list('articles', 'status=draft', 'locale=*', 'pagination[page]=3&pagination[pageSize]=10', 'sort=id:asc', 'fields[0]=title'),
  );

  // --- fields -------------------------------------------------------------------------------------------------
  for (let i = 0; i < 20; i++) {
    const fs = r.sample(ARTICLE_SCALARS, r.int(1, 4));
    const form = r.pick(['indexed', 'comma', 'repeat']);
    const q =
      form === 'indexed'
        ? fs.map((f, j) => `fields[${j}]=${f}`).join('&')
        : form === 'comma'
          ? `fields=${fs.join(',')}`
          : fs.map((f) => `fields=${f}`).join('&');
    add(
      'fields',
      list('articles', q, 'sort=id:asc', 'pagination[pageSize]=3', r.pick(['', 'status=draft', 'populate[category][fields][0]=name'])),
    );
  }
  for (const q of [
    'fields=*',
    'fields[0]=*&fields[1]=title',
    'fields[0]=locale',
    'fields[0]=publishedAt',
    'fields[0]=title,views',
    'fields=',
    'fields[0]=',
    'fields[title]=true',
    'fields[0]=cover',
    'fields[0]=blocks',
    'fields[0]=localizations',
    'fields[0]=TITLE',
  ]) {
    add('fields', list('articles', q, 'sort=id:asc', 'pagination[pageSize]=2'));
  }
  for (const [t, q] of [
    ['authors', 'fields[0]=locale'],
    ['authors', 'fields[0]=publishedAt'],
    ['authors', 'fields[0]=email&fields[1]=bio'],
    ['global', 'fields[0]=locale'],
    ['homepage', 'fields[0]=publishedAt'],
    ['categories', 'fields[0]=articles'],
  ]) {
    add('fields', list(t, q, t === 'global' || t === 'homepage' ? '' : 'sort=id:asc'));
  }

  // --- populate -----------------------------------------------------------------------------------------------
  const pops = [
    'populate[0]=seo.links&populate[1]=seo.shareImage',
    'populate=seo.shareImage',
    'populate=category.articles',
    'populate=author.avatar',
    'populate=author.articles.tags',
    'populate[0]=tags&populate[1]=tags.articles',
    'populate=blocks.files',
    'populate=cover,gallery',
    'populate[seo][populate][0]=links&populate[seo][populate][1]=shareImage',
    'populate[seo][fields][0]=metaTitle&populate[seo][populate][links][fields][0]=label',
    'populate[seo][populate][links][sort]=label:desc',
    'populate[seo][populate][links][filters][label][$eq]=Link%202',
    'populate[tags][sort]=name:desc&populate[tags][fields][0]=name',
    'populate[tags][filters][name][$in][0]=testing&populate[tags][filters][name][$in][1]=rest',
    'populate[tags][filters][$or][0][name][$eq]=rest&populate[tags][filters][$or][1][id][$gt]=6',
    'populate[tags][count]=true&populate[tags][filters][name][$eq]=testing',
    'populate[category][count]=true',
    'populate[gallery][count]=true',
    'populate[localizations][count]=true',
    'populate[tags][count]=false',
    'populate[author][populate]=*',
    'populate[author][populate][articles][populate]=*&populate[author][fields][0]=name',
    'populate[category][populate][articles][populate][tags][fields][0]=name&populate[category][populate][articles][fields][0]=title',
    'populate[category][populate][articles][sort]=views:desc&populate[category][populate][articles][fields][0]=views',
    'populate[category][populate][articles][filters][featured][$eq]=true&populate[category][populate][articles][fields][0]=featured',
    'populate[seo][populate]=*',
    'populate[blocks][populate]=*',
    'populate[blocks][on][shared.rich-text]=true',
    'populate[blocks][on][shared.slider][populate]=*',
    'populate[blocks][on][shared.slider][fields][0]=id',
    'populate[blocks][on][shared.quote][fields][0]=body&populate[blocks][on][shared.slider]=true',
    'populate[cover][fields][0]=name&populate[cover][fields][1]=url',
    'populate[gallery][fields][0]=name&populate[gallery][sort]=name:asc',
    'populate[gallery][filters][ext][$eq]=.png&populate[gallery][fields][0]=name',
    'populate[localizations][fields][0]=title&populate[localizations][populate][category][fields][0]=name',
    'populate[localizations][filters][locale][$eq]=fr&populate[localizations][fields][0]=locale',
    'populate[localizations][sort]=locale:asc&populate[localizations][fields][0]=locale',
    'populate=*&fields[0]=title',
    'populate[0]=*',
    'populate=*,seo.links',
    'populate[category]=false',
    'populate[category]=*',
    'populate[category][populate]=articles',
    'populate[category][fields]=name',
    'populate[tags][sort][0]=name&populate[tags][sort][1]=id:desc',
    'populate[author][fields][0]=name&populate[author][populate][avatar][fields][0]=name',
    'populate[seo][count]=true',
    'populate[category][populate][articles][count]=true',
    'populate[tags][pagination][pageSize]=1',
    'populate[tags][limit]=1',
    'populate[tags][status]=draft',
    'populate[tags][locale]=fr',
    'populate[blocks][on][shared.slider][populate][files][count]=true',
    'populate[seo][on][shared.link]=true',
    'populate[category][on][x]=true',
    'populate[category][populate][nope]=true',
    'populate[category][fields][0]=nope',
    'populate[category][sort]=nope',
    'populate[category][filters][nope]=1',
    'populate[seo][populate][links][populate]=*',
    'populate=seo.links.nope',
    'populate=localizations.category',
  ];
  for (const p of pops) add('populate', list('articles', p, 'fields[0]=title', 'sort=id:asc', 'pagination[pageSize]=6'));
  for (const [t, p] of [
    ['authors', 'populate[articles][populate][category][fields][0]=name&populate[articles][fields][0]=title'],
    ['authors', 'populate[articles][count]=true'],
    ['authors', 'populate[articles][filters][locale][$eq]=fr&populate[articles][fields][0]=title'],
    ['categories', 'populate[articles][populate]=*&populate[articles][fields][0]=title'],
    ['tags', 'populate[articles][count]=true'],
    ['tags', 'status=draft&populate[articles][count]=true'],
    ['authors', 'populate=avatar'],
    ['global', 'populate[defaultSeo][populate]=*&populate[favicon]=true'],
    ['global', 'populate=defaultSeo.links'],
    ['homepage', 'populate[blocks][on][shared.quote]=true'],
    ['homepage', 'populate[blocks][on][shared.rich-text][fields][0]=body'],
    ['homepage', 'status=draft&populate=*'],
  ]) {
    add('populate', list(t, p, t === 'global' || t === 'homepage' ? '' : 'sort=id:asc'));
  }

  // --- locale × status × populate -----------------------------------------------------------------------------
  const locales = ['', 'locale=en', 'locale=fr', 'locale=de', 'locale=*', 'locale=xx', 'locale[0]=fr&locale[1]=de'];
  const statuses = ['', 'status=published', 'status=draft'];
  const popsLs = [
    '',
    'populate[category][fields][0]=name&populate[tags][fields][0]=name',
    'populate[localizations][fields][0]=title&populate[localizations][fields][1]=locale',
    'populate[seo][populate]=links',
    'populate[author][populate][articles][fields][0]=title',
  ];
  for (const l of locales)
    for (const s of statuses) {
      add('locale-status', list('articles', l, s, r.pick(popsLs), 'fields[0]=title', 'sort=id:asc', 'pagination[pageSize]=100'));
    }
  for (const doc of [A1, A2, A3, A4])
    for (const l of ['', 'locale=fr', 'locale=de', 'locale=*', 'locale=en'])
      for (const s of statuses) {
        add(
          'locale-status',
          `/api/articles/${doc}?${[l, s, r.pick(popsLs), 'fields[0]=title', 'fields[1]=locale', 'fields[2]=publishedAt'].filter(Boolean).join('&')}`,
        );
      }
  for (const t of ['global', 'homepage'])
    for (const l of ['', 'locale=fr', 'locale=de', 'locale=*', 'locale=xx'])
      for (const s of statuses) {
        add('locale-status', list(t, l, s, r.pick(['', 'populate=*', 'populate[localizations][fields][0]=locale'])));
      }
  for (const [p, q] of [
    [`/api/authors/${AUTHOR_ALAN}`, 'populate[articles][fields][0]=title&populate[articles][fields][1]=locale'],
    [`/api/authors/${AUTHOR_ALAN}`, 'status=draft&populate[articles][fields][0]=title&populate[articles][fields][1]=locale'],
    [`/api/authors/${AUTHOR_ALAN}`, 'locale=fr&populate[articles][fields][0]=title&populate[articles][fields][1]=locale'],
    [`/api/categories/${CAT_FOOD}`, 'locale=*&populate[articles][fields][0]=title'],
    [`/api/tags/${TAG_GQL}`, 'status=draft&populate[articles][fields][0]=title&populate[articles][fields][1]=publishedAt'],
    [`/api/articles/${A1}`, 'populate[localizations][populate][localizations][fields][0]=locale'],
    [`/api/articles/${A4}`, 'status=draft&populate=*'],
    [`/api/articles/${A1}`, 'filters[locale][$eq]=fr'],
    ['/api/articles', 'filters[locale][$eq]=fr&locale=de&fields[0]=title'],
    ['/api/articles', 'filters[locale][$in][0]=fr&filters[locale][$in][1]=de&fields[0]=title&sort=id:asc'],
    ['/api/articles', 'filters[publishedAt][$notNull]=true&status=draft&fields[0]=title&sort=id:asc&pagination[pageSize]=100'],
    ['/api/articles', 'filters[$or][0][locale][$eq]=fr&filters[$or][1][views][$gt]=4700&fields[0]=title&sort=id:asc'],
  ]) {
    add('locale-status', `${p}?${q}`);
  }

  // --- bad inputs ---------------------------------------------------------------------------------------------
  const bad = [
    'filters[views][$eq]=abc',
    'filters[views][$gt]=',
    'filters[rating][$lt]=x',
    'filters[featured][$eq]=yes',
    'filters[publishDate][$eq]=notadate',
    'filters[createdAt][$gt]=yesterday',
    'filters[$and]=x',
    'filters[$and][title]=x',
    'filters[$or]=1',
    'filters[$not]=x',
    'filters=abc',
    'filters[0]=x',
    'filters[title][$in]=x',
    'filters[title][$between]=a',
    'filters[title][$null]=maybe',
    'filters[title][$eq][$eq]=x',
    'filters[title][foo]=x',
    'filters[category][nope][$eq]=1',
    'filters[category][$foo]=1',
    'filters[seo][nope]=1',
    'filters[cover][nope]=1',
    'filters[id][$eq]=abc',
    'filters[$foo][title]=x',
    'filters[title][$EQ]=x',
    'filters[localizations][nope]=1',
    'filters[tags][articles][nope]=1',
    'filters[kind][$eq]=nonenum',
    'sort=title:asc:desc',
    'sort[0][title]=up',
    'sort=category',
    'sort=seo',
    'sort=tags.nope',
    'sort=category.nope:asc',
    'sort[title]=1',
    'sort=',
    'sort=cover',
    'sort=title:',
    'fields[0]=title,nope',
    'fields[0]=seo.metaTitle',
    'fields[0][0]=title',
    'populate=',
    'populate[0]=',
    'populate[]=category',
    'populate=seo.nope',
    'populate[seo][fields][0]=nope',
    'populate[blocks][fields][0]=id',
    'populate[blocks][on][shared.nope]=true',
    'populate[cover][populate]=*',
    'populate[blocks][populate][files]=true',
    'populate[category][populate][articles][populate][nope]=true',
    'pagination[page]=abc&pagination[pageSize]=abc',
    'pagination[start]=abc',
    'pagination[limit]=-1&pagination[start]=-1',
    'locale[foo]=x',
    'locale=',
    'locale=EN',
    'status[0]=draft',
    'status=',
    'status=DRAFT',
    'fields=&populate=&sort=',
    '_q=',
    '_q=STRAPI',
    'foo[bar]=1',
    'publicationState=live',
    'filters[documentId][$eq]=',
    'filters[id][$in][0]=abc',
  ];
  for (const b of bad) add('bad', list('articles', b, 'fields[0]=title', 'pagination[pageSize]=3', 'sort=id:asc'));
  for (const p of [
    `/api/articles/${A1}?sort=nope`,
    `/api/articles/${A1}?pagination[page]=abc`,
    `/api/articles/${A1}?filters[nope]=1`,
    '/api/global?sort=nope',
    '/api/global?filters[nope]=1',
    '/api/global?status=foo',
    '/api/homepage?locale=fr',
    '/api/authors/doesnotexist?populate=nope',
    '/api/articles?populate[tags][count]=maybe',
  ])
    add('bad', p);
  return out;
}
