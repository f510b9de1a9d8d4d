// Deterministic generator of a large seed in the dataset format (see test/fixtures/kit/dataset.json), for the
// conformance kit's model (test/fixtures/kit/model). Same options → byte-identical output.
//
// Shape: `articles` documents in the default locale "en"; every third one also in "fr". 20% are draft-only; the
// others have a draft row (lower id) and a published row, as Strapi 5 stores them. Authors, categories and tags are
// neither localized nor draft & publish (their rows appear under both statuses, as the kit's do). Rows carry their
// relations one level deep (to-one as an object, to-many as an array), media as file objects, components with ids.

const EPOCH = Date.UTC(2025, 0, 1);
const WORDS = (
  'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore ' +
  'magna aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris nisi aliquip ex ea commodo consequat'
).split(' ');
const CATEGORY_NAMES = [
  'News',
  'Food & Drink',
  'Travel',
  'Technology',
  'Science',
  'Health',
  'Sports',
  'Culture',
  'Business',
  'Design',
  'Music',
  'Film',
  'Books',
  'Gaming',
  'Education',
  'Environment',
  'Politics',
  'Fashion',
  'Photography',
  'History',
];

/** mulberry32: a small, fast, seedable PRNG. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function generateDataset({ articles = 10_000, authors = 50, categories = 20, tags = 100, seed = 42 } = {}) {
  const rand = prng(seed);
  const int = (n) => Math.floor(rand() * n);
  const pick = (list) => list[int(list.length)];
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const usedIds = new Set();
  const documentId = () => {
    for (;;) {
      let s = '';
      for (let i = 0; i < 24; i++) s += alphabet[int(36)];
      if (!usedIds.has(s)) return (usedIds.add(s), s);
    }
  };
  const words = (n) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const sentence = (n) => {
    const w = words(n);
    return w[0].toUpperCase() + w.slice(1) + '.';
  };
  const at = (minutes) => new Date(EPOCH + minutes * 60_000).toISOString();
  const slugify = (s) =>
    s
      .toLowerCase()
      .replace(/&/g, 'and')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');

  // --- media library: a few files
  const mediaSpec = [
    ['mountains', 'png', 'image/png', 1200, 800],
    ['portrait', 'png', 'image/png', 400, 400],
    ['city', 'jpg', 'image/jpeg', 1600, 900],
    ['manual', 'pdf', 'application/pdf', null, null],
    ['river', 'webp', 'image/webp', 800, 600],
  ];
  const media = mediaSpec.map(([name, ext, mime, width, height], i) => {
    const hash = `${name}_${(0x1f7dbf5d83 + i * 7919).toString(16)}`;
    const image = width !== null;
    return {
      id: i + 1,
      documentId: documentId(),
      name: `${name}.${ext}`,
      alternativeText: image ? `${name} picture` : null,
      caption: null,
      focalPoint: null,
      width,
      height,
      formats: image
        ? {
            thumbnail: {
              name: `thumbnail_${name}.${ext}`,
              hash: `thumbnail_${hash}`,
              ext: `.${ext}`,
              mime,
              path: null,
              width: Math.round((width * 156) / height),
              height: 156,
              size: 20.5,
              sizeInBytes: 20500,
              url: `/uploads/thumbnail_${hash}.${ext}`,
            },
          }
        : null,
      hash,
      ext: `.${ext}`,
      mime,
      size: 100 + i * 17.25,
      url: `/uploads/${hash}.${ext}`,
      previewUrl: null,
      provider: 'local',
      provider_metadata: null,
      createdAt: at(-60 + i),
      updatedAt: at(-60 + i),
      publishedAt: at(-60 + i),
    };
  });
  const images = media.filter((m) => m.width !== null);

  // --- non-localized, no draft & publish targets
  let minute = 0;
  const categoryRows = Array.from({ length: categories }, (_, i) => {
    const name = i < CATEGORY_NAMES.length ? CATEGORY_NAMES[i] : `Category ${i + 1}`;
    const t = at(++minute);
    return {
      id: i + 1,
      documentId: documentId(),
      name,
      slug: slugify(name),
      description: sentence(6),
      createdAt: t,
      updatedAt: t,
      publishedAt: t,
    };
  });
  const authorRows = Array.from({ length: authors }, (_, i) => {
    const first = pick(['ada', 'alan', 'grace', 'linus', 'margaret', 'dennis', 'barbara', 'ken', 'frances', 'edsger']);
    const name = `${first} ${String.fromCharCode(97 + (i % 26))}${i + 1}`;
    const t = at(++minute);
    return {
      id: i + 1,
      documentId: documentId(),
      name,
      email: `${first}.${i + 1}@example.com`,
      bio: i % 3 ? sentence(8) : null,
      createdAt: t,
      updatedAt: t,
      publishedAt: t,
    };
  });
  const tagRows = Array.from({ length: tags }, (_, i) => {
    const t = at(++minute);
    return {
      id: i + 1,
      documentId: documentId(),
      name: `tag-${String(i + 1).padStart(3, '0')}`,
      createdAt: t,
      updatedAt: t,
      publishedAt: t,
    };
  });
  // authors with their avatar, as the kit's author rows carry it (populate=avatar)
  const authorDocs = authorRows.map((a, i) => ({ ...a, avatar: i % 4 === 0 ? null : images[i % images.length] }));

  // --- articles
  const componentIds = { 'shared.seo': 0, 'shared.link': 0, 'shared.quote': 0, 'shared.rich-text': 0, 'shared.slider': 0 };
  const nextComponentId = (uid) => ++componentIds[uid];
  const en = { draft: [], published: [] };
  const fr = { draft: [], published: [] };
  let rowId = 0;

  for (let n = 0; n < articles; n++) {
    const docId = documentId();
    const draftOnly = rand() < 0.2;
    const withFr = n % 3 === 0;
    // shared (non-localized) attributes
    const views = int(10_000);
    const rating = Math.round(rand() * 50) / 10;
    const featured = rand() < 0.15;
    const publishDate = new Date(Date.UTC(2023, 0, 1) + int(730) * 86_400_000).toISOString().slice(0, 10);
    const kind = pick(['news', 'review', 'opinion']);
    const metadata = { readingTime: 1 + int(20), tags: ['a', 'b'].slice(0, 1 + int(2)), nested: { flag: rand() < 0.5, level: int(4) } };
    const category = rand() < 0.95 ? categoryRows[int(categoryRows.length)] : null;
    const author = rand() < 0.9 ? authorRows[int(authorRows.length)] : null;
    const tagCount = int(5);
    const articleTags = [];
    for (let k = 0; k < tagCount; k++) {
      const t = tagRows[int(tagRows.length)];
      if (!articleTags.includes(t)) articleTags.push(t);
    }
    const cover = rand() < 0.7 ? images[int(images.length)] : null;
    const gallery = rand() < 0.5 ? [media[int(media.length)], media[int(media.length)]].filter((m, i, a) => a.indexOf(m) === i) : [];
    const baseTitle = `${sentence(3 + int(5)).slice(0, -1)} ${n + 1}`;
    const slug = slugify(baseTitle);
    const createdMinute = 1_000 + n;

    const localizedContent = (locale) => {
      const title = locale === 'en' ? baseTitle : `${baseTitle} (fr)`;
      const linkCount = 1 + int(2);
      const blockKinds = Array.from({ length: int(3) }, () => pick(['shared.quote', 'shared.rich-text', 'shared.slider']));
      return {
        title,
        description: rand() < 0.8 ? sentence(10) : null,
        body: [{ type: 'paragraph', children: [{ type: 'text', text: sentence(12) }] }],
        content: `# ${title}\n\n${sentence(15)}\n\n**Bold** and _italic_.`,
        seo: {
          metaTitle: `SEO ${n + 1} ${locale}`,
          metaDescription: sentence(8),
          shareImage: rand() < 0.3 ? images[int(images.length)] : null,
          links: Array.from({ length: linkCount }, (_, k) => ({
            label: `Link ${k + 1}`,
            url: `https://example.com/${locale}/${n + 1}/${k + 1}`,
          })),
        },
        blocks: blockKinds.map((uid) =>
          uid === 'shared.quote'
            ? { title: `Quote ${n + 1}`, body: sentence(8), __component: uid }
            : uid === 'shared.rich-text'
              ? { body: `Some **rich** text ${n + 1}.`, __component: uid }
              : { files: [images[int(images.length)]], __component: uid },
        ),
      };
    };
    // one row: fresh component ids per row, as Strapi copies components per row
    const makeRow = (content, locale, id, status, edited) => {
      const created = at(createdMinute + (locale === 'fr' ? 0.5 : 0));
      const updated = status === 'draft' && edited ? at(createdMinute + 60) : created;
      return {
        id,
        documentId: docId,
        title: edited && status === 'draft' ? `${content.title} (draft edit)` : content.title,
        slug,
        description: content.description,
        body: content.body,
        content: content.content,
        views,
        rating,
        featured,
        publishDate,
        kind,
        metadata,
        createdAt: created,
        updatedAt: updated,
        publishedAt: status === 'published' ? at(createdMinute + 1) : null,
        locale,
        category,
        author,
        tags: articleTags,
        cover,
        gallery,
        seo: {
          id: nextComponentId('shared.seo'),
          metaTitle: content.seo.metaTitle,
          metaDescription: content.seo.metaDescription,
          shareImage: content.seo.shareImage,
          links: content.seo.links.map((l) => ({ id: nextComponentId('shared.link'), ...l })),
        },
        blocks: content.blocks.map((b) => ({ id: nextComponentId(b.__component), ...b })),
      };
    };
    for (const [locale, bucket, present] of [
      ['en', en, true],
      ['fr', fr, withFr],
    ]) {
      if (!present) continue;
      const content = localizedContent(locale);
      const edited = rand() < 0.25;
      bucket.draft.push(makeRow(content, locale, ++rowId, 'draft', edited));
      if (!draftOnly) bucket.published.push(makeRow(content, locale, ++rowId, 'published', edited));
    }
  }

  const meta = (singularName, pluralName, draftAndPublish, localized) => ({
    uid: `api::${singularName}.${singularName}`,
    kind: 'collectionType',
    singularName,
    pluralName,
    collectionName: pluralName,
    route: `/api/${pluralName}`,
    draftAndPublish,
    localized,
  });
  const t = at(0);
  return {
    format: 'strapi-oracle-dataset/1',
    strapiVersion: '5.x (generated)',
    source: 'scripts/bench/generate-dataset.mjs',
    notes: [`generated: ${articles} articles, ${authors} authors, ${categories} categories, ${tags} tags, seed ${seed}`],
    defaultLocale: 'en',
    locales: [
      { id: 1, documentId: documentId(), name: 'English (en)', code: 'en', createdAt: t, updatedAt: t, publishedAt: t, isDefault: true },
      { id: 2, documentId: documentId(), name: 'French (fr)', code: 'fr', createdAt: t, updatedAt: t, publishedAt: t, isDefault: false },
    ],
    media,
    contentTypes: {
      'api::article.article': { ...meta('article', 'articles', true, true), documents: { en, fr } },
      'api::author.author': {
        ...meta('author', 'authors', false, false),
        documents: { '*none*': { draft: authorDocs, published: authorDocs } },
      },
      'api::category.category': {
        ...meta('category', 'categories', false, false),
        documents: { '*none*': { draft: categoryRows, published: categoryRows } },
      },
      'api::tag.tag': { ...meta('tag', 'tags', false, false), documents: { '*none*': { draft: tagRows, published: tagRows } } },
    },
  };
}

/** Facts the benchmark queries need: an existing category name and tag name that match some published articles. */
export function pickQueryTargets(dataset) {
  const published = dataset.contentTypes['api::article.article'].documents.en.published;
  const sample = published.find((a) => a.category && a.tags.length > 0);
  return {
    categoryName: sample.category.name,
    tagName: sample.tags[0].name,
    documentId: published[Math.floor(published.length / 2)].documentId,
    // for the new-URL mode (bench/new-urls.mjs): the first document is the same-URL query's
    documentIds: [published[Math.floor(published.length / 2)], ...published].map((a) => a.documentId),
    categoryNames: [
      sample.category.name,
      ...dataset.contentTypes['api::category.category'].documents['*none*'].published.map((c) => c.name),
    ],
    tagNames: [sample.tags[0].name, ...dataset.contentTypes['api::tag.tag'].documents['*none*'].published.map((t) => t.name)],
    publishedRows: published.length,
  };
}
