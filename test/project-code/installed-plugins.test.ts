import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';

// A plugin the project installs runs with it, as in Strapi: the pattern of an advanced-UUID field, rebuilt as our own
// plugin. Its register adds a custom field (and an admin permission, which the mock lets through), its bootstrap
// subscribes a lifecycle to the types that use the field, and the lifecycle asks the plugin's own service to fill the
// field on every create and update that leaves it out, and to refuse a value of the wrong form by throwing an error
// of its own copy of Strapi's error classes (real Strapi answers that 500: the mock, 400 with the error). Its
// content-API route is not served, and start-up says so.

let root: string;
let server: MockServer;
let base: string;
const lines: string[] = [];
const write = (file: string, text: string) => {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
};
const send = (method: string, path: string, body?: unknown) =>
  fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cm-installed-plugin-'));
  write(
    'package.json',
    JSON.stringify({ name: 'app', dependencies: { '@strapi/strapi': '5.54.0', 'strapi-plugin-ticket-code': '1.0.0' } }),
  );
  write(
    'node_modules/strapi-plugin-ticket-code/package.json',
    JSON.stringify({ name: 'strapi-plugin-ticket-code', strapi: { kind: 'plugin', name: 'ticket-code' } }),
  );
  write(
    'node_modules/strapi-plugin-ticket-code/strapi-server.js',
    `class ApplicationError extends Error {
  constructor(message, details) { super(message); this.name = 'ApplicationError'; this.details = details ?? {}; }
}
class ValidationError extends ApplicationError {
  constructor(message, details) { super(message, details); this.name = 'ValidationError'; }
}
const FIELD = 'plugin::ticket-code.code';
// a server entry may export a function: Strapi's config loader calls it with { env }
module.exports = ({ env }) => ({
  register({ strapi }) {
    strapi.customFields.register({ name: 'code', plugin: 'ticket-code', type: 'string' });
    strapi.admin.services.permission.actionProvider.registerMany([{ section: 'plugins', uid: 'read' }]);
  },
  bootstrap({ strapi }) {
    const models = Object.keys(strapi.contentTypes).filter((uid) =>
      Object.values(strapi.contentTypes[uid].attributes).some((a) => a.customField === FIELD),
    );
    const fill = (event) => strapi.plugin('ticket-code').service('codes').fill(event);
    strapi.db.lifecycles.subscribe({ models, beforeCreate: fill, beforeUpdate: fill });
  },
  services: {
    codes: () => ({
      issued: 0,
      fill(event) {
        for (const [name, a] of Object.entries(event.model.attributes)) {
          if (a.customField !== FIELD) continue;
          const prefix = (a.options && a.options.prefix) || env('TICKET_DEFAULT_PREFIX', 'T');
          const value = event.params.data[name];
          if (value === undefined || value === null || value === '') event.params.data[name] = prefix + '-' + ++this.issued;
          else if (!String(value).startsWith(prefix + '-'))
            throw new ValidationError('Bad ticket code', { errors: [{ path: [name], message: 'must start with ' + prefix + '-' }] });
        }
      },
    }),
  },
  routes: { 'content-api': { type: 'content-api', routes: [{ method: 'GET', path: '/codes', handler: 'codes.list' }] } },
});
`,
  );
  write(
    'src/api/ticket/content-types/ticket/schema.json',
    JSON.stringify({
      kind: 'collectionType',
      collectionName: 'tickets',
      info: { singularName: 'ticket', pluralName: 'tickets', displayName: 'Ticket' },
      options: { draftAndPublish: false },
      attributes: {
        title: { type: 'string' },
        code: { type: 'customField', customField: 'plugin::ticket-code.code', options: { prefix: 'TK' } },
      },
    }),
  );
  write(
    'src/api/ticket/routes/ticket.js',
    `module.exports = require('@strapi/strapi').factories.createCoreRouter('api::ticket.ticket');\n`,
  );
  // the controller and service a core router needs (Strapi makes none by default)
  for (const kind of ['Controller', 'Service'])
    write(
      `src/api/ticket/${kind.toLowerCase()}s/ticket.js`,
      `module.exports = require('@strapi/strapi').factories.createCore${kind}('api::ticket.ticket');\n`,
    );
  server = await createServer({
    schemas: root,
    memory: true,
    configObject: { permissions: { public: { 'api::ticket.ticket': ['find', 'findOne', 'create', 'update'] } } },
    logger: { info: (l: string) => lines.push(l), error: (l: string) => lines.push(l) },
  });
  base = (await server.listen(0)).url;
});
afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

test("the plugin's lifecycle fills its field on every create and update that leaves it out", async () => {
  const made = await send('POST', '/api/tickets', { data: { title: 'first' } });
  expect(made.status).toBe(201);
  const ticket = ((await made.json()) as { data: { documentId: string; code: string } }).data;
  expect(ticket.code).toMatch(/^TK-\d+$/);
  const updated = await send('PUT', `/api/tickets/${ticket.documentId}`, { data: { title: 'renamed' } });
  expect(updated.status).toBe(200);
  const after = ((await updated.json()) as { data: { code: string } }).data.code;
  expect(after).toMatch(/^TK-\d+$/);
  expect(after).not.toBe(ticket.code);
  const kept = await send('POST', '/api/tickets', { data: { title: 'given', code: 'TK-77' } });
  expect(((await kept.json()) as { data: { code: string } }).data.code).toBe('TK-77');
});

test("a value the plugin refuses is a 400 with the plugin's error (real Strapi: 500), and nothing is written", async () => {
  const before = ((await (await send('GET', '/api/tickets')).json()) as { meta: { pagination: { total: number } } }).meta.pagination.total;
  const refused = await send('POST', '/api/tickets', { data: { title: 'bad', code: 'XX-1' } });
  expect(refused.status).toBe(400);
  expect(await refused.json()).toEqual({
    data: null,
    error: {
      status: 400,
      name: 'ValidationError',
      message: 'Bad ticket code',
      details: { errors: [{ path: ['code'], message: 'must start with TK-' }] },
    },
  });
  const total = ((await (await send('GET', '/api/tickets')).json()) as { meta: { pagination: { total: number } } }).meta.pagination.total;
  expect(total).toBe(before);
  expect(lines.join('\n')).toMatch(
    /strapi-plugin-ticket-code\/strapi-server\.js:\d+: POST \/api\/tickets: ValidationError "Bad ticket code".*500/,
  );
});

test("start-up names the plugins that run and the plugin's routes the mock does not serve", () => {
  const report = server.projectReport().join('\n');
  expect(report).toMatch(/installed plugins \(register, bootstrap, services\): ticket-code/);
  expect(report + lines.join('\n')).toMatch(/plugin ticket-code: its 1 content-API routes are not served here/);
});
