// Records real Strapi answers the contract checker's tests replay (test/fixtures/contract/real-answers.json).
// Needs a real Strapi 5.54 with the kit's model, seeded, plus one draft homepage whose zone holds a component it
// does not declare (PUT /api/homepage with a shared.slider block). Usage:
//   node scripts/record-contract-answers.mjs --base http://127.0.0.1:1471 [--out test/fixtures/contract/real-answers.json]
import { writeFileSync } from 'node:fs';

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? dflt : process.argv[i + 1];
};
const base = arg('base', 'http://127.0.0.1:1337');
const out = arg('out', 'test/fixtures/contract/real-answers.json');

const first = async (path) => (await (await fetch(base + path)).json()).data[0].documentId;
const article = await first('/api/articles?sort=id:asc&filters[author][id][$notNull]=true');

const CASES = {
  'zone-undeclared-component': '/api/homepage?status=draft&populate=blocks',
  'nested-populate-fields-sort':
    '/api/articles?fields[0]=title&pagination[pageSize]=3&filters[tags][id][$notNull]=true&populate[tags][fields][0]=name&populate[tags][sort]=createdAt:desc',
  'route-case-list': '/api/Tags?sort=id:asc',
  'route-case-one': `/API/Articles/${article}?populate[author][fields][0]=name`,
  'list-populated':
    '/api/articles?sort=id:asc&pagination[pageSize]=6&populate[author][fields][0]=name&populate[category]=true&fields[0]=title&fields[1]=views',
  'filter-through-author': '/api/articles?filters[author][name][$eq]=alan turing&populate[author][fields][0]=name&fields[0]=title',
  'sort-through-author':
    '/api/articles?sort[0]=author.name:asc&sort[1]=id:asc&filters[author][id][$notNull]=true&populate[author][fields][0]=name&fields[0]=title',
  'media-populated': '/api/articles?sort=id:asc&filters[cover][id][$notNull]=true&populate[cover]=true&fields[0]=title',
  'find-one': `/api/articles/${article}`,
  'tags-list': '/api/tags?sort=id:asc&pagination[pageSize]=5',
  'without-count': '/api/articles?pagination[withCount]=false&pagination[pageSize]=3&fields[0]=title',
  'default-limit': '/api/articles?fields[0]=title',
  'zone-on': '/api/articles?sort=id:asc&pagination[pageSize]=5&fields[0]=title&populate[blocks][on][shared.quote]=true',
  'server-error': '/api/articles?filters[views][$eq]=abc',
};

const answers = [];
for (const [name, path] of Object.entries(CASES)) {
  const res = await fetch(base + path);
  const text = await res.text();
  answers.push({
    name,
    method: 'GET',
    path,
    status: res.status,
    contentType: res.headers.get('content-type'),
    response: text ? JSON.parse(text) : null,
  });
  console.log(`${res.status} ${name}`);
}
writeFileSync(out, JSON.stringify(answers, null, 1) + '\n');
console.log(`${answers.length} answers → ${out}`);
