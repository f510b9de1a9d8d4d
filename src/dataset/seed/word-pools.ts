import { allLocales, base, en, Faker, type LocaleDefinition } from '@faker-js/faker';

// Realistic text comes from faker, drawn once into pools per locale and then picked from with the seeded Rng.
// Calling faker per value would be ~20× slower; 100,000 documents have to fit well within a minute.
//
// faker's `lorem` is Latin in every locale, so text is made from the locale's own vocabulary instead: its word lists
// (nouns, adjectives, verbs, adverbs, prepositions) and, where it has them, its product descriptions and phrases,
// which are whole sentences in the language. A locale without its own vocabulary falls back to English.

export interface WordPools {
  readonly words: readonly string[];
  readonly sentences: readonly string[];
  readonly paragraphs: readonly string[];
  /** Sentences short enough for a one-line string (a button, a tagline). */
  readonly shortSentences: readonly string[];
  /** Short headings: two to five words, no full stop. */
  readonly titles: readonly string[];
  readonly fullNames: readonly string[];
  readonly firstNames: readonly string[];
  readonly lastNames: readonly string[];
  readonly companies: readonly string[];
  readonly cities: readonly string[];
  readonly domains: readonly string[];
  readonly colors: readonly string[];
  readonly phones: readonly string[];
  readonly zipCodes: readonly string[];
  readonly streets: readonly string[];
  readonly countries: readonly string[];
  readonly states: readonly string[];
  readonly jobTitles: readonly string[];
  readonly products: readonly string[];
  /** Category-like names (a shop's departments). */
  readonly categories: readonly string[];
  readonly currencies: readonly string[];
}

const many = <T>(n: number, make: () => T): T[] => Array.from({ length: n }, make);
const cap = (s: string) => s.charAt(0).toLocaleUpperCase() + s.slice(1);

type Definitions = Readonly<Record<string, Readonly<Record<string, unknown>> | undefined>>;

function localeDefinition(code: string): LocaleDefinition {
  const table = allLocales as Readonly<Record<string, LocaleDefinition>>;
  return table[code.replace('-', '_')] ?? table[code.split(/[-_]/)[0]] ?? en;
}

/** The locale's own list `module.key` (not English's fallback), when it has a usable one. */
function ownList(def: LocaleDefinition, module: string, key: string): readonly string[] | undefined {
  const list = (def as Definitions)[module]?.[key];
  return Array.isArray(list) && list.length >= 10 && list.every((w) => typeof w === 'string') ? (list as string[]) : undefined;
}

interface Vocabulary {
  readonly nouns: readonly string[];
  readonly adjectives: readonly string[];
  readonly verbs: readonly string[];
  readonly adverbs: readonly string[];
  readonly prepositions: readonly string[];
}

function vocabulary(def: LocaleDefinition): Vocabulary {
  const own = (key: string) => ownList(def, 'word', key);
  const nouns = own('noun');
  // Without its own nouns a locale has no vocabulary of its own: English words, all of a piece.
  const from = nouns ? def : en;
  const list = (key: string) => ownList(from, 'word', key) ?? ownList(en, 'word', key) ?? [];
  return {
    nouns: list('noun'),
    adjectives: list('adjective'),
    verbs: list('verb'),
    adverbs: list('adverb'),
    prepositions: list('preposition'),
  };
}

export function wordPools(code: string, seed: number): WordPools {
  const def = localeDefinition(code);
  const faker = new Faker({ locale: [def, en, base], seed });
  const vocab = vocabulary(def);
  const pick = (list: readonly string[]) => list[faker.number.int({ min: 0, max: list.length - 1 })];
  // Whole sentences the locale has: product descriptions (and for English, hacker phrases).
  const hasDescriptions = ownList(def, 'commerce', 'product_description') !== undefined || def === en;
  const hasPhrases = ownList(def, 'hacker', 'phrase') !== undefined;
  const wordSentence = () => {
    const parts = [pick(vocab.adjectives), pick(vocab.nouns), pick(vocab.verbs), pick(vocab.adverbs)];
    if (faker.datatype.boolean()) parts.push(pick(vocab.prepositions), pick(vocab.adjectives), pick(vocab.nouns));
    return `${cap(parts.join(' '))}.`;
  };
  const sentence = (): string => {
    const roll = faker.number.int({ min: 0, max: 3 });
    if (roll === 0 && hasDescriptions) return `${faker.commerce.productDescription().replace(/[.,\s]+$/, '')}.`;
    if (roll === 1 && hasPhrases) return faker.hacker.phrase();
    return wordSentence();
  };
  const sentences = many(400, sentence);
  const title = () => {
    const words = [pick(vocab.adjectives), pick(vocab.nouns)];
    if (faker.datatype.boolean()) words.push(pick(vocab.prepositions), pick(vocab.nouns));
    return cap(words.join(' '));
  };
  return {
    words: many(600, () => pick(faker.datatype.boolean() ? vocab.nouns : vocab.adjectives)),
    sentences,
    shortSentences: many(200, wordSentence),
    paragraphs: many(150, () => many(faker.number.int({ min: 2, max: 4 }), () => pick(sentences)).join(' ')),
    titles: many(300, title),
    fullNames: many(400, () => faker.person.fullName()),
    firstNames: many(200, () => faker.person.firstName()),
    lastNames: many(200, () => faker.person.lastName()),
    companies: many(200, () => faker.company.name()),
    cities: many(200, () => faker.location.city()),
    domains: many(50, () => faker.internet.domainName()),
    colors: many(50, () => faker.color.rgb()),
    phones: many(100, () => faker.phone.number({ style: 'international' })),
    zipCodes: many(100, () => faker.location.zipCode()),
    streets: many(100, () => faker.location.streetAddress()),
    countries: many(100, () => faker.location.country()),
    states: many(50, () => faker.location.state()),
    jobTitles: many(100, () => faker.person.jobTitle()),
    products: many(200, () => faker.commerce.productName()),
    categories: many(60, () => faker.commerce.department()),
    currencies: many(30, () => faker.finance.currencyCode()),
  };
}
