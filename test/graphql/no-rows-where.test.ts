import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startGraphqlProject } from '../helpers/graphql-project.js';

// The review workflows' types are in every schema and the mock keeps no rows for them; Strapi's database still writes
// the WHERE of a query over their empty tables, and knex refuses a `$between` of other than two values there as on
// any table (harness graphql-run, a public Strapi 5 project 1401: `reviewWorkflowsWorkflows_connection(filters: {
// name: { between: "zzz" } })` is Strapi's AssertionError). The mock answers it as it answers it on any type: the
// 400-for-500 house rule's ValidationError naming the cause.

type Json = Record<string, any>;

let gql: (query: string) => Promise<Json>;
let close: () => Promise<void>;

beforeAll(async () => {
  const schema = {
    kind: 'collectionType',
    info: { singularName: 'note', pluralName: 'notes', displayName: 'note' },
    options: { draftAndPublish: true },
    attributes: { title: { type: 'string' } },
  };
  ({ gql, close } = await startGraphqlProject({ note: schema }, {}));
});
afterAll(() => close());

describe('a type the mock keeps no rows for', () => {
  test.each([
    ['reviewWorkflowsWorkflows_connection(filters: { name: { between: "zzz" } }) { nodes { name } }', 'You must specify 2 values'], // a list of one (input coercion),
    ['reviewWorkflowsWorkflows(filters: { or: [{ name: { between: ["a"] } }] }) { name }', 'You must specify 2 values'],
    ['reviewWorkflowsWorkflowStages(filters: { workflow: { name: { between: ["a", "b", "c"] } } }) { name }', 'You must specify 2'],
  ])('%s: the WHERE of its empty table refuses a $between of other than two values', async (field, strapiSays) => {
    const answer = await gql(`{ ${field} }`);
    expect(answer.errors).toHaveLength(1);
    expect(answer.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(answer.errors[0].message).toContain(strapiSays);
    // the same filter on a type with rows is refused alike
    const note = await gql(`{ notes(filters: { title: { between: ${field.includes('"zzz"') ? '"zzz"' : '["a"]'} } }) { title } }`);
    expect(note.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  test('two values pass: no rows', async () => {
    const answer = await gql(`{ reviewWorkflowsWorkflows(filters: { name: { between: ["a", "z"] } }) { name } }`);
    expect(answer).toEqual({ data: { reviewWorkflowsWorkflows: [] } });
  });
});
