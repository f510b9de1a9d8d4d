#!/usr/bin/env node
// Generates data/seed.json: the embedded default example served by `content-mock serve`.
//
// The content model is read from data/schemas (laid out like a Strapi project's src/); the content below is
// written by hand and expanded into full documents exactly as Strapi 5's REST API returns them with every
// relation, media field, component and dynamic zone populated one level (the format of the conformance kit's
// dataset.json).
//
// Deterministic: no clock, no Math.random. documentIds and upload hashes come from a PRNG seeded by a stable
// key, so re-running gives byte-identical output. No dependencies; Node 20+.
//
//   node scripts/make-example.mjs            write data/seed.json
//   node scripts/make-example.mjs --check    exit 1 if data/seed.json is not up to date

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DATA_DIR = path.join(ROOT, 'data');
const SCHEMA_DIR = path.join(DATA_DIR, 'schemas');
const OUT_FILE = path.join(DATA_DIR, 'seed.json');

// ---------------------------------------------------------------------------------------------------------------
// Deterministic helpers

function fnv1a(str) {
  let h = 0x811c9dc5;
  for (const ch of str) {
    h ^= ch.codePointAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const ALNUM = LETTERS + '0123456789';
const usedDocumentIds = new Set();

/** A cuid2-like documentId (24 chars, lowercase alphanumeric, starts with a letter) derived from a stable key. */
function documentIdFor(key) {
  const next = mulberry32(fnv1a(`documentId:${key}`));
  let id = LETTERS[Math.floor(next() * LETTERS.length)];
  while (id.length < 24) id += ALNUM[Math.floor(next() * ALNUM.length)];
  if (usedDocumentIds.has(id)) throw new Error(`documentId collision for ${key}`);
  usedDocumentIds.add(id);
  return id;
}

function hexFor(key, length) {
  const next = mulberry32(fnv1a(`hex:${key}`));
  let out = '';
  while (out.length < length) out += Math.floor(next() * 16).toString(16);
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Small utilities

/** '2025-01-14 09:20' -> '2025-01-14T09:20:00.000Z' */
function at(text) {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(?::(\d{2}))?$/.exec(text);
  if (!m) throw new Error(`bad time ${text}`);
  return `${m[1]}T${m[2]}:${m[3] ?? '00'}.000Z`;
}

function addMinutes(iso, minutes) {
  return new Date(Date.parse(iso) + minutes * 60_000).toISOString();
}

function slugify(text) {
  return text
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Multi-line text: strip the common indentation of a template literal. */
function md(text) {
  return text
    .replace(/^\n/, '')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .trim();
}

function inline(text) {
  const nodes = [];
  const re = /\*\*(.+?)\*\*|(?<![\w])_(.+?)_(?![\w])|\[(.+?)\]\((.+?)\)/g;
  let last = 0;
  let m;
  while ((m = re.exec(text))) {
    if (m.index > last) nodes.push({ type: 'text', text: text.slice(last, m.index) });
    if (m[1] !== undefined) nodes.push({ type: 'text', text: m[1], bold: true });
    else if (m[2] !== undefined) nodes.push({ type: 'text', text: m[2], italic: true });
    else nodes.push({ type: 'link', url: m[4], children: [{ type: 'text', text: m[3] }] });
    last = re.lastIndex;
  }
  if (last < text.length) nodes.push({ type: 'text', text: text.slice(last) });
  if (nodes.length === 0) nodes.push({ type: 'text', text: '' });
  return nodes;
}

/** A tiny markdown-ish source -> Strapi "blocks" (headings, paragraphs, lists, quotes, bold/italic/links). */
function blocks(source) {
  return md(source)
    .split(/\n\s*\n/)
    .map((chunk) => {
      const lines = chunk.split('\n');
      const heading = /^(#{1,6}) (.*)$/.exec(lines[0]);
      if (heading && lines.length === 1) {
        return { type: 'heading', level: heading[1].length, children: inline(heading[2]) };
      }
      if (lines.every((l) => l.startsWith('- '))) {
        return {
          type: 'list',
          format: 'unordered',
          children: lines.map((l) => ({ type: 'list-item', children: inline(l.slice(2)) })),
        };
      }
      if (lines.every((l) => /^\d+\. /.test(l))) {
        return {
          type: 'list',
          format: 'ordered',
          children: lines.map((l) => ({ type: 'list-item', children: inline(l.replace(/^\d+\. /, '')) })),
        };
      }
      if (lines.every((l) => l.startsWith('> '))) {
        return { type: 'quote', children: inline(lines.map((l) => l.slice(2)).join(' ')) };
      }
      return { type: 'paragraph', children: inline(lines.join(' ')) };
    });
}

const clone = (v) => (v === undefined ? undefined : structuredClone(v));

function fail(message) {
  throw new Error(message);
}

// ---------------------------------------------------------------------------------------------------------------
// Schemas (read from data/schemas, laid out like a Strapi project's src/)

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function sortedDir(dir) {
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

function loadSchemas() {
  const contentTypes = {};
  for (const api of sortedDir(path.join(SCHEMA_DIR, 'api'))) {
    const ctDir = path.join(SCHEMA_DIR, 'api', api, 'content-types');
    for (const name of sortedDir(ctDir)) {
      const file = path.join(ctDir, name, 'schema.json');
      if (!fs.existsSync(file)) continue;
      contentTypes[`api::${api}.${name}`] = readJson(file);
    }
  }
  const components = {};
  for (const category of sortedDir(path.join(SCHEMA_DIR, 'components'))) {
    for (const file of sortedDir(path.join(SCHEMA_DIR, 'components', category))) {
      if (!file.endsWith('.json')) continue;
      const uid = `${category}.${file.slice(0, -'.json'.length)}`;
      components[uid] = { uid, ...readJson(path.join(SCHEMA_DIR, 'components', category, file)) };
    }
  }
  const sortKeys = (obj) =>
    Object.fromEntries(
      Object.keys(obj)
        .sort()
        .map((k) => [k, obj[k]]),
    );
  return { contentTypes: sortKeys(contentTypes), components: sortKeys(components) };
}

const POPULATED = new Set(['relation', 'media', 'component', 'dynamiczone']);
const isScalar = (attr) => !POPULATED.has(attr.type);
const isLocalizedType = (schema) => schema.pluginOptions?.i18n?.localized === true;
const isDraftAndPublish = (schema) => schema.options?.draftAndPublish === true;
const isLocalizedAttr = (attr) => attr.pluginOptions?.i18n?.localized === true;
const isToMany = (attr) => attr.relation === 'oneToMany' || attr.relation === 'manyToMany';

// ---------------------------------------------------------------------------------------------------------------
// Locales

const DEFAULT_LOCALE = 'en';
const LOCALES = [
  { code: 'en', name: 'English (en)', at: '2025-01-06 08:00' },
  { code: 'fr', name: 'French (fr)', at: '2025-01-06 08:01' },
  { code: 'de', name: 'German (de)', at: '2025-01-06 08:02' },
].map((l, i) => ({
  id: i + 1,
  documentId: documentIdFor(`locale:${l.code}`),
  name: l.name,
  code: l.code,
  createdAt: at(l.at),
  updatedAt: at(l.at),
  publishedAt: at(l.at),
  isDefault: l.code === DEFAULT_LOCALE,
}));
const LOCALE_CODES = LOCALES.map((l) => l.code);

// ---------------------------------------------------------------------------------------------------------------
// Media library

const MIME = { '.jpg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp', '.pdf': 'application/pdf', '.mp4': 'video/mp4' };
const BREAKPOINTS = [
  ['small', 500],
  ['medium', 750],
  ['large', 1000],
];

// [key, file name, width, height, size in kB, alternativeText, caption]
const MEDIA_SPECS = [
  [
    'bernina-viaduct',
    'bernina-viaduct.jpg',
    1600,
    1067,
    412.37,
    'A red train crossing a curved stone viaduct in the snow',
    'The Brusio spiral viaduct in January',
  ],
  ['alp-grum', 'alp-grum-station.jpg', 1600, 1067, 388.02, 'A small station building above a frozen lake', null],
  ['la-concha', 'la-concha-bay.jpg', 2048, 1365, 604.5, 'The curve of La Concha bay seen from Monte Urgull', 'La Concha at low tide'],
  [
    'pintxos-bar',
    'pintxos-bar.jpg',
    1200,
    800,
    251.84,
    'A bar counter covered with small plates of pintxos',
    'Friday night in the Parte Vieja',
  ],
  [
    'kumano-path',
    'kumano-kodo-forest-path.jpg',
    1200,
    1600,
    455.1,
    'Mossy stone steps through a cedar forest',
    'The Nakahechi trail after rain',
  ],
  ['lisbon-tram', 'lisbon-tram-28.jpg', 1400, 933, 301.66, 'A yellow tram climbing a narrow cobbled street', 'Tram 28 on Rua de São Tomé'],
  ['lisbon-dawn', 'miradouro-santa-luzia.jpg', 1600, 1200, 377.25, 'Tiled terrace overlooking red roofs and the river at dawn', null],
  ['reine', 'reine-lofoten.jpg', 2048, 1365, 702.93, 'Red fishing cabins below steep snowy peaks', 'Reine, Moskenesøya'],
  ['mekong-boat', 'mekong-slow-boat.webp', 1280, 853, 198.4, 'A long wooden boat moored on a brown river', 'Slow boat at Pakbeng'],
  ['oaxaca-market', 'oaxaca-mercado.jpg', 1080, 1080, 265.08, 'Piles of dried chiles at a market stall', 'Mercado 20 de Noviembre'],
  ['toubkal-ridge', 'toubkal-ridge.jpg', 1600, 900, 341.77, 'Hikers on a rocky ridge under a deep blue sky', null],
  ['maya-avatar', 'maya-okafor.png', 400, 400, 96.31, 'Portrait of Maya Okafor', null],
  ['jonas-avatar', 'jonas-lindqvist.jpg', 512, 512, 74.9, 'Portrait of Jonas Lindqvist', null],
  ['logo', 'slow-roads-logo.png', 240, 80, 6.12, 'Slow Roads', null],
  ['packing-list', 'onsen-packing-list.pdf', null, null, 84.12, null, 'Printable packing list (A4)'],
  ['northern-lights', 'lofoten-northern-lights.mp4', null, null, 4821.5, null, 'Time-lapse, 40 seconds'],
];

function fitInside(width, height, box) {
  const scale = Math.min(box / width, box / height);
  return [Math.round(width * scale), Math.round(height * scale)];
}

function buildMedia() {
  return MEDIA_SPECS.map(([key, name, width, height, kb, alternativeText, caption], i) => {
    const ext = path.extname(name);
    const base = name.slice(0, -ext.length).replace(/[^a-z0-9]+/gi, '_');
    const hash = `${base}_${hexFor(`media:${key}`, 10)}`;
    const mime = MIME[ext] ?? fail(`no mime for ${ext}`);
    let formats = null;
    if (mime.startsWith('image/') && width && height) {
      const wanted = [];
      const thumbScale = Math.min(245 / width, 156 / height);
      if (thumbScale < 1) wanted.push(['thumbnail', Math.round(width * thumbScale), Math.round(height * thumbScale)]);
      for (const [fmt, box] of BREAKPOINTS) {
        if (width > box || height > box) wanted.push([fmt, ...fitInside(width, height, box)]);
      }
      if (wanted.length) {
        formats = {};
        for (const [fmt, w, h] of wanted) {
          const bytes = Math.round(kb * 1000 * ((w * h) / (width * height)) * 1.12);
          formats[fmt] = {
            name: `${fmt}_${name}`,
            hash: `${fmt}_${hash}`,
            ext,
            mime,
            path: null,
            width: w,
            height: h,
            size: Math.round(bytes / 10) / 100,
            sizeInBytes: bytes,
            url: `/uploads/${fmt}_${hash}${ext}`,
          };
        }
      }
    }
    const time = addMinutes(at('2025-01-10 10:00'), i * 7);
    return {
      key,
      file: {
        id: i + 1,
        documentId: documentIdFor(`media:${key}`),
        name,
        alternativeText,
        caption,
        focalPoint: null,
        width,
        height,
        formats,
        hash,
        ext,
        mime,
        size: kb,
        url: `/uploads/${hash}${ext}`,
        previewUrl: null,
        provider: 'local',
        provider_metadata: null,
        createdAt: time,
        updatedAt: time,
        publishedAt: time,
      },
    };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Content. Values use keys for references: media by media key, relations by document key.
//
// A document: { key, created, values (non-localized attributes), locales: { <code>: { values (localized
// attributes), status?, at?, published?, draft?: { at, values } } }, status?, draft?: { at, values } }
//   - status 'draft' = never published (draft only); default 'published' for draft & publish types
//   - draft = a later edit of the draft after publishing (doc level: shared attributes, all locales;
//     locale level: that locale only)
// Non-localized types use the locale key '*none*'.

const NONE = '*none*';

const season = {
  winter: { en: 'Winter (January to March)', fr: 'Hiver (janvier à mars)', de: 'Winter (Januar bis März)' },
  spring: { en: 'Spring (April to June)', fr: 'Printemps (avril à juin)', de: 'Frühling (April bis Juni)' },
  summer: { en: 'Summer (July and August)', fr: 'Été (juillet et août)', de: 'Sommer (Juli und August)' },
  autumn: { en: 'Autumn (September to November)', fr: 'Automne (septembre à novembre)', de: 'Herbst (September bis November)' },
  dry: { en: 'Dry season (November to February)', fr: 'Saison sèche (novembre à février)', de: 'Trockenzeit (November bis Februar)' },
};

const textBlock = (heading, body) => ({ __component: 'content.text-block', heading, body: md(body) });
const photoGallery = (caption, photos) => ({ __component: 'content.photo-gallery', caption, photos });
const callout = (tone, title, text) => ({ __component: 'content.callout', tone, title, text });
const stop = (place, nights, note = null) => ({ place, nights, note });
const overview = (durationDays, difficulty, bestSeason, stops) => ({ durationDays, difficulty, bestSeason, stops });

const CONTRIBUTORS = [
  {
    key: 'maya',
    created: '2025-01-08 09:00',
    values: {
      name: 'Maya Okafor',
      email: 'maya.okafor@slowroads.example',
      role: 'writer',
      bio: 'Former railway engineer who now writes about getting places slowly. Based in Basel.',
      website: 'https://mayaokafor.example',
      avatar: 'maya-avatar',
    },
  },
  {
    key: 'jonas',
    created: '2025-01-08 09:05',
    values: {
      name: 'Jonas Lindqvist',
      email: 'jonas@slowroads.example',
      role: 'photographer',
      bio: 'Photographer from Tromsø who chases low winter light and will wait three hours for one frame.',
      website: null,
      avatar: 'jonas-avatar',
    },
  },
  {
    key: 'ines',
    created: '2025-01-08 09:10',
    values: {
      name: 'Inès Moreau',
      email: 'ines.moreau@slowroads.example',
      role: 'editor',
      bio: 'Food writer and editor of the French edition. Will cross a border for a good market.',
      website: 'https://ines-moreau.example',
      avatar: null,
    },
  },
  {
    key: 'kenji',
    created: '2025-01-08 09:15',
    values: {
      name: 'Kenji Watanabe',
      email: 'kenji.w@slowroads.example',
      role: 'writer',
      bio: null,
      website: null,
      avatar: null,
    },
  },
  {
    key: 'lena',
    created: '2025-01-08 09:20',
    values: {
      name: 'Lena Hoffmann',
      email: 'lena.hoffmann@slowroads.example',
      role: 'writer',
      bio: 'Hut-to-hut hiker and editor of the German edition.',
      website: null,
      avatar: null,
    },
  },
];

const THEME_SPECS = [
  ['rail', 'Rail journeys', 'Trains, night trains and the views between stations.'],
  ['mountains', 'Mountains', 'Passes, peaks and the villages below them.'],
  ['winter', 'Winter travel', 'Snow, short days and warm rooms.'],
  ['food', 'Food & markets', 'Eating our way around: markets, cooking classes, bar counters.'],
  ['city', 'City walks', 'Cities explored on foot, one neighbourhood at a time.'],
  ['hiking', 'Hiking & trekking', 'Multi-day walks, huts and trails.'],
  ['culture', 'Culture & festivals', null],
  ['budget', 'On a budget', 'Trips that cost less than you would think.'],
  ['slow', 'Slow travel', 'Fewer places, more time in each.'],
  ['coast', 'Coast & islands', null],
  ['photo', 'Photography', 'Stories told mostly in pictures.'],
];
const THEMES = THEME_SPECS.map(([key, name, description], i) => ({
  key,
  created: addMinutes(at('2025-01-08 11:00'), i * 3)
    .slice(0, 16)
    .replace('T', ' '),
  values: { name, slug: slugify(name), description },
}));

const DESTINATIONS = [
  {
    key: 'graubunden',
    created: '2025-01-09 08:00',
    values: {
      slug: 'graubunden',
      region: 'europe',
      latitude: 46.6563,
      longitude: 9.6281,
      bestMonths: [1, 2, 3, 7, 8, 9],
      heroImage: 'bernina-viaduct',
    },
    locales: {
      en: {
        values: {
          name: 'Graubünden',
          country: 'Switzerland',
          summary: 'The largest Swiss canton: 150 valleys, three languages and some of the most spectacular railways in Europe.',
        },
      },
      fr: {
        values: {
          name: 'Grisons',
          country: 'Suisse',
          summary:
            'Le plus grand canton suisse : 150 vallées, trois langues et quelques-unes des lignes de chemin de fer les plus spectaculaires d’Europe.',
        },
      },
      de: {
        values: {
          name: 'Graubünden',
          country: 'Schweiz',
          summary: 'Der grösste Kanton der Schweiz: 150 Täler, drei Sprachen und einige der schönsten Bahnstrecken Europas.',
        },
      },
    },
  },
  {
    key: 'san-sebastian',
    created: '2025-01-09 08:10',
    values: {
      slug: 'san-sebastian',
      region: 'europe',
      latitude: 43.3183,
      longitude: -1.9812,
      bestMonths: [5, 6, 9, 10],
      heroImage: 'la-concha',
    },
    locales: {
      en: {
        values: {
          name: 'San Sebastián',
          country: 'Spain',
          summary: 'A Basque seaside city with two beaches, one surf break and more pintxo bars per street than anywhere else.',
        },
      },
      fr: {
        values: {
          name: 'Saint-Sébastien',
          country: 'Espagne',
          summary: 'Une ville basque au bord de l’océan : deux plages, un spot de surf et des bars à pintxos à chaque coin de rue.',
        },
      },
      de: {
        values: {
          name: 'San Sebastián',
          country: 'Spanien',
          summary: 'Baskische Küstenstadt mit zwei Stränden, einem Surfspot und unzähligen Pintxo-Bars.',
        },
      },
    },
  },
  {
    key: 'kii',
    created: '2025-01-09 08:20',
    values: {
      slug: 'kii-peninsula',
      region: 'asia',
      latitude: 33.8403,
      longitude: 135.7736,
      bestMonths: [3, 4, 5, 10, 11],
      heroImage: 'kumano-path',
    },
    locales: {
      en: {
        values: {
          name: 'Kii Peninsula',
          country: 'Japan',
          summary: 'Forested mountains south of Osaka, crossed by the Kumano Kodo pilgrimage routes and dotted with hot springs.',
        },
      },
      fr: {
        values: {
          name: 'Péninsule de Kii',
          country: 'Japon',
          summary: 'Des montagnes boisées au sud d’Osaka, traversées par les chemins de pèlerinage du Kumano Kodo.',
        },
      },
      de: {
        values: {
          name: 'Kii-Halbinsel',
          country: 'Japan',
          summary: 'Bewaldete Berge südlich von Osaka, durchzogen von den Pilgerwegen des Kumano Kodo.',
        },
      },
    },
  },
  {
    key: 'lisbon',
    created: '2025-01-09 08:30',
    values: {
      slug: 'lisbon',
      region: 'europe',
      latitude: 38.7223,
      longitude: -9.1393,
      bestMonths: [4, 5, 6, 9, 10],
      heroImage: 'lisbon-tram',
    },
    locales: {
      en: { values: { name: 'Lisbon', country: 'Portugal', summary: 'Seven hills, yellow trams and tiled viewpoints over the Tagus.' } },
      fr: {
        values: {
          name: 'Lisbonne',
          country: 'Portugal',
          summary: 'Sept collines, des tramways jaunes et des belvédères carrelés sur le Tage.',
        },
      },
      de: {
        values: {
          name: 'Lissabon',
          country: 'Portugal',
          summary: 'Sieben Hügel, gelbe Strassenbahnen und gekachelte Aussichtspunkte über dem Tejo.',
        },
      },
    },
  },
  {
    key: 'lofoten',
    created: '2025-01-09 08:40',
    values: {
      slug: 'lofoten',
      region: 'europe',
      latitude: 68.1538,
      longitude: 13.6152,
      bestMonths: [2, 3, 6, 7, 8],
      heroImage: 'reine',
    },
    locales: {
      en: {
        values: {
          name: 'Lofoten',
          country: 'Norway',
          summary: 'An Arctic archipelago of granite peaks, fishing villages and very changeable weather.',
        },
      },
      fr: {
        values: {
          name: 'Lofoten',
          country: 'Norvège',
          summary: 'Un archipel arctique de pics de granit, de villages de pêcheurs et de météo très changeante.',
        },
      },
    },
  },
  {
    key: 'luang-prabang',
    created: '2025-01-09 08:50',
    values: {
      slug: 'luang-prabang',
      region: 'asia',
      latitude: 19.8856,
      longitude: 102.1347,
      bestMonths: [11, 12, 1, 2],
      heroImage: 'mekong-boat',
    },
    locales: {
      en: {
        values: {
          name: 'Luang Prabang',
          country: 'Laos',
          summary: 'A former royal capital on a peninsula between the Mekong and the Nam Khan, full of temples and slow afternoons.',
        },
      },
      fr: {
        values: {
          name: 'Luang Prabang',
          country: 'Laos',
          summary: 'Ancienne capitale royale entre le Mékong et la Nam Khan, pleine de temples et d’après-midi tranquilles.',
        },
      },
    },
  },
  {
    key: 'oaxaca',
    created: '2025-01-09 09:00',
    values: {
      slug: 'oaxaca',
      region: 'americas',
      latitude: 17.0732,
      longitude: -96.7266,
      bestMonths: [10, 11, 12, 3],
      heroImage: 'oaxaca-market',
    },
    locales: {
      en: {
        values: {
          name: 'Oaxaca',
          country: 'Mexico',
          summary: 'A colonial city in the southern highlands, famous for its markets, its seven moles and mezcal.',
        },
      },
      fr: {
        values: {
          name: 'Oaxaca',
          country: 'Mexique',
          summary: 'Une ville coloniale des hauts plateaux du sud, célèbre pour ses marchés, ses sept moles et le mezcal.',
        },
      },
      de: {
        values: {
          name: 'Oaxaca',
          country: 'Mexiko',
          summary: 'Eine Kolonialstadt im südlichen Hochland, bekannt für ihre Märkte, ihre sieben Moles und Mezcal.',
        },
      },
    },
  },
  {
    key: 'high-atlas',
    created: '2025-01-09 09:10',
    values: {
      slug: 'high-atlas',
      region: 'africa',
      latitude: 31.0598,
      longitude: -7.9159,
      bestMonths: [4, 5, 6, 9, 10],
      heroImage: 'toubkal-ridge',
    },
    locales: {
      en: {
        values: {
          name: 'High Atlas',
          country: 'Morocco',
          summary: 'North Africa’s highest range, an hour and a half from Marrakech, with Berber villages and the 4,167 m Toubkal.',
        },
      },
      fr: {
        values: {
          name: 'Haut Atlas',
          country: 'Maroc',
          summary: 'La plus haute chaîne d’Afrique du Nord, à une heure et demie de Marrakech, avec ses villages berbères et le Toubkal.',
        },
      },
      de: {
        values: {
          name: 'Hoher Atlas',
          country: 'Marokko',
          summary: 'Das höchste Gebirge Nordafrikas, anderthalb Stunden von Marrakesch, mit Berberdörfern und dem 4167 m hohen Toubkal.',
        },
      },
    },
  },
];

const STORIES = [
  {
    key: 'bernina',
    created: '2025-01-14 09:20',
    values: {
      readingTime: 7,
      dailyBudget: 210,
      distanceKm: 144.5,
      featured: true,
      travelDate: '2024-12-18',
      lastVerifiedAt: at('2025-01-10 16:45'),
      tripType: 'rail-journey',
      stats: { trains: 3, tunnels: 55, bridges: 196, highestPointM: 2253, currency: 'CHF' },
      destination: 'graubunden',
      contributor: 'maya',
      themes: ['rail', 'mountains', 'winter'],
      photoCredit: 'jonas',
      cover: 'bernina-viaduct',
      gallery: ['bernina-viaduct', 'alp-grum'],
    },
    draft: {
      at: '2025-03-02 11:05',
      values: {
        dailyBudget: 225,
        lastVerifiedAt: at('2025-03-02 10:30'),
        stats: { trains: 3, tunnels: 55, bridges: 196, highestPointM: 2253, currency: 'CHF', timetable: 2025 },
      },
    },
    locales: {
      en: {
        values: {
          title: 'Riding the Bernina Express in Winter',
          excerpt: 'Four hours, 55 tunnels and 196 bridges: the slowest, loveliest way across the Alps, from Chur to Tirano.',
          body: blocks(`
            The Bernina line was never meant to be fast. Built between 1908 and 1910 to bring visitors up to the glaciers, it still climbs gradients of **7 %** without a rack, something a railway nerd will tell you within five minutes of boarding.

            ## Chur to the Engadin

            Out of Chur the train follows the Albula valley, corkscrews through the spiral tunnels above Bergün and reaches the Engadin just as the light turns blue. In December the snow at Preda comes up to the windows.

            ## Over the pass

            - Swap sides at Ospizio Bernina, 2,253 m: the view changes with every curve
            - Get off at Alp Grüm for the drop to Lago di Poschiavo, then catch the next train
            - Keep your ticket handy, it is checked twice

            > We had the panorama car almost to ourselves on a Tuesday morning.

            The descent to Tirano takes you from glaciers to palm trees in under two hours, ending with the famous spiral viaduct at Brusio.
          `),
          practicalInfo: md(`
            ## Tickets

            A regular ticket Chur–Tirano works on every train; the panorama train only adds a **seat reservation**, which is worth booking in winter.

            ## When to go

            - **January to March** for deep snow
            - **July to September** for the open-air carriages

            Timetables are on the [Rhaetian Railway site](https://www.rhb.ch).
          `),
          overview: overview(2, 'easy', season.winter.en, [
            stop('Chur', 1, 'Stay near the station: the first train leaves before eight.'),
            stop('Pontresina', 1),
            stop('Tirano', 0, 'The Italian side: pay in euros.'),
          ]),
          sections: [
            textBlock(
              'Why winter?',
              `
              Summer is busier and the carriages are hot. In winter the line is half empty, the light is low and the snow turns every bridge into a postcard.
            `,
            ),
            photoGallery('Between Alp Grüm and Brusio', ['alp-grum', 'bernina-viaduct']),
            callout(
              'tip',
              'Save on tickets',
              'A Swiss Half Fare Card pays for itself on this single trip if you travel back the same way.',
            ),
          ],
        },
        draft: {
          at: '2025-03-02 11:05',
          values: {
            excerpt: 'Updated for the 2025 timetable: four hours, 55 tunnels and 196 bridges from Chur to Tirano.',
            overview: overview(2, 'easy', season.winter.en, [
              stop('Chur', 1, 'Stay near the station: the first train leaves before eight.'),
              stop('Pontresina', 1, 'Book the Morteratsch glacier walk the evening before.'),
              stop('Tirano', 0, 'The Italian side: pay in euros.'),
            ]),
          },
        },
      },
      fr: {
        at: '2025-01-16 14:00',
        values: {
          title: 'Le Bernina Express en hiver',
          excerpt: 'Quatre heures, 55 tunnels et 196 ponts : la traversée des Alpes la plus lente et la plus belle, de Coire à Tirano.',
          body: blocks(`
            La ligne de la Bernina n’a jamais été pensée pour aller vite. Elle grimpe des pentes de **7 %** sans crémaillère, ce que n’importe quel passionné vous expliquera dans les cinq premières minutes.

            En hiver, les voitures panoramiques sont presque vides et la neige recouvre chaque pont.
          `),
          practicalInfo: md(`
            ## Billets

            Un billet normal Coire–Tirano est valable dans tous les trains ; le train panoramique demande seulement une **réservation de place**.
          `),
          overview: overview(2, 'easy', season.winter.fr, [stop('Coire', 1), stop('Pontresina', 1), stop('Tirano', 0)]),
          sections: [callout('tip', 'Astuce', 'Changez de côté à l’Ospizio Bernina : la vue change à chaque virage.')],
        },
      },
      de: {
        at: '2025-01-17 10:30',
        values: {
          title: 'Mit dem Bernina Express durch den Winter',
          excerpt: 'Vier Stunden, 55 Tunnel und 196 Brücken: die langsamste und schönste Alpenüberquerung, von Chur nach Tirano.',
          body: blocks(`
            Die Berninalinie war nie für Tempo gebaut. Sie bewältigt Steigungen von **7 %** ganz ohne Zahnrad.

            Im Winter ist der Panoramawagen fast leer, und jede Brücke sieht aus wie eine Postkarte.
          `),
          practicalInfo: null,
          overview: null,
          sections: [],
        },
      },
    },
  },
  {
    key: 'pintxos',
    created: '2025-01-21 10:00',
    values: {
      readingTime: 6,
      dailyBudget: 120,
      distanceKm: null,
      featured: false,
      travelDate: '2024-10-04',
      lastVerifiedAt: at('2025-01-20 09:00'),
      tripType: 'food-trip',
      stats: { barsVisited: 14, favouritePintxo: 'gilda', euroPerPintxo: [2.5, 4.5] },
      destination: 'san-sebastian',
      contributor: 'ines',
      themes: ['food', 'city'],
      photoCredit: 'ines',
      cover: 'pintxos-bar',
      gallery: ['pintxos-bar', 'la-concha'],
    },
    locales: {
      en: {
        values: {
          title: 'Three Days of Pintxos in San Sebastián',
          excerpt: 'How to eat your way through the Parte Vieja without a reservation, a guidebook or a plate.',
          body: blocks(`
            The rules are simple: one pintxo and one drink per bar, then move on. Pay at the end, tell the barman what you had, and never sit down.

            ## The classics

            1. A _gilda_: olive, anchovy and pickled pepper on a stick
            2. Grilled mushrooms with an egg yolk
            3. Salt cod in any form

            ## Drinks

            Order a _txakoli_, poured from a height into a flat glass. A _zurito_ is a small beer, perfect for the next bar.
          `),
          practicalInfo: md(`
            Bars fill up from **8 pm**. Most kitchens close between 4 and 7 pm, and many bars close one day a week, often Monday or Tuesday.
          `),
          overview: overview(3, 'easy', season.autumn.en, [stop('Parte Vieja', 2, 'Noisy until 1 am on weekends.'), stop('Gros', 1)]),
          sections: [
            textBlock(
              'Where we stayed',
              'A small guesthouse in **Gros**, across the river: ten minutes on foot from the old town and two from the surf beach.',
            ),
            callout('warning', 'Cash', 'Some of the oldest bars still do not take cards.'),
          ],
        },
      },
      fr: {
        at: '2025-01-22 09:00',
        values: {
          title: 'Trois jours de pintxos à Saint-Sébastien',
          excerpt: 'Manger dans la Parte Vieja sans réservation, sans guide et sans assiette.',
          body: blocks(`
            La règle est simple : un pintxo et un verre par bar, puis on change. On paie à la fin et on ne s’assoit jamais.

            Commandez un _txakoli_, versé de haut dans un verre plat.
          `),
          practicalInfo: null,
          overview: overview(3, 'easy', season.autumn.fr, [stop('Parte Vieja', 2), stop('Gros', 1)]),
          sections: [callout('warning', 'Espèces', 'Certains des plus vieux bars n’acceptent toujours pas la carte.')],
        },
      },
      de: {
        at: '2025-02-03 16:20',
        status: 'draft',
        values: {
          title: 'Drei Tage Pintxos in San Sebastián',
          excerpt: 'Übersetzung in Arbeit.',
          body: blocks(`
            Die Regel ist einfach: ein Pintxo und ein Getränk pro Bar, dann weiter.
          `),
          practicalInfo: null,
          overview: null,
          sections: [],
        },
      },
    },
  },
  {
    key: 'kumano',
    created: '2025-01-27 08:45',
    values: {
      readingTime: 9,
      dailyBudget: 95.5,
      distanceKm: 38.2,
      featured: true,
      travelDate: '2024-11-12',
      lastVerifiedAt: null,
      tripType: 'trek',
      stats: { days: 3, elevationGainM: 2400, onsenVisited: 2, route: 'Nakahechi' },
      destination: 'kii',
      contributor: 'kenji',
      themes: ['hiking', 'culture', 'slow'],
      photoCredit: null,
      cover: 'kumano-path',
      gallery: ['kumano-path'],
    },
    locales: {
      en: {
        values: {
          title: 'Walking the Kumano Kodo',
          excerpt:
            'Three days on a thousand-year-old pilgrimage trail, from Takijiri-oji to Kumano Hongu Taisha, with a hot spring at the end of each day.',
          body: blocks(`
            The Nakahechi route starts with a steep climb straight out of Takijiri and barely lets up for the first hour. After that the trail settles into a rhythm of cedar forest, small shrines called _oji_ and tea houses that are mostly closed.

            ## Where to sleep

            Book family-run inns in **Chikatsuyu** and **Yunomine Onsen** months ahead: there are not many beds on the trail.

            > In Yunomine you can bathe in Tsuboyu, a tiny hut over a hot spring that is part of the World Heritage site.
          `),
          practicalInfo: md(`
            - Luggage transfer between inns costs around **¥1,500** a bag per day
            - Carry cash: few places on the trail take cards
            - Stamp your pilgrim passport at every _oji_
          `),
          overview: overview(3, 'moderate', season.autumn.en, [
            stop('Takijiri-oji', 0, 'Start early; the bus from Kii-Tanabe takes 40 minutes.'),
            stop('Chikatsuyu', 1),
            stop('Yunomine Onsen', 2, 'Two nights here: rest day included.'),
          ]),
          sections: [
            photoGallery('Cedar forest after the rain', ['kumano-path']),
            callout('info', 'Dual pilgrim', 'Walk the Camino de Santiago as well and you can register as a Dual Pilgrim in Tanabe.'),
          ],
        },
      },
      fr: {
        at: '2025-01-30 11:15',
        values: {
          title: 'Marcher sur le Kumano Kodo',
          excerpt: 'Trois jours sur un chemin de pèlerinage millénaire, avec une source chaude au bout de chaque étape.',
          body: blocks(`
            La route Nakahechi commence par une montée raide depuis Takijiri, puis traverse des forêts de cèdres et de petits sanctuaires appelés _oji_.

            Réservez les auberges de **Chikatsuyu** et de **Yunomine** plusieurs mois à l’avance.
          `),
          practicalInfo: null,
          overview: overview(3, 'moderate', season.autumn.fr, [stop('Takijiri-oji', 0), stop('Chikatsuyu', 1), stop('Yunomine Onsen', 2)]),
          sections: [],
        },
      },
    },
  },
  {
    key: 'lisbon-on-foot',
    created: '2025-02-04 07:30',
    values: {
      readingTime: 5,
      dailyBudget: 85,
      distanceKm: 12.4,
      featured: false,
      travelDate: '2024-09-21',
      lastVerifiedAt: at('2025-02-01 12:00'),
      tripType: 'city-break',
      stats: { hills: 7, stepsClimbed: 1450, tramRides: 2 },
      destination: 'lisbon',
      contributor: 'maya',
      themes: ['city', 'budget'],
      photoCredit: 'jonas',
      cover: 'lisbon-tram',
      gallery: ['lisbon-tram', 'lisbon-dawn'],
    },
    locales: {
      en: {
        values: {
          title: 'Lisbon on Foot: Seven Hills and One Yellow Tram',
          excerpt: 'A one-day walk from Baixa to Graça, with the number 28 tram as a backup plan for tired legs.',
          body: blocks(`
            Lisbon is a city of stairs. Start early in **Baixa**, where the streets are flat and the cafés open at seven, then climb through Alfama before the tour groups arrive.

            ## The route

            1. Praça do Comércio
            2. Sé cathedral and the Alfama stairs
            3. Miradouro de Santa Luzia
            4. Castelo de São Jorge (optional, paid)
            5. Graça and the Miradouro da Senhora do Monte

            Ride the tram down, not up: the queue at Martim Moniz is shorter in the afternoon.
          `),
          practicalInfo: md(`
            A **24-hour transport pass** covers trams, buses, the metro and the funiculars. Wear shoes with grip: the limestone cobbles are slippery when wet.
          `),
          overview: overview(1, 'moderate', season.spring.en, [stop('Baixa', 0), stop('Alfama', 0), stop('Graça', 0)]),
          sections: [
            textBlock('Lunch', 'Look for a _tasca_ with a handwritten menu and grilled sardines in season (June to September).'),
            photoGallery(null, ['lisbon-tram', 'lisbon-dawn']),
          ],
        },
      },
      fr: {
        at: '2025-02-10 15:45',
        status: 'draft',
        values: {
          title: 'Lisbonne à pied : sept collines et un tramway jaune',
          excerpt: null,
          body: blocks(`
            Lisbonne est une ville d’escaliers. Partez tôt de la Baixa et montez dans l’Alfama avant les groupes.
          `),
          practicalInfo: null,
          overview: null,
          sections: [],
        },
      },
      de: {
        at: '2025-02-07 09:10',
        values: {
          title: 'Lissabon zu Fuss: sieben Hügel und eine gelbe Tram',
          excerpt: 'Ein Tagesspaziergang von der Baixa nach Graça, mit der Linie 28 als Plan B für müde Beine.',
          body: blocks(`
            Lissabon ist eine Stadt der Treppen. Starten Sie früh in der **Baixa** und steigen Sie durch die Alfama, bevor die Reisegruppen kommen.

            Fahren Sie mit der Tram bergab, nicht bergauf.
          `),
          practicalInfo: md(`
            Ein **24-Stunden-Ticket** gilt für Tram, Bus, Metro und Standseilbahnen.
          `),
          overview: overview(1, 'moderate', season.spring.de, [stop('Baixa', 0), stop('Alfama', 0), stop('Graça', 0)]),
          sections: [],
        },
      },
    },
  },
  {
    key: 'lofoten-bus',
    created: '2025-02-11 13:00',
    values: {
      readingTime: 8,
      dailyBudget: 140,
      distanceKm: 178.9,
      featured: false,
      travelDate: '2024-07-02',
      lastVerifiedAt: at('2025-02-10 18:20'),
      tripType: 'island-hopping',
      stats: { buses: 6, ferries: 2, rainyDays: 4 },
      destination: 'lofoten',
      contributor: 'jonas',
      themes: ['coast', 'budget', 'slow'],
      photoCredit: 'jonas',
      cover: 'reine',
      gallery: ['reine'],
    },
    draft: {
      at: '2025-04-08 09:40',
      values: {
        readingTime: 9,
        themes: ['coast', 'budget', 'slow', 'winter'],
        stats: { buses: 6, ferries: 3, rainyDays: 4, winterTimetable: true },
      },
    },
    locales: {
      en: {
        values: {
          title: 'Island-Hopping the Lofoten by Local Bus',
          excerpt: 'No car, no problem: the islands from Svolvær to Å on regional buses, with a tent and a lot of patience.',
          body: blocks(`
            Renting a car in the Lofoten costs more than the flight. The regional buses are slow and infrequent, but they run the whole length of the E10, and the drivers will stop anywhere it is safe.

            ## How it went

            - Svolvær to Henningsvær: one bus a day in the off-season
            - Leknes is the hub: almost every connection goes through it
            - Reine to Å: a 20-minute ride, or a beautiful two-hour walk

            The weather changed four times a day. Bring layers and do not trust the forecast beyond tomorrow morning.
          `),
          practicalInfo: md(`
            Check the county's journey planner before you go: summer and winter timetables are very different. The ferry from **Bodø to Moskenes** takes about three and a half hours.
          `),
          overview: overview(6, 'easy', season.summer.en, [
            stop('Svolvær', 1),
            stop('Henningsvær', 1),
            stop('Leknes', 2, 'Supermarket and bus hub.'),
            stop('Reine', 2),
          ]),
          sections: [callout('warning', 'Sundays', 'On Sundays some routes do not run at all: plan to stay put.')],
        },
        draft: {
          at: '2025-04-08 09:40',
          values: {
            title: 'Island-Hopping the Lofoten by Bus and Ferry',
            sections: [
              callout('warning', 'Sundays', 'On Sundays some routes do not run at all: plan to stay put.'),
              textBlock(
                'New: the winter version',
                'We went back in February. Fewer buses, more northern lights: see the new section below (coming soon).',
              ),
            ],
          },
        },
      },
    },
  },
  {
    key: 'mekong',
    created: '2025-02-17 06:50',
    values: {
      readingTime: 6,
      dailyBudget: 38,
      distanceKm: 300,
      featured: false,
      travelDate: '2024-12-02',
      lastVerifiedAt: null,
      tripType: null,
      stats: { days: 2, overnightStop: 'Pakbeng', hoursOnBoat: 16 },
      destination: 'luang-prabang',
      contributor: 'kenji',
      themes: ['slow', 'culture'],
      photoCredit: 'kenji',
      cover: 'mekong-boat',
      gallery: [],
    },
    locales: {
      en: {
        values: {
          title: 'A Slow Boat Down the Mekong',
          excerpt: 'Two days on a wooden boat from the Thai border to Luang Prabang, with a night in Pakbeng in between.',
          body: blocks(`
            The slow boat leaves Huay Xai mid-morning and nobody quite knows when it arrives. Bring a cushion: the seats are old car seats bolted to the floor, and the best ones are taken early.

            Day one ends in **Pakbeng**, a village that exists mostly for boat passengers. Day two is quieter, with fishermen, water buffalo and the occasional village school waving from the bank.
          `),
          practicalInfo: null,
          overview: overview(2, 'easy', season.dry.en, [
            stop('Huay Xai', 0),
            stop('Pakbeng', 1, 'Guesthouse touts meet the boat; prices are fixed.'),
            stop('Luang Prabang', 0),
          ]),
          sections: [],
        },
      },
      fr: {
        at: '2025-02-19 10:00',
        values: {
          title: 'Descendre le Mékong en bateau lent',
          excerpt: 'Deux jours sur un bateau en bois, de la frontière thaïlandaise à Luang Prabang.',
          body: blocks(`
            Le bateau lent quitte Huay Xai en fin de matinée. Apportez un coussin : les sièges sont de vieux sièges de voiture vissés au plancher.
          `),
          practicalInfo: null,
          overview: null,
          sections: [],
        },
      },
    },
  },
  {
    key: 'mole',
    created: '2025-02-24 17:10',
    values: {
      readingTime: 7,
      dailyBudget: 65.75,
      distanceKm: null,
      featured: true,
      travelDate: '2024-11-01',
      lastVerifiedAt: at('2025-02-20 14:30'),
      tripType: 'food-trip',
      stats: { ingredients: 31, hoursCooking: 6, chiles: ['chilhuacle negro', 'pasilla', 'mulato'] },
      destination: 'oaxaca',
      contributor: 'ines',
      themes: ['food', 'culture'],
      photoCredit: 'ines',
      cover: 'oaxaca-market',
      gallery: ['oaxaca-market'],
    },
    locales: {
      en: {
        values: {
          title: 'Learning Mole Negro in Oaxaca',
          excerpt: 'Thirty-one ingredients, six hours and one very patient teacher: a day in a Oaxacan kitchen.',
          body: blocks(`
            The class starts at the market. Doña Rosa buys the chiles herself, and she buys them by smell: _chilhuacle negro_ for depth, pasilla for smoke, mulato for sweetness.

            ## In the kitchen

            Everything is toasted separately on a clay _comal_, some of it until it is nearly burnt, then ground and fried and stirred for hours. The chocolate goes in last.

            > A mole is finished when the spoon stands up in it, and not a minute before.
          `),
          practicalInfo: md(`
            Classes run most days and include the market visit. Book a **morning** slot: the afternoon ones end after dark.
          `),
          overview: overview(1, 'easy', season.autumn.en, [stop('Mercado 20 de Noviembre', 0), stop('Cooking school, Jalatlaco', 0)]),
          sections: [
            photoGallery('At the market', ['oaxaca-market']),
            callout('tip', 'Take some home', 'Mole paste travels well in a sealed jar; declare it at customs.'),
          ],
        },
      },
      fr: {
        at: '2025-02-25 09:30',
        values: {
          title: 'Apprendre le mole negro à Oaxaca',
          excerpt: 'Trente et un ingrédients, six heures et une professeure très patiente.',
          body: blocks(`
            Le cours commence au marché. Doña Rosa choisit les piments à l’odeur.

            Tout est grillé séparément sur un _comal_ en terre, puis moulu, frit et remué pendant des heures.
          `),
          practicalInfo: null,
          overview: overview(1, 'easy', season.autumn.fr, [stop('Mercado 20 de Noviembre', 0)]),
          sections: [],
        },
        draft: {
          at: '2025-03-18 08:15',
          values: {
            excerpt: 'Trente et un ingrédients, six heures et une professeure très patiente : une journée dans une cuisine d’Oaxaca.',
            sections: [callout('tip', 'À rapporter', 'La pâte de mole voyage bien dans un bocal fermé.')],
          },
        },
      },
      de: {
        at: '2025-02-27 12:00',
        values: {
          title: 'Mole negro kochen lernen in Oaxaca',
          excerpt: 'Einunddreissig Zutaten, sechs Stunden und eine sehr geduldige Lehrerin.',
          body: blocks(`
            Der Kurs beginnt auf dem Markt. Doña Rosa kauft die Chilis nach Geruch.
          `),
          practicalInfo: null,
          overview: null,
          sections: [],
        },
      },
    },
  },
  {
    key: 'toubkal',
    created: '2025-03-03 08:00',
    values: {
      readingTime: 6,
      dailyBudget: 70,
      distanceKm: 22.5,
      featured: false,
      travelDate: '2024-10-15',
      lastVerifiedAt: at('2025-03-01 07:45'),
      tripType: 'trek',
      stats: { summitM: 4167, refugeM: 3207, guideRequired: true },
      destination: 'high-atlas',
      contributor: 'lena',
      themes: ['hiking', 'mountains'],
      photoCredit: null,
      cover: 'toubkal-ridge',
      gallery: ['toubkal-ridge'],
    },
    locales: {
      en: {
        values: {
          title: 'Two Days to the Summit of Toubkal',
          excerpt: 'From Imlil to North Africa’s highest point and back, with a night in a crowded mountain refuge.',
          body: blocks(`
            Day one is a long, steady walk up the valley from **Imlil** to the refuge at 3,207 m, past the shrine of Sidi Chamharouch and a lot of mules.

            Day two starts at 4 am. The scree above the refuge is the hardest part; the summit ridge is easier than it looks from below.
          `),
          practicalInfo: md(`
            A licensed guide is compulsory for Toubkal. Guides, mules and refuge beds can all be arranged in Imlil the day before, but not in peak season.
          `),
          overview: overview(2, 'challenging', season.autumn.en, [
            stop('Imlil', 1),
            stop('Toubkal refuge', 1, 'Bunk rooms; bring a sleeping-bag liner.'),
          ]),
          sections: [callout('warning', 'Altitude', 'Spend a night in Imlil (1,740 m) before you start.')],
        },
      },
    },
  },
  {
    key: 'engadin-huts',
    created: '2025-03-10 15:25',
    values: {
      readingTime: 8,
      dailyBudget: 160,
      distanceKm: 47.8,
      featured: false,
      travelDate: '2024-08-19',
      lastVerifiedAt: at('2025-03-09 19:00'),
      tripType: 'trek',
      stats: { huts: 3, days: 4, elevationGainM: 3100 },
      destination: 'graubunden',
      contributor: 'lena',
      themes: ['hiking', 'mountains'],
      photoCredit: 'jonas',
      cover: 'alp-grum',
      gallery: [],
    },
    locales: {
      en: {
        values: {
          title: 'Hut to Hut in the Engadin',
          excerpt: 'Four days, three mountain huts and one very cold lake, starting from the Pontresina train station.',
          body: blocks(`
            You can start this walk straight off the train. The first day climbs to **Chamanna Segantini**, named after the painter who died there, with a view over the whole Upper Engadin.

            ## The huts

            - Segantini: small, no showers, best sunset
            - Boval: below the Morteratsch glacier
            - Diavolezza: a hotel pretending to be a hut
          `),
          practicalInfo: md(`
            Huts open from **late June to early October**. Half board is the norm; bring cash for drinks.
          `),
          overview: overview(4, 'moderate', season.summer.en, [
            stop('Pontresina', 0),
            stop('Chamanna Segantini', 1),
            stop('Chamanna Boval', 1),
            stop('Diavolezza', 1),
          ]),
          sections: [textBlock('Gear', 'Poles, a warm layer and a hut sleeping bag. Everything else you can leave at the station.')],
        },
      },
      de: {
        at: '2025-03-11 08:40',
        values: {
          title: 'Von Hütte zu Hütte im Engadin',
          excerpt: 'Vier Tage, drei Hütten und ein sehr kalter Bergsee, direkt ab dem Bahnhof Pontresina.',
          body: blocks(`
            Diese Tour beginnt direkt am Bahnhof. Am ersten Tag geht es hinauf zur **Chamanna Segantini** mit Blick über das ganze Oberengadin.
          `),
          practicalInfo: md(`
            Die Hütten sind von **Ende Juni bis Anfang Oktober** geöffnet.
          `),
          overview: overview(4, 'moderate', season.summer.de, [
            stop('Pontresina', 0),
            stop('Chamanna Segantini', 1),
            stop('Chamanna Boval', 1),
            stop('Diavolezza', 1),
          ]),
          sections: [],
        },
        draft: {
          at: '2025-04-02 20:10',
          values: {
            title: 'Von Hütte zu Hütte durchs Engadin',
            practicalInfo: md(`
              Die Hütten sind von **Ende Juni bis Anfang Oktober** geöffnet. Halbpension ist üblich; Getränke bar bezahlen.
            `),
          },
        },
      },
    },
  },
  {
    key: 'miradouros',
    created: '2025-03-17 06:30',
    values: {
      readingTime: 3,
      dailyBudget: null,
      distanceKm: 6.1,
      featured: false,
      travelDate: '2024-09-23',
      lastVerifiedAt: null,
      tripType: 'photo-essay',
      stats: null,
      destination: 'lisbon',
      contributor: 'jonas',
      themes: ['city', 'photo'],
      photoCredit: 'jonas',
      cover: 'lisbon-dawn',
      gallery: ['lisbon-dawn', 'lisbon-tram'],
    },
    locales: {
      en: {
        values: {
          title: 'Lisbon’s Miradouros at Dawn',
          excerpt: 'Five viewpoints, one sunrise, no crowds.',
          body: blocks(`
            Lisbon faces south and west, so most viewpoints are made for sunset. Go at dawn anyway: you will have Santa Luzia to yourself and the light on the Alfama roofs is softer.
          `),
          practicalInfo: null,
          overview: null,
          sections: [photoGallery('Santa Luzia, 6:40 am', ['lisbon-dawn']), photoGallery('Going down', ['lisbon-tram'])],
        },
      },
    },
  },
  {
    key: 'dia-de-muertos',
    created: '2025-03-24 11:00',
    values: {
      readingTime: 10,
      dailyBudget: 80,
      distanceKm: null,
      featured: false,
      travelDate: '2024-11-02',
      lastVerifiedAt: at('2025-03-20 10:00'),
      tripType: 'photo-essay',
      stats: { nights: 3, cemeteriesVisited: 2 },
      destination: 'oaxaca',
      contributor: 'ines',
      themes: ['culture', 'photo'],
      photoCredit: 'jonas',
      cover: null,
      gallery: ['oaxaca-market'],
    },
    locales: {
      en: {
        values: {
          title: 'Día de Muertos in Oaxaca, Respectfully',
          excerpt: 'The Day of the Dead is a family celebration, not a street party. How to be a good guest.',
          body: blocks(`
            Families spend the night of 1 November in the cemeteries, decorating graves with marigolds and candles and sharing the dead's favourite food.

            ## Being a guest

            - Ask before you photograph anyone, and accept a no
            - No flash, no drones, no tripods between graves
            - If you are offered mezcal, a small sip is polite

            The cemetery of **Xoxocotlán** is the best known and the busiest; smaller villages are quieter.
          `),
          practicalInfo: md(`
            Hotels in the centre sell out months ahead for **31 October to 2 November**.
          `),
          overview: overview(3, 'easy', 'Late October and early November', []),
          sections: [callout('info', 'Altars', 'Public altars (_ofrendas_) appear all over the city from late October.')],
        },
      },
      fr: {
        at: '2025-03-26 14:00',
        status: 'draft',
        values: {
          title: 'Le Jour des morts à Oaxaca, avec respect',
          excerpt: 'Une fête de famille, pas une fête de rue.',
          body: blocks(`
            Les familles passent la nuit du 1er novembre dans les cimetières, autour de tombes décorées de soucis et de bougies.
          `),
          practicalInfo: null,
          overview: null,
          sections: [],
        },
      },
    },
  },
  {
    key: 'zurriola',
    created: '2025-04-01 16:40',
    values: {
      readingTime: 4,
      dailyBudget: 110,
      distanceKm: null,
      featured: false,
      travelDate: '2024-10-06',
      lastVerifiedAt: null,
      tripType: null,
      stats: { waterTempC: 18, lessons: 2 },
      destination: 'san-sebastian',
      contributor: 'maya',
      themes: ['coast'],
      photoCredit: null,
      cover: 'la-concha',
      gallery: [],
    },
    locales: {
      en: {
        values: {
          title: 'Surfing Zurriola in October',
          excerpt: 'Beginner waves, warm-ish water and pintxos after: the city beach nobody tells you about.',
          body: blocks(`
            La Concha gets the postcards, but the surfers are on **Zurriola**, on the other side of the river. In October the water is still around 18 °C and the summer crowds have gone.

            Two lessons were enough to stand up, just about.
          `),
          practicalInfo: null,
          overview: null,
          sections: [],
        },
      },
    },
  },
  {
    key: 'lofoten-winter-light',
    created: '2025-04-09 12:00',
    status: 'draft',
    values: {
      readingTime: 4,
      dailyBudget: 190,
      distanceKm: null,
      featured: false,
      travelDate: '2025-02-14',
      lastVerifiedAt: null,
      tripType: 'photo-essay',
      stats: { auroraNights: 3, sunriseTime: '08:41' },
      destination: 'lofoten',
      contributor: 'jonas',
      themes: ['photo', 'winter', 'coast'],
      photoCredit: 'jonas',
      cover: 'reine',
      gallery: ['reine', 'northern-lights'],
    },
    locales: {
      en: {
        values: {
          title: 'Chasing Winter Light in Lofoten',
          excerpt: 'Draft: four hours of daylight, three nights of aurora.',
          body: blocks(`
            In February the sun clears the mountains for only a few hours, and the whole day is golden hour.

            _Text to come: Jonas is still sorting the photos._
          `),
          practicalInfo: null,
          overview: null,
          sections: [photoGallery('Aurora over Reine', ['northern-lights', 'reine'])],
        },
      },
    },
  },
  {
    key: 'luang-prabang-budget',
    created: '2025-04-12 09:15',
    status: 'draft',
    values: {
      readingTime: 5,
      dailyBudget: 30,
      distanceKm: null,
      featured: false,
      travelDate: '2024-12-05',
      lastVerifiedAt: null,
      tripType: 'city-break',
      stats: { currency: 'LAK', dailyBudgetLak: 650000 },
      destination: 'luang-prabang',
      contributor: 'kenji',
      themes: ['budget', 'culture'],
      photoCredit: null,
      cover: 'mekong-boat',
      gallery: [],
    },
    locales: {
      en: {
        values: {
          title: 'Luang Prabang on 30 Dollars a Day',
          excerpt: 'Guesthouses, noodle soup and the Kuang Si falls without a tour.',
          body: blocks(`
            Luang Prabang is one of the easiest places in South-East Asia to travel cheaply, as long as you skip the riverside restaurants.

            ## Daily budget

            - Guesthouse double room: about $15
            - Three meals from stalls and the night market: about $8
            - Shared tuk-tuk to Kuang Si: about $5
          `),
          practicalInfo: md(`
            Watch the morning alms-giving (_tak bat_) from across the street, quietly, and do not buy rice from vendors to join in unless you mean it.
          `),
          overview: overview(4, 'easy', season.dry.en, [stop('Luang Prabang', 4)]),
          sections: [],
        },
      },
      fr: {
        at: '2025-04-14 10:30',
        values: {
          title: 'Luang Prabang avec 30 dollars par jour',
          excerpt: null,
          body: blocks(`
            Traduction en cours.
          `),
          practicalInfo: null,
          overview: null,
          sections: [],
        },
      },
    },
  },
  {
    key: 'imlil',
    created: '2025-04-16 18:30',
    status: 'draft',
    values: {
      readingTime: null,
      dailyBudget: 45,
      distanceKm: null,
      featured: false,
      travelDate: '2024-10-13',
      lastVerifiedAt: null,
      tripType: 'trek',
      stats: null,
      destination: 'high-atlas',
      contributor: 'lena',
      themes: ['hiking', 'culture'],
      photoCredit: null,
      cover: null,
      gallery: [],
    },
    locales: {
      en: {
        values: {
          title: 'Homestays in the Imlil Valley',
          excerpt: null,
          body: blocks(`
            Notes: mint tea, tagines cooked on the roof, village of Aroumd, mule track to Tacheddirt.
          `),
          practicalInfo: null,
          overview: null,
          sections: [],
        },
      },
    },
  },
  {
    key: 'onsen-packing',
    created: '2025-04-20 07:05',
    status: 'draft',
    values: {
      readingTime: 3,
      dailyBudget: null,
      distanceKm: null,
      featured: false,
      travelDate: null,
      lastVerifiedAt: null,
      tripType: null,
      stats: { items: 12 },
      destination: null,
      contributor: 'kenji',
      themes: [],
      photoCredit: null,
      cover: null,
      gallery: ['packing-list'],
    },
    locales: {
      en: {
        values: {
          title: 'What to Pack for an Onsen Trip',
          excerpt: 'A short checklist for your first Japanese hot-spring inn, with a printable PDF.',
          body: blocks(`
            Most of what you need is provided: the _yukata_, the towels, even the toothbrush. What you should bring:

            - A small hand towel you do not mind getting wet
            - Cash for the outdoor baths in the village
            - A cover-up plaster if you have a small tattoo: policies vary from inn to inn
          `),
          practicalInfo: null,
          overview: null,
          sections: [callout('info', 'Printable', 'The full checklist is attached as a PDF in the gallery.')],
        },
      },
    },
  },
];

const SITE_SETTINGS = [
  {
    key: 'site-setting',
    created: '2025-01-08 08:30',
    values: {
      contactEmail: 'hello@slowroads.example',
      logo: 'logo',
      socialLinks: [
        { platform: 'instagram', label: '@slowroads', url: 'https://www.instagram.com/slowroads.example' },
        { platform: 'mastodon', label: '@slowroads@travel.example', url: 'https://travel.example/@slowroads' },
        { platform: 'rss', label: 'RSS feed', url: '/rss.xml' },
      ],
    },
    locales: {
      en: {
        values: {
          siteName: 'Slow Roads',
          tagline: 'Travel stories for people who take the long way round.',
          footerNote: md(`
            Made with care in Basel and Lyon. Photos © their authors; text licensed under **CC BY-NC 4.0**.
          `),
        },
      },
      fr: {
        at: '2025-01-08 08:45',
        values: {
          siteName: 'Slow Roads',
          tagline: 'Des récits de voyage pour celles et ceux qui prennent le chemin des écoliers.',
          footerNote: null,
        },
      },
    },
  },
];

const LANDING_PAGES = [
  {
    key: 'landing-page',
    created: '2025-01-09 12:00',
    values: {
      headline: 'Take the long way round',
      intro:
        'Slow Roads publishes one long travel story a week: trains over boats over planes, markets over museums, and practical details you can actually use.',
      showNewsletter: true,
      hero: 'reine',
      sections: [
        textBlock(
          'About us',
          'We are a small team of writers and photographers who travel slowly and write it down. No sponsored trips, ever.',
        ),
        photoGallery('This season', ['bernina-viaduct', 'la-concha', 'kumano-path']),
        callout('info', 'Newsletter', 'One story every Friday. No tracking pixels.'),
      ],
    },
    locales: {
      [NONE]: {
        published: '2025-01-09 13:00',
        draft: {
          at: '2025-04-22 08:00',
          values: {
            headline: 'Spring stories are here',
            showNewsletter: false,
            sections: [
              textBlock(
                'About us',
                'We are a small team of writers and photographers who travel slowly and write it down. No sponsored trips, ever.',
              ),
              photoGallery('This spring', ['lisbon-dawn', 'oaxaca-market']),
              callout('warning', 'Moving house', 'The newsletter is taking a break while we move to a new provider.'),
            ],
          },
        },
      },
    },
  },
];

const CONTENT = {
  'api::contributor.contributor': CONTRIBUTORS,
  'api::destination.destination': DESTINATIONS,
  'api::landing-page.landing-page': LANDING_PAGES,
  'api::site-setting.site-setting': SITE_SETTINGS,
  'api::story.story': STORIES,
  'api::theme.theme': THEMES,
};

// ---------------------------------------------------------------------------------------------------------------
// Engine: specs -> rows -> rendered documents

const COMPONENT_ID = Symbol('componentId');

function build() {
  const { contentTypes: schemas, components } = loadSchemas();
  const media = buildMedia();
  const mediaByKey = new Map(media.map((m) => [m.key, m.file]));

  for (const uid of Object.keys(CONTENT)) if (!schemas[uid]) fail(`content for unknown type ${uid}`);
  for (const uid of Object.keys(schemas)) if (!CONTENT[uid]) fail(`no content for type ${uid}`);

  // --- raw rows ------------------------------------------------------------------------------------------------
  const rowsByType = {};
  const events = [];
  for (const [uid, schema] of Object.entries(schemas)) {
    const localized = isLocalizedType(schema);
    const dnp = isDraftAndPublish(schema);
    const attrs = schema.attributes;
    const docs = CONTENT[uid];
    if (schema.kind === 'singleType' && docs.length !== 1) fail(`${uid}: a single type has exactly one document`);
    const rows = [];
    const seenKeys = new Set();
    for (const doc of docs) {
      if (seenKeys.has(doc.key)) fail(`${uid}: duplicate key ${doc.key}`);
      seenKeys.add(doc.key);
      const documentId = documentIdFor(`${uid}:${doc.key}`);
      const locales = doc.locales ?? { [NONE]: {} };
      const localeCodes = Object.keys(locales);
      if (localized) {
        if (localeCodes[0] !== DEFAULT_LOCALE) fail(`${uid}/${doc.key}: the default locale comes first`);
        for (const code of localeCodes) if (!LOCALE_CODES.includes(code)) fail(`${uid}/${doc.key}: unknown locale ${code}`);
      } else if (localeCodes.length !== 1 || localeCodes[0] !== NONE) {
        fail(`${uid}/${doc.key}: a non-localized type uses the locale key ${NONE}`);
      }
      // Which attributes go where: shared (non-localized) vs per locale.
      for (const name of Object.keys(doc.values ?? {})) {
        const attr = attrs[name] ?? fail(`${uid}/${doc.key}: unknown attribute ${name}`);
        if (localized && attr.type !== 'relation' && isLocalizedAttr(attr))
          fail(`${uid}/${doc.key}: ${name} is localized, put it in the locale values`);
      }
      for (const [code, loc] of Object.entries(locales)) {
        for (const name of Object.keys({ ...loc.values, ...loc.draft?.values })) {
          const attr = attrs[name] ?? fail(`${uid}/${doc.key}/${code}: unknown attribute ${name}`);
          if (localized && !isLocalizedAttr(attr))
            fail(`${uid}/${doc.key}/${code}: ${name} is not localized, put it in the document values`);
        }
      }

      localeCodes.forEach((code, index) => {
        const loc = locales[code];
        const createdAt = loc.at ? at(loc.at) : addMinutes(at(doc.created), index * 26 * 60);
        const status = loc.status ?? doc.status ?? 'published';
        const base = { ...clone(doc.values), ...clone(loc.values) };
        // uid fields are generated from their target field when the document is created
        for (const [name, attr] of Object.entries(attrs)) {
          if (attr.type === 'uid' && base[name] === undefined && attr.targetField && base[attr.targetField]) {
            base[name] = slugify(base[attr.targetField]);
          }
        }
        const common = { uid, key: doc.key, documentId, locale: localized ? code : null };
        if (!dnp) {
          if (status !== 'published' || doc.draft || loc.draft) fail(`${uid}/${doc.key}: no draft & publish on this type`);
          const row = { ...common, status: 'both', createdAt, updatedAt: createdAt, publishedAt: createdAt, values: base };
          rows.push(row);
          events.push({ time: createdAt, row });
          return;
        }
        const edits = [doc.draft, loc.draft].filter(Boolean);
        const editedAt = edits.length
          ? edits
              .map((e) => at(e.at))
              .sort()
              .at(-1)
          : createdAt;
        const draftValues = { ...base };
        for (const e of edits) Object.assign(draftValues, clone(e.values));
        const draft = { ...common, status: 'draft', createdAt, updatedAt: editedAt, publishedAt: null, values: draftValues };
        rows.push(draft);
        events.push({ time: createdAt, row: draft });
        if (status === 'published') {
          const publishedAt = loc.published ? at(loc.published) : addMinutes(createdAt, 45);
          if (edits.length && editedAt <= publishedAt) fail(`${uid}/${doc.key}: a draft edit must come after publishing`);
          const published = { ...common, status: 'published', createdAt, updatedAt: createdAt, publishedAt, values: clone(base) };
          rows.push(published);
          events.push({ time: publishedAt, row: published });
        } else if (status !== 'draft') {
          fail(`${uid}/${doc.key}: bad status ${status}`);
        } else if (edits.length) {
          fail(`${uid}/${doc.key}: a draft-only document has no later draft edit`);
        }
      });
    }
    rowsByType[uid] = rows;
  }

  // --- numeric ids, in order of creation (a published row is created when the document is published) ----------
  events.sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
  const nextRowId = {};
  for (const { row } of events) row.id = nextRowId[row.uid] = (nextRowId[row.uid] ?? 0) + 1;
  for (const rows of Object.values(rowsByType)) rows.sort((a, b) => a.id - b.id);

  const nextComponentId = {};
  const assignComponentIds = (compUid, instance) => {
    const comp = components[compUid] ?? fail(`unknown component ${compUid}`);
    instance[COMPONENT_ID] = nextComponentId[compUid] = (nextComponentId[compUid] ?? 0) + 1;
    walkComponents(comp.attributes, instance);
  };
  const walkComponents = (attrs, values) => {
    for (const [name, attr] of Object.entries(attrs)) {
      const v = values[name];
      if (v == null) continue;
      if (attr.type === 'component') {
        for (const inst of attr.repeatable ? v : [v]) assignComponentIds(attr.component, inst);
      } else if (attr.type === 'dynamiczone') {
        for (const inst of v) {
          if (!attr.components.includes(inst.__component)) fail(`${name}: ${inst.__component} not allowed`);
          assignComponentIds(inst.__component, inst);
        }
      }
    }
  };
  for (const { row } of events) walkComponents(schemas[row.uid].attributes, row.values);

  // --- rendering -------------------------------------------------------------------------------------------------
  const mediaFile = (key) => {
    const file = mediaByKey.get(key) ?? fail(`unknown media ${key}`);
    return clone(file);
  };

  const scalarShape = (row) => {
    const schema = schemas[row.uid];
    const out = { id: row.id, documentId: row.documentId };
    for (const [name, attr] of Object.entries(schema.attributes)) if (isScalar(attr)) out[name] = clone(row.values[name] ?? null);
    out.createdAt = row.createdAt;
    out.updatedAt = row.updatedAt;
    out.publishedAt = row.publishedAt;
    if (isLocalizedType(schema)) out.locale = row.locale;
    return out;
  };

  // rows of `uid` visible in a list of the given status (and locale, when given)
  const visibleRows = (uid, status, locale) =>
    rowsByType[uid].filter((r) => (r.status === 'both' || r.status === status) && (locale === undefined || r.locale === locale));

  const relationTargets = (row, attr, status) => {
    const source = schemas[row.uid];
    const target = schemas[attr.target] ?? fail(`unknown relation target ${attr.target}`);
    const sameLocale = isLocalizedType(source) && isLocalizedType(target) ? row.locale : undefined;
    if (attr.mappedBy) {
      const owning = target.attributes[attr.mappedBy] ?? fail(`${attr.target}.${attr.mappedBy} missing`);
      if (owning.target !== row.uid || owning.inversedBy === undefined) fail(`${row.uid}: bad mappedBy ${attr.mappedBy}`);
      return visibleRows(attr.target, status, sameLocale).filter((r) => {
        const v = r.values[attr.mappedBy];
        return Array.isArray(v) ? v.includes(row.key) : v === row.key;
      });
    }
    const raw = row.values[attr.name];
    const keys = raw == null ? [] : Array.isArray(raw) ? raw : [raw];
    const found = [];
    for (const key of keys) {
      const candidates = rowsByType[attr.target].filter((r) => r.key === key);
      if (candidates.length === 0) fail(`${row.uid}/${row.key}: relation to unknown ${attr.target} ${key}`);
      found.push(...candidates.filter((r) => visibleRows(attr.target, status, sameLocale).includes(r)));
    }
    return found;
  };

  const renderComponent = (compUid, instance) => {
    const comp = components[compUid];
    const out = { id: instance[COMPONENT_ID] };
    for (const [name, attr] of Object.entries(comp.attributes)) if (isScalar(attr)) out[name] = clone(instance[name] ?? null);
    for (const [name, attr] of Object.entries(comp.attributes)) {
      if (attr.type === 'media') out[name] = renderMedia(attr, instance[name]);
      else if (attr.type === 'component') out[name] = renderComponentField(attr, instance[name]);
      else if (attr.type === 'relation' || attr.type === 'dynamiczone')
        fail(`${compUid}: ${attr.type} in components is not supported here`);
    }
    return out;
  };
  const renderComponentField = (attr, value) =>
    attr.repeatable
      ? (value ?? []).map((v) => renderComponent(attr.component, v))
      : value == null
        ? null
        : renderComponent(attr.component, value);
  const renderMedia = (attr, value) => (attr.multiple ? (value ?? []).map(mediaFile) : value == null ? null : mediaFile(value));

  const renderRow = (row, status) => {
    const schema = schemas[row.uid];
    const out = scalarShape(row);
    for (const [name, attr] of Object.entries(schema.attributes)) {
      if (attr.type === 'media') out[name] = renderMedia(attr, row.values[name]);
      else if (attr.type === 'relation') {
        const targets = relationTargets(row, { ...attr, name }, status).map(scalarShape);
        if (isToMany(attr)) out[name] = targets.sort((a, b) => (attr.mappedBy ? a.id - b.id : 0));
        else if (targets.length > 1) fail(`${row.uid}/${row.key}: ${name} resolves to ${targets.length} rows`);
        else out[name] = targets[0] ?? null;
      }
    }
    if (isLocalizedType(schema)) {
      out.localizations = visibleRows(row.uid, status)
        .filter((r) => r.key === row.key && r.locale !== row.locale)
        .sort((a, b) => (a.locale < b.locale ? -1 : 1))
        .map(scalarShape);
    }
    for (const [name, attr] of Object.entries(schema.attributes)) {
      if (attr.type === 'component') out[name] = renderComponentField(attr, row.values[name]);
      else if (attr.type === 'dynamiczone') {
        out[name] = (row.values[name] ?? []).map((inst) => ({ ...renderComponent(inst.__component, inst), __component: inst.__component }));
      }
    }
    return out;
  };

  const populateFor = (attrs) => {
    const populate = {};
    for (const [name, attr] of Object.entries(attrs)) {
      if (attr.type === 'relation' || attr.type === 'media') populate[name] = true;
      else if (attr.type === 'component') populate[name] = componentPopulate(attr.component);
      else if (attr.type === 'dynamiczone') {
        populate[name] = { on: Object.fromEntries(attr.components.map((c) => [c, componentPopulate(c)])) };
      }
    }
    return populate;
  };
  const componentPopulate = (compUid) => {
    const nested = populateFor(components[compUid].attributes);
    return Object.keys(nested).length ? { populate: nested } : true;
  };

  const contentTypes = {};
  for (const [uid, schema] of Object.entries(schemas)) {
    const localized = isLocalizedType(schema);
    const { singularName, pluralName } = schema.info;
    const populate = populateFor(schema.attributes);
    if (localized) populate.localizations = true;
    const documents = {};
    for (const locale of localized ? LOCALE_CODES : [NONE]) {
      documents[locale] = {};
      for (const status of ['draft', 'published']) {
        const rows = visibleRows(uid, status, localized ? locale : undefined).map((r) => renderRow(r, status));
        if (schema.kind === 'singleType') {
          if (rows.length > 1) fail(`${uid}: more than one row for ${locale}/${status}`);
          documents[locale][status] = rows[0] ?? null;
        } else {
          documents[locale][status] = rows;
        }
      }
    }
    contentTypes[uid] = {
      uid,
      kind: schema.kind,
      singularName,
      pluralName,
      collectionName: schema.collectionName,
      route: `/api/${schema.kind === 'singleType' ? singularName : pluralName}`,
      draftAndPublish: isDraftAndPublish(schema),
      localized,
      populate,
      documents,
    };
  }

  return {
    format: 'strapi-oracle-dataset/1',
    strapiVersion: '5.54.0',
    source: 'generated by scripts/make-example.mjs (the content-mock default example; not recorded from a live Strapi)',
    auth: 'none (generated)',
    notes: [
      'documents[locale][status]: what GET <route>?locale=<locale>&status=<status>&populate=<populate>&sort[0]=id:asc returns (all pages).',
      'Non-localized types use the key "*none*".',
      'Single types: the document, or null when there is none for that locale/status (a 404).',
      'populate: the populate object the documents are expanded with (relations, media, components and dynamic zones one level; localizations).',
      'Regenerate with `node scripts/make-example.mjs`; the content model lives in data/schemas.',
    ],
    defaultLocale: DEFAULT_LOCALE,
    locales: LOCALES,
    media: media.map((m) => ({ ...m.file, isUrlSigned: false })),
    schemas,
    components,
    contentTypes,
  };
}

// ---------------------------------------------------------------------------------------------------------------

const output = JSON.stringify(build(), null, 2) + '\n';
if (process.argv.includes('--check')) {
  const current = fs.existsSync(OUT_FILE) ? fs.readFileSync(OUT_FILE, 'utf8') : '';
  if (current !== output) {
    console.error(`${path.relative(ROOT, OUT_FILE)} is out of date: run node scripts/make-example.mjs`);
    process.exit(1);
  }
  console.log(`${path.relative(ROOT, OUT_FILE)} is up to date`);
} else {
  fs.writeFileSync(OUT_FILE, output);
  console.log(`wrote ${path.relative(ROOT, OUT_FILE)} (${output.length} bytes)`);
}
