import type { ScalarAttribute } from '../../core/model/types.js';
import type { Rng } from './rng.js';
import type { WordPools } from './word-pools.js';
import { patternValue } from '../../core/model/pattern-value.js';
import { USER_UID } from '../../core/model/built-in-types.js';

// One value for a scalar attribute that Strapi's validator would accept: the right type, inside min/max and
// minLength/maxLength, matching its regex, one of the enum, unique where asked (`serial` makes it so), chosen by the
// attribute's name where that says what it holds (email, phone, zip, first name, slug, price, url, …).

export interface ValueContext {
  readonly rng: Rng;
  readonly pools: WordPools;
  /** Distinct per document (and per attribute table): appended where a value must be unique. */
  readonly serial: number;
  /** Values of the same row so far (a uid derives from its targetField). */
  readonly row: Readonly<Record<string, unknown>>;
  /** Values already given to a unique attribute (patterns cannot take a serial suffix). */
  readonly taken?: (a: ScalarAttribute) => Set<string>;
  /** The words of the owning type's or component's name (`product`, `shared link`): what a `name` names. */
  readonly owner?: readonly string[];
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const slugify = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'item';
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Strapi's test of a `regex`: unanchored, as `new RegExp(regex).test(value)`. */
function matches(regex: string, value: string): boolean {
  try {
    return new RegExp(regex).test(value);
  } catch {
    return false;
  }
}

function fitLength(a: ScalarAttribute, value: string, ctx: ValueContext, suffix: string): string {
  let s = value;
  const min = a.minLength ?? 0;
  while (s.length < min) s += ` ${ctx.rng.pick(ctx.pools.words)}`;
  // A `string` is a varchar(255) even without maxLength: the mock's writes and Strapi's database refuse longer
  // values, and paragraphs picked for "description"-like names are longer than that.
  const max = a.maxLength ?? (a.type === 'string' ? 255 : undefined);
  if (max !== undefined && s.length + suffix.length > max) s = s.slice(0, Math.max(0, max - suffix.length)).trimEnd();
  return s + suffix;
}

/** The words of an attribute name: `postalCode`, `postal_code` and `postal-code` are all ["postal", "code"]. */
// Names are few and asked for once per value: splitting them once keeps 100,000 documents fast.
const words = new Map<string, readonly string[]>();
export function wordsOf(name: string): readonly string[] {
  let out = words.get(name);
  if (!out) {
    out = name
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean);
    words.set(name, out);
  }
  return out;
}

/** A site path such as `/blog/warm-river`: what a redirect, a route or an internal link holds. */
function sitePath(ctx: ValueContext): string {
  const { rng, pools } = ctx;
  const depth = rng.int(1, 2);
  return `/${Array.from({ length: depth }, () => slugify(rng.pick(pools.words))).join('/')}`;
}

const httpsUrl = (ctx: ValueContext) => `https://${ctx.rng.pick(ctx.pools.domains)}/${slugify(ctx.rng.pick(ctx.pools.words))}`;

/** What the owner of a `name`/`title` is, from its type's or component's name: a product is named like a product. */
function namedThing(owner: readonly string[], words: readonly string[], ctx: ValueContext): string | undefined {
  const { rng, pools } = ctx;
  // The owner is what its name ends with: a `product` names a product, a `product-page` or a `related-products`
  // section does not.
  const entity = owner.length > 0 ? owner[owner.length - 1] : undefined;
  const is = (...w: string[]) => w.some((x) => x === entity || words.includes(x));
  if (is('product', 'products', 'sku')) return rng.pick(pools.products);
  if (is('category', 'categories', 'tag', 'tags', 'department', 'genre', 'topic')) return rng.pick(pools.categories);
  if (is('city', 'cities', 'town', 'destination', 'place', 'venue')) return rng.pick(pools.cities);
  if (is('country', 'countries')) return rng.pick(pools.countries);
  if (
    is(
      'company',
      'brand',
      'brands',
      'organization',
      'organisation',
      'sponsor',
      'partner',
      'client',
      'vendor',
      'shop',
      'store',
      'publisher',
      'logo',
    )
  )
    return rng.pick(pools.companies);
  if (
    is(
      'author',
      'person',
      'people',
      'user',
      'member',
      'speaker',
      'employee',
      'customer',
      'contact',
      'writer',
      'profile',
      'testimonial',
      'staff',
      'owner',
      'creator',
    )
  )
    return rng.pick(pools.fullNames);
  return undefined;
}

/** A value its attribute's name asks for (a phone, a zip code, a first name…), or undefined for plain text. */
function byName(words: readonly string[], ctx: ValueContext): string | undefined {
  const { rng, pools } = ctx;
  const owner = ctx.owner ?? [];
  const has = (...w: string[]) => w.some((x) => words.includes(x));
  const joined = words.join('');
  if (has('phone', 'mobile', 'tel', 'telephone', 'fax', 'cellphone')) return rng.pick(pools.phones);
  if (has('zip', 'zipcode', 'postcode', 'postal', 'postalcode')) return rng.pick(pools.zipCodes);
  if (joined.includes('firstname') || has('forename', 'given')) return rng.pick(pools.firstNames);
  if (joined.includes('lastname') || has('surname', 'family')) return rng.pick(pools.lastNames);
  if (has('username', 'handle', 'nickname', 'login')) return `${slugify(rng.pick(pools.firstNames))}${rng.int(1, 999)}`;
  if (has('slug', 'permalink')) return slugify(rng.pick(pools.titles)).slice(0, 60);
  // Paths a site routes: a redirect's source and destination, a route, an internal link (frameworks such as
  // Next.js refuse a redirect whose source does not start with `/`).
  if (has('source', 'destination', 'path', 'pathname', 'route', 'redirect', 'href')) return sitePath(ctx);
  if (has('canonical', 'website', 'homepage', 'external', 'domain')) return httpsUrl(ctx);
  if (has('url', 'link', 'uri')) {
    // A link in a navigation or a button points inside the site; a bare `url` of a record points outside.
    const internal = ['link', 'links', 'button', 'buttons', 'nav', 'navbar', 'menu', 'cta', 'footer', 'item', 'items'];
    return owner.some((w) => internal.includes(w)) ? sitePath(ctx) : httpsUrl(ctx);
  }
  if (has('color', 'colour')) return rng.pick(pools.colors);
  if (has('keywords', 'keyword', 'tags')) return rng.sample(pools.words, rng.int(3, 6)).join(', ');
  if (has('robots')) return rng.pick(['index, follow', 'noindex, nofollow', 'index, nofollow']);
  if (has('viewport')) return 'width=device-width, initial-scale=1';
  if (has('street', 'address', 'address1', 'line1')) return rng.pick(pools.streets);
  if (has('city', 'town')) return rng.pick(pools.cities);
  if (has('country')) return rng.pick(pools.countries);
  if (has('state', 'province', 'region')) return rng.pick(pools.states);
  if (has('currency')) return rng.pick(pools.currencies);
  if (has('job', 'occupation', 'position') && !has('x', 'y')) return rng.pick(pools.jobTitles);
  if (has('company', 'brand', 'organization', 'organisation', 'publisher', 'employer')) return rng.pick(pools.companies);
  if (has('product')) return rng.pick(pools.products);
  if (has('author', 'fullname')) return rng.pick(pools.fullNames);
  // A heading is a heading wherever it is; a name, title or label names what its owner is.
  if (has('name', 'title', 'label') && !has('heading', 'subheading'))
    return namedThing(owner, words, ctx) ?? (has('name') ? rng.pick(pools.titles) : undefined);
  if (has('code', 'sku', 'reference', 'ref')) return `${slugify(rng.pick(pools.words)).slice(0, 6)}-${pad(rng.int(0, 999), 3)}`;
  return undefined;
}

/** A short text: a heading-like phrase for titles, otherwise a sentence. */
function plainText(words: readonly string[], ctx: ValueContext): string {
  const short = ['title', 'heading', 'label', 'text', 'cta', 'caption', 'tagline', 'subtitle', 'headline', 'name', 'button'];
  if (words.some((w) => short.includes(w))) return ctx.rng.pick(ctx.pools.titles);
  return cap(ctx.rng.pick(ctx.pools.shortSentences).replace(/\.$/, ''));
}

/** Names of fields a page cannot do without (a title, a slug, a redirect's ends, a price): never left empty. */
const KEY_WORDS = [
  'title',
  'name',
  'firstname',
  'lastname',
  'slug',
  'heading',
  'label',
  'source',
  'destination',
  'path',
  'url',
  'href',
  'price',
  'link',
  'text',
];
export const isKeyField = (a: ScalarAttribute) => wordsOf(a.name).some((w) => KEY_WORDS.includes(w));

function text(a: ScalarAttribute, ctx: ValueContext): string {
  const { rng, pools } = ctx;
  const words = wordsOf(a.name);
  if (a.regex && a.type !== 'uid') {
    // What the name asks for, where the pattern accepts it (keywords stay words under `[^,]+`); else the pattern's.
    const named = a.type === 'email' || words.includes('email') ? undefined : byName(words, ctx);
    if (named !== undefined && matches(a.regex, named) && !(a.unique && ctx.taken?.(a).has(named))) {
      const fitted = fitLength(a, named, ctx, '');
      if (matches(a.regex, fitted) && fitted.length >= (a.minLength ?? 0)) {
        if (a.unique) ctx.taken?.(a).add(fitted);
        return fitted;
      }
    }
    const fromPattern = patternValue(a, (lo, hi) => rng.int(lo, hi), a.unique ? ctx.taken?.(a) : undefined);
    if (fromPattern !== undefined) return fromPattern;
  }
  if (a.type === 'email' || words.includes('email')) {
    const user = `${slugify(rng.pick(pools.firstNames))}.${slugify(rng.pick(pools.lastNames))}`;
    return `${user}${a.unique || a.source.startsWith(USER_UID) ? ctx.serial : ''}@${rng.pick(pools.domains)}`;
  }
  // An identifier named so is a UUID (v4's layout): plugins that fill and check such a field (an advanced-UUID
  // custom field) refuse anything else, and frontends parse it.
  if (words.includes('uuid') || words.includes('guid')) return uuidOf(rng);
  if (a.type === 'uid') {
    const from = a.targetField && typeof ctx.row[a.targetField] === 'string' ? String(ctx.row[a.targetField]) : rng.pick(pools.titles);
    return fitLength(a, slugify(from).slice(0, 60), ctx, `-${ctx.serial}`);
  }
  const unique = a.unique ? ` ${ctx.serial}` : '';
  const prose = ['description', 'bio', 'summary', 'excerpt', 'about', 'body', 'content', 'paragraph', 'intro', 'message', 'quote'];
  let value: string;
  if (a.type === 'richtext') value = `## ${rng.pick(pools.titles)}\n\n${rng.pick(pools.paragraphs)}\n\n${rng.pick(pools.paragraphs)}`;
  else if (words.some((w) => prose.includes(w))) value = rng.pick(pools.paragraphs);
  else value = byName(words, ctx) ?? (a.type === 'text' ? rng.pick(pools.paragraphs) : plainText(words, ctx));
  // A unique slug or handle stays one token.
  const suffix = unique && /^[a-z0-9/-]+$/.test(value) ? `-${ctx.serial}` : unique;
  return fitLength(a, value, ctx, suffix);
}

/** The range a number's name implies (a price, a latitude, a year…), before the schema's min/max. */
function rangeByName(words: readonly string[]): [number, number] | undefined {
  const has = (...w: string[]) => w.some((x) => words.includes(x));
  if (has('rating', 'score', 'stars')) return [0, 5];
  if (has('price', 'cost', 'amount', 'total', 'fee', 'salary', 'budget')) return [5, 500];
  if (has('lat', 'latitude')) return [-90, 90];
  if (has('lng', 'lon', 'long', 'longitude')) return [-180, 180];
  if (has('year')) return [1990, 2025];
  if (has('age')) return [18, 90];
  if (has('percent', 'percentage', 'discount', 'progress')) return [0, 100];
  if (has('quantity', 'qty', 'stock', 'inventory', 'count', 'seats')) return [0, 100];
  if (has('order', 'position', 'rank', 'priority', 'index', 'weight')) return [1, 20];
  return undefined;
}

function numberIn(a: ScalarAttribute, ctx: ValueContext, integer: boolean): number {
  // The name's range where it fits inside the schema's min/max; otherwise the schema's bounds, counting in the
  // thousands where one is open.
  const named = rangeByName(wordsOf(a.name));
  let lo = a.min ?? (a.max !== undefined ? Math.min(0, a.max - 1000) : 0);
  let hi = a.max ?? lo + 1000;
  if (named && named[0] >= (a.min ?? -Infinity) && named[1] <= (a.max ?? Infinity)) [lo, hi] = named;
  if (a.unique && integer) {
    if (hi - lo + 1 <= ctx.serial)
      throw new RangeError(`${a.source}: cannot make ${ctx.serial + 1} unique integers between ${lo} and ${hi}`);
    return lo + ctx.serial;
  }
  if (integer) return ctx.rng.int(Math.ceil(lo), Math.floor(hi));
  const v = Math.round((lo + ctx.rng.next() * (hi - lo)) * 100) / 100;
  return a.unique ? Math.min(hi, v + ctx.serial / 1e6) : v;
}

function dateOf(ctx: ValueContext): Date {
  // Within 2020–2025, so values look like content and do not depend on today.
  return new Date(Date.UTC(2020, 0, 1) + Math.floor(ctx.rng.next() * 6 * 365 * 86400) * 1000);
}

/** A UUID in version 4's layout, from the seeded generator (the same seed gives the same content). */
function uuidOf(rng: Rng): string {
  const hex = (n: number) => Array.from({ length: n }, () => rng.int(0, 15).toString(16)).join('');
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[rng.int(0, 3)]}${hex(3)}-${hex(12)}`;
}

/**
 * What a select-like custom field stores of its choices: the value after the last `:` of a `label:value` entry
 * (multi-select's convention), the entry itself otherwise; empty entries are none.
 */
function choiceValues(choices: readonly string[]): string[] {
  const values = choices.map((c) => (c.includes(':') ? c.slice(c.lastIndexOf(':') + 1) : c)).filter((v) => v.trim() !== '');
  return [...new Set(values)];
}

export function scalarValue(a: ScalarAttribute, ctx: ValueContext): unknown {
  const { rng, pools } = ctx;
  // A custom field with choices holds some of them: a list where it is JSON (a multi-select), one where a string.
  const listed = a.customOptions;
  const choices = Array.isArray(listed) && listed.every((o) => typeof o === 'string') ? choiceValues(listed) : [];
  if (choices.length > 0 && a.type === 'json') return rng.sample(choices, rng.int(1, Math.min(3, choices.length)));
  if (choices.length > 0 && (a.type === 'string' || a.type === 'text')) return rng.pick(choices);
  switch (a.type) {
    case 'string':
    case 'text':
    case 'richtext':
    case 'email':
    case 'uid':
      return text(a, ctx);
    case 'blocks':
      return [
        { type: 'heading', level: 2, children: [{ type: 'text', text: rng.pick(pools.sentences).replace(/\.$/, '') }] },
        { type: 'paragraph', children: [{ type: 'text', text: rng.pick(pools.paragraphs) }] },
      ];
    case 'enumeration':
      return a.enum && a.enum.length ? (a.unique ? a.enum[ctx.serial % a.enum.length] : rng.pick(a.enum)) : null;
    case 'integer':
      return numberIn(a, ctx, true);
    case 'biginteger':
      return String(numberIn(a, ctx, true));
    case 'float':
    case 'decimal':
      return numberIn(a, ctx, false);
    case 'boolean':
      return rng.chance(0.5);
    case 'date':
      return dateOf(ctx).toISOString().slice(0, 10);
    case 'time':
      return `${pad(rng.int(0, 23))}:${pad(rng.int(0, 59))}:00.000`;
    case 'datetime':
    case 'timestamp':
      return dateOf(ctx).toISOString();
    case 'json':
      return { tag: rng.pick(pools.words), score: rng.int(0, 100), featured: rng.chance(0.3) };
    case 'password':
      // Passwords are private: REST never shows them, so an export holds none.
      return null;
  }
}
