import { allLocales, base, en, Faker, type LocaleDefinition } from '@faker-js/faker';

// Realistic text comes from faker, drawn once into pools per locale and then picked from with the seeded Rng.
// Calling faker per value would be ~20× slower; 100,000 documents have to fit well within a minute.

export interface WordPools {
  readonly words: readonly string[];
  readonly sentences: readonly string[];
  readonly paragraphs: readonly string[];
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
  readonly currencies: readonly string[];
}

const many = <T>(n: number, make: () => T): T[] => Array.from({ length: n }, make);

function localeDefinition(code: string): LocaleDefinition {
  const table = allLocales as Readonly<Record<string, LocaleDefinition>>;
  return table[code.replace('-', '_')] ?? table[code.split(/[-_]/)[0]] ?? en;
}

export function wordPools(code: string, seed: number): WordPools {
  const faker = new Faker({ locale: [localeDefinition(code), en, base], seed });
  return {
    words: many(600, () => faker.lorem.word()),
    sentences: many(400, () => faker.lorem.sentence({ min: 3, max: 10 })),
    paragraphs: many(150, () => faker.lorem.paragraph({ min: 2, max: 5 })),
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
    currencies: many(30, () => faker.finance.currencyCode()),
  };
}
