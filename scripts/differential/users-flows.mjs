#!/usr/bin/env node
// Differential test of the users & permissions flows: the same sequence of requests (sign-in, roles, forgot/reset/
// change password, email confirmation, user writes) against a real Strapi and content-mock, compared after
// normalising tokens, dates and documentIds. Both servers start fresh with the same roles and users: on Strapi an
// Editor role and users ada, eve (editor), bob (blocked); on the mock scripts/differential/users-config.json (merged
// over the kit's config). The reset and confirmation codes are read from each side's mail: Strapi's through an email
// provider that appends to a JSON-lines file (--ref-mails), the mock's from GET /__content-mock/mailbox.
//
//   node scripts/differential/users-flows.mjs --ref URL --mock URL --ref-mails FILE [--confirmation]
// --confirmation runs the email-confirmation flow (both servers with email confirmation on, Strapi's redirection
// `http://localhost:3000/welcome`, reset page `http://localhost:3000/reset-password`).
import { readFileSync, existsSync } from 'node:fs';

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .map((a, i, all) =>
      a.startsWith('--') ? [a.slice(2), all[i + 1]?.startsWith('--') || all[i + 1] === undefined ? true : all[i + 1]] : null,
    )
    .filter(Boolean),
);
const sides = {
  ref: { base: String(args.ref ?? 'http://127.0.0.1:1360'), jwt: {} },
  mock: { base: String(args.mock ?? 'http://127.0.0.1:1361'), jwt: {} },
};

async function lastCode(side, kind) {
  if (side === 'ref') {
    const file = String(args['ref-mails']);
    const lines = existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n') : [];
    const mail = JSON.parse(lines[lines.length - 1] ?? '{}');
    const m = /(?:code|confirmation)=([0-9a-f]+)/.exec(mail.text ?? '');
    return m?.[1] ?? 'none';
  }
  const mails = await (await fetch(`${sides.mock.base}/__content-mock/mailbox`)).json();
  return mails.find((m) => m.kind === kind)?.code ?? 'none';
}

async function send(side, step) {
  const s = sides[side];
  const headers = {};
  if (step.as) headers.authorization = `Bearer ${s.jwt[step.as] ?? 'none'}`;
  let body = step.body;
  if (typeof body === 'function') body = await body(side);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const path = typeof step.path === 'function' ? await step.path(side) : step.path;
  const res = await fetch(`${s.base}/api${path}`, {
    method: step.method ?? 'GET',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  });
  const text = await res.text();
  let json;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  if (step.save && json?.jwt) s.jwt[step.save] = json.jwt;
  return { status: res.status, location: res.headers.get('location'), body: json };
}

const JWT = /^[\w-]+\.[\w-]+\.[\w-]+$/;
const DATE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
function normalise(v, key) {
  if (Array.isArray(v)) return v.map((x) => normalise(x));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, normalise(x, k)]));
  if (typeof v === 'string' && JWT.test(v)) return '<jwt>';
  if (typeof v === 'string' && DATE.test(v)) return '<date>';
  if (key === 'documentId') return '<documentId>';
  return v;
}

const login = (who, password, save = who) => ({ method: 'POST', path: '/auth/local', body: { identifier: who, password }, save });
const post = (path, body, as) => ({ method: 'POST', path, body, as });
const code = (kind, rest) => async (side) => ({ ...rest, code: await lastCode(side, kind) });

const baseline = [
  login('ada', 'analytical-engine'),
  login('eve', 'editor-pass'),
  login('bob', 'blocked-pass'),
  login('ada', 'wrong-password', 'none'),
  { path: '/users/me?populate=role', as: 'ada' },
  { path: '/users/me?populate=role', as: 'eve' },
  { path: '/users/me?fields=username&populate[role][fields]=name', as: 'eve' },
  { path: '/users?populate=role', as: 'eve' },
  { path: '/users?populate=role' },
  { path: '/users-permissions/roles', as: 'eve' },
  { path: '/users-permissions/roles', as: 'ada' },
  { path: '/users-permissions/roles' },
  { path: '/users-permissions/roles/1', as: 'eve' },
  { path: '/users-permissions/roles/2', as: 'eve' },
  { path: '/users-permissions/roles/3', as: 'eve' },
  { path: '/users-permissions/roles/99', as: 'eve' },
  { path: '/users-permissions/roles/abc', as: 'eve' },
  post('/auth/forgot-password', {}),
  post('/auth/forgot-password', { email: 'bad' }),
  post('/auth/forgot-password', { email: 'nobody@example.com', x: 1 }),
  post('/auth/forgot-password', { email: 'nobody@example.com' }),
  post('/auth/forgot-password', { email: 'bob@example.com' }),
  post('/auth/forgot-password', { email: 'ada@example.com' }, 'ada'),
  post('/auth/forgot-password', { email: 'ADA@example.com' }),
  post('/auth/reset-password', {}),
  post('/auth/reset-password', { code: 'zzz', password: 'abcdef', passwordConfirmation: 'abcdeg' }),
  post('/auth/reset-password', { code: 'zzz', password: 'abcdef', passwordConfirmation: 'abcdef' }),
  post('/auth/reset-password', { code: 'zzz', password: 'abcdef', passwordConfirmation: 'abcdef', x: 1 }),
  post('/auth/reset-password', { code: 5, password: 123456, passwordConfirmation: 123456 }),
  post('/auth/reset-password', code('reset-password', { password: 'new-pass-1', passwordConfirmation: 'new-pass-1' }), 'ada'),
  post('/auth/reset-password', code('reset-password', { password: 'new-pass-1', passwordConfirmation: 'new-pass-1' })),
  post('/auth/reset-password', code('reset-password', { password: 'new-pass-1', passwordConfirmation: 'new-pass-1' })),
  login('ada', 'analytical-engine', 'none'),
  login('ada', 'new-pass-1'),
  post('/auth/change-password', { currentPassword: 'new-pass-1', password: 'x-pass-2', passwordConfirmation: 'x-pass-2' }),
  post('/auth/change-password', {}, 'ada'),
  post('/auth/change-password', { currentPassword: 'wrong-one', password: 'x-pass-2', passwordConfirmation: 'x-pass-2' }, 'ada'),
  post('/auth/change-password', { currentPassword: 'new-pass-1', password: 'x-pass-2', passwordConfirmation: 'x-pass-3' }, 'ada'),
  post('/auth/change-password', { currentPassword: 'new-pass-1', password: 'new-pass-1', passwordConfirmation: 'new-pass-1' }, 'ada'),
  post('/auth/change-password', { currentPassword: 'new-pass-1', password: 'x-pass-2', passwordConfirmation: 'x-pass-2', foo: 1 }, 'ada'),
  post('/auth/change-password', { currentPassword: 'new-pass-1', password: 'x-pass-2', passwordConfirmation: 'x-pass-2' }, 'ada'),
  login('ada', 'x-pass-2'),
  post('/users', {}, 'eve'),
  post('/users', { username: 'zed', email: 'Zed@Example.com', password: 'zed-pass' }, 'eve'),
  post('/users', { username: 'zed', email: 'zed@example.com', password: 'zed-pass' }, 'ada'),
  post('/users', { username: 'zed', email: 'zed@example.com', password: 'zed-pass' }),
  post('/users', { username: 'z', email: 'zed7@example.com', password: 'p', role: 1 }, 'eve'),
  post('/users', { username: 'zed', email: 'zed@example.com', password: 'zed-pass', role: 99 }, 'eve'),
  post('/users', { username: 'ada', email: 'zed9@example.com', password: 'zed-pass', role: 1 }, 'eve'),
  post('/users', { username: 'zed10', email: 'ADA@example.com', password: 'zed-pass', role: 1 }, 'eve'),
  post('/users', { username: 'zed', email: 'Zed@Example.com', password: 'zed-pass', role: 3, foo: 1 }, 'eve'),
  post(
    '/users',
    { username: 'zed2', email: 'zed2@example.com', password: 'zed-pass', role: { connect: [{ id: 1 }] }, confirmed: true },
    'eve',
  ),
  { method: 'PUT', path: '/users/99', body: { username: 'x' }, as: 'eve' },
  { method: 'PUT', path: '/users/4', body: { username: 'ada' }, as: 'eve' },
  { method: 'PUT', path: '/users/4', body: { email: 'ada@example.com' }, as: 'eve' },
  { method: 'PUT', path: '/users/4', body: { password: '' }, as: 'eve' },
  { method: 'PUT', path: '/users/4', body: { email: 'bad' }, as: 'eve' },
  { method: 'PUT', path: '/users/4', body: { username: 'q' }, as: 'eve' },
  { method: 'PUT', path: '/users/4', body: { username: 'zed-renamed', blocked: true, role: 2 }, as: 'eve' },
  { method: 'PUT', path: '/users/4', body: { username: 'x' }, as: 'ada' },
  { method: 'DELETE', path: '/users/99', as: 'eve' },
  { method: 'DELETE', path: '/users/4', as: 'ada' },
  { method: 'DELETE', path: '/users/4', as: 'eve' },
  { path: '/users/count', as: 'eve' },
  post('/auth/local/register', { username: 'newbie', email: 'Newbie@example.com', password: 'newbie-pass' }),
  post('/auth/send-email-confirmation', { email: 'ada@example.com' }),
  post('/auth/send-email-confirmation', { email: 'Nobody@Example.com' }),
  post('/auth/send-email-confirmation', {}),
  { path: '/auth/email-confirmation' },
  { path: '/auth/email-confirmation?confirmation=nope' },
];

const confirmation = [
  post('/auth/local/register', { username: 'newbie', email: 'Newbie@example.com', password: 'newbie-pass' }),
  login('newbie', 'newbie-pass'),
  login('newbie', 'wrong-pass'),
  post('/auth/send-email-confirmation', { email: 'newbie@example.com', x: 1 }),
  post('/auth/send-email-confirmation', { email: 'bob@example.com' }),
  { path: '/auth/email-confirmation?confirmation=nope' },
  { path: async (side) => `/auth/email-confirmation?confirmation=${await lastCode(side, 'email-confirmation')}` },
  { path: async (side) => `/auth/email-confirmation?confirmation=${await lastCode(side, 'email-confirmation')}` },
  login('newbie', 'newbie-pass'),
  { path: '/users/me', as: 'newbie' },
];

let same = 0;
const differ = [];
for (const [i, step] of (args.confirmation ? confirmation : baseline).entries()) {
  const a = await send('ref', step);
  const b = await send('mock', step);
  const [x, y] = [JSON.stringify(normalise(a)), JSON.stringify(normalise(b))];
  if (x === y) same++;
  else differ.push({ i, step: `${step.method ?? 'GET'} ${typeof step.path === 'string' ? step.path : '(code)'}`, ref: x, mock: y });
}
for (const d of differ) console.log(`#${d.i} ${d.step}\n  ref:  ${d.ref.slice(0, 600)}\n  mock: ${d.mock.slice(0, 600)}`);
console.log(`${same} same, ${differ.length} different`);
process.exitCode = differ.length ? 1 : 0;
