import type { ScalarAttribute } from '../../core/model/types.js';
import type { Rng } from './rng.js';
import type { WordPools } from './word-pools.js';

// One value for a scalar attribute that Strapi's validator would accept: the right type, inside min/max and
// minLength/maxLength, one of the enum, unique where asked (`serial` makes it so), chosen by the attribute's name
// where that says what it holds (email, name, title, url, …).

export interface ValueContext {
  readonly rng: Rng;
  readonly pools: WordPools;
  /** Distinct per document (and per attribute table): appended where a value must be unique. */
  readonly serial: number;
  /** Values of the same row so far (a uid derives from its targetField). */
  readonly row: Readonly<Record<string, unknown>>;
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

function text(a: ScalarAttribute, ctx: ValueContext): string {
  const { rng, pools } = ctx;
  const name = a.name.toLowerCase();
  if (a.type === 'email' || name.includes('email')) {
    const user = `${slugify(rng.pick(pools.firstNames))}.${slugify(rng.pick(pools.lastNames))}`;
    return `${user}${a.unique ? ctx.serial : ''}@${rng.pick(pools.domains)}`;
  }
  if (a.type === 'uid') {
    const from = a.targetField && typeof ctx.row[a.targetField] === 'string' ? String(ctx.row[a.targetField]) : rng.pick(pools.sentences);
    return fitLength(a, slugify(from).slice(0, 60), ctx, `-${ctx.serial}`);
  }
  const unique = a.unique ? ` ${ctx.serial}` : '';
  let value: string;
  if (a.type === 'richtext')
    value = `## ${rng.pick(pools.sentences).replace(/\.$/, '')}\n\n${rng.pick(pools.paragraphs)}\n\n${rng.pick(pools.paragraphs)}`;
  else if (a.type === 'text' || name.includes('description') || name.includes('bio')) value = rng.pick(pools.paragraphs);
  else if (name.includes('url') || name.includes('link') || name.includes('website'))
    value = `https://${rng.pick(pools.domains)}/${slugify(rng.pick(pools.words))}`;
  else if (name.includes('color') || name.includes('colour')) value = rng.pick(pools.colors);
  else if (name.includes('city')) value = rng.pick(pools.cities);
  else if (name.includes('company') || name.includes('brand') || name.includes('site')) value = rng.pick(pools.companies);
  else if (name === 'username' || name.endsWith('handle')) value = `${slugify(rng.pick(pools.firstNames))}${rng.int(1, 999)}`;
  else if (name.includes('name')) value = rng.pick(pools.fullNames);
  else if (name.includes('code') || name.includes('sku'))
    value = `${slugify(rng.pick(pools.words)).slice(0, 6)}-${pad(rng.int(0, 999), 3)}`;
  else value = cap(rng.pick(pools.sentences).replace(/\.$/, ''));
  return fitLength(a, value, ctx, unique);
}

function numberIn(a: ScalarAttribute, ctx: ValueContext, integer: boolean): number {
  // Without bounds, a rating looks like one (0–5); anything else counts in the hundreds.
  const span = /rating|score|stars/i.test(a.name) ? 5 : 1000;
  const lo = a.min ?? (a.max !== undefined ? Math.min(0, a.max - span) : 0);
  const hi = a.max ?? lo + span;
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

export function scalarValue(a: ScalarAttribute, ctx: ValueContext): unknown {
  const { rng, pools } = ctx;
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
