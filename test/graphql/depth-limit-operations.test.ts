import { buildSchema, parse, specifiedRules, validate } from 'graphql';
import { expect, test } from 'vitest';
import { depthLimit } from '../../src/core/graphql/depth-limit.js';

// graphql-depth-limit (the plugin's depthLimit rule) keeps a document's operations in an object by name: of two
// operations with one name, two anonymous ones included, it measures only the last. Real Strapi 5.54 (plugin-graphql
// 5.54.0, depthLimit 7) answered a document of two anonymous operations, the first one too deep, with the two
// "This anonymous operation must be the only defined operation." errors alone; content-mock added a depth error
// for every field of the first one past the limit.
const schema = buildSchema('type Node { name: String, child: Node }\ntype Query { node: Node }');
const deep = '{ node { child { child { child { name } } } } }';
const shallow = '{ node { name } }';
const messages = (doc: string) => validate(schema, parse(doc), [...specifiedRules, depthLimit(2)]).map((e) => e.message);

test('a lone operation past the limit is refused with the package message', () => {
  expect(messages(deep)).toEqual(["'' exceeds maximum operation depth of 2"]);
});

test('of two anonymous operations only the last is measured', () => {
  const lone = 'This anonymous operation must be the only defined operation.';
  expect(messages(`${deep}\n${shallow}`)).toEqual([lone, lone]);
  expect(messages(`${shallow}\n${deep}`)).toEqual(["'' exceeds maximum operation depth of 2", lone, lone]);
});

test('of two operations with one name only the last is measured; other names each are', () => {
  expect(messages(`query Q ${deep}\nquery Q ${shallow}`)).toEqual(['There can be only one operation named "Q".']);
  expect(messages(`query A ${deep}\nquery B ${deep}`)).toEqual([
    "'A' exceeds maximum operation depth of 2",
    "'B' exceeds maximum operation depth of 2",
  ]);
});
