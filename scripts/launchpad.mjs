#!/usr/bin/env node
// A real frontend against the mock: strapi/LaunchPad's Next.js app (`next/`) is built and started against
// `content-mock serve --schemas <LaunchPad>/strapi --public --seed-if-empty`, and its pages are rendered in headless
// Chromium. Exit 0 when `next build` succeeds and every page renders without an error page.
//
//   node scripts/launchpad.mjs <LaunchPad checkout>        (or LAUNCHPAD_DIR=<checkout>)
//
// Not part of `npm test`: it installs LaunchPad's own dependencies (once, into the scratch folder `../strapi/launchpad`
// or CONTENT_MOCK_SCRATCH/launchpad) and needs Chromium (`apt-get install -y chromium`, or CHROMIUM=<binary>).
// The mock listens on 1337, the only port LaunchPad's next.config.mjs accepts images from; Next on LAUNCHPAD_PORT
// (default 3040). The config names the locales en and fr and pins a page with slug `homepage`, which the home
// route asks for. LaunchPad sets `populate` in route middlewares, which the mock runs (its project code);
// LAUNCHPAD_NO_PROJECT_CODE=1 serves with --no-project-code, to see what a frontend meets without them.
import { spawn } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ROOT, SCRATCH } from './paths.mjs';

const launchpad = resolve(process.argv[2] ?? process.env.LAUNCHPAD_DIR ?? '');
if (!process.argv[2] && !process.env.LAUNCHPAD_DIR) fail('usage: node scripts/launchpad.mjs <LaunchPad checkout> (or LAUNCHPAD_DIR)');
if (!existsSync(join(launchpad, 'strapi')) || !existsSync(join(launchpad, 'next'))) fail(`${launchpad}: no strapi/ and next/ here`);
const work = join(SCRATCH, 'launchpad');
const app = join(work, 'next');
const nextPort = Number(process.env.LAUNCHPAD_PORT ?? 3040);
const API = 'http://localhost:1337';
const chromium = process.env.CHROMIUM ?? 'chromium';
const children = [];

function stopAll() {
  for (const c of children) {
    try {
      process.kill(-c.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

function fail(message) {
  console.error(`launchpad: ${message}`);
  stopAll();
  process.exit(1);
}

/** Runs a command to its end without blocking the event loop (the stand-in proxy answers meanwhile). */
function run(cmd, args, options = {}) {
  return new Promise((resolveRun) => {
    const child = spawn(cmd, args, { stdio: 'inherit', ...options });
    child.once('exit', (status) => (status === 0 ? resolveRun() : fail(`${cmd} ${args.join(' ')} exited ${status}`)));
  });
}

/** Runs a command and collects its output, without blocking the event loop. */
function output(cmd, args) {
  return new Promise((resolveOutput) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    const timer = setTimeout(() => child.kill(), 60_000);
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.once('exit', (status) => {
      clearTimeout(timer);
      resolveOutput({ status, stdout });
    });
  });
}

function start(cmd, args, options, ready) {
  // Its own process group, so stopping it stops what npx started under it too.
  const child = spawn(cmd, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  children.push(child);
  let out = '';
  return new Promise((resolveReady, reject) => {
    const timer = setTimeout(() => reject(new Error(`${cmd}: not ready in 60 s:\n${out}`)), 60_000);
    const seen = (d) => {
      out += d;
      if (options.log) appendFileSync(options.log, d);
      if (ready.test(out)) {
        clearTimeout(timer);
        resolveReady(out);
      }
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    child.once('exit', (code) => reject(new Error(`${cmd} exited ${code}:\n${out}`)));
  });
}

// 1. LaunchPad's frontend, installed once in the scratch folder (its yarn.lock is for Yarn 4; npm resolves anew).
mkdirSync(work, { recursive: true });
cpSync(join(launchpad, 'next'), app, { recursive: true, filter: (src) => !/node_modules|\.next|yarn\.lock/.test(src) });
if (!existsSync(join(app, 'node_modules', 'next')))
  await run('npm', ['install', '--no-audit', '--no-fund', '--legacy-peer-deps'], { cwd: app });
// Next 16's image optimizer refuses a backend on a private address (its SSRF guard), whatever serves it, real Strapi
// included: the scratch copy's config allows it, as a developer running the site against a local Strapi would.
const nextConfig = join(app, 'next.config.mjs');
writeFileSync(nextConfig, readFileSync(nextConfig, 'utf8').replace(/images: \{/, 'images: {\n    dangerouslyAllowLocalIP: true,'));
writeFileSync(
  join(app, '.env'),
  `WEBSITE_URL=http://localhost:${nextPort}\nENVIRONMENT=development\nNEXT_PUBLIC_API_URL=${API}\nPREVIEW_SECRET=preview_secret\n`,
);
// next/font/google fetches Inter at build time; offline machines get a local font through Next's own mock hook.
const fontMock = join(work, 'font-mock.cjs');
const font = ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'].find((f) => existsSync(f));
writeFileSync(
  fontMock,
  `module.exports = { 'https://fonts.googleapis.com/css2?family=Inter:wght@400;500;600;700;800;900&display=swap': ` +
    JSON.stringify(
      `@font-face { font-family: 'Inter'; font-style: normal; font-weight: 400 900; font-display: swap;` +
        (font ? ` src: url(${font}) format('truetype'); }` : ' src: local(sans-serif); }'),
    ) +
    ' };\n',
);

// 2. The mock, as a frontend developer starts it, with a config naming the locales and the home page's slug.
const config = join(work, 'content-mock.config.json');
writeFileSync(
  config,
  JSON.stringify({ locales: [{ code: 'en' }, { code: 'fr' }], fixtures: { page: [{ slug: 'homepage' }] } }, null, 2) + '\n',
);
const mockArgs = ['serve', '--schemas', join(launchpad, 'strapi'), '--public', '--seed-if-empty', '--memory'];
if (process.env.LAUNCHPAD_NO_PROJECT_CODE === '1') mockArgs.push('--no-project-code');
const banner = await start(
  process.execPath,
  [join(ROOT, 'bin', 'content-mock.js'), ...mockArgs, '--config', config, '--port', '1337', '--no-watch', '--quiet'],
  { cwd: work },
  /access: .*\n/,
).catch((e) => fail(e.message));
console.log(
  banner
    .split('\n')
    .filter((l) => /^(content|locales|access|project code):/.test(l.replace(/\x1b\[[0-9;]*m/g, '')))
    .join('\n'),
);

// 3. next build (webpack: Turbopack ignores the font hook) and next start.
const env = { ...process.env, NEXT_FONT_GOOGLE_MOCKED_RESPONSES: fontMock, NEXT_TELEMETRY_DISABLED: '1' };
// LAUNCHPAD_REUSE_BUILD=1 keeps the last build (the generated content is the same for the same config).
if (process.env.LAUNCHPAD_REUSE_BUILD !== '1' || !existsSync(join(app, '.next', 'BUILD_ID'))) {
  rmSync(join(app, '.next'), { recursive: true, force: true });
  await run('npx', ['next', 'build', '--webpack'], { cwd: app, env });
}
// Its log (the server errors behind an error page) goes to <scratch>/launchpad/next-start.log.
const nextLog = join(work, 'next-start.log');
writeFileSync(nextLog, '');
await start('npx', ['next', 'start', '-p', String(nextPort)], { cwd: app, env, log: nextLog }, /Ready in|started server/i).catch((e) =>
  fail(e.message),
);

// 4. The pages: a slug of each kind from the mock, each page rendered in Chromium.
const first = async (path) => {
  const res = await fetch(`${API}/api/${path}`);
  const body = await res.json();
  return body.data?.[0]?.slug;
};
const article = await first('articles?locale=en&fields[0]=slug');
const product = await first('products?fields[0]=slug');
const page = await first('pages?locale=en&fields[0]=slug&filters[slug][$ne]=homepage');
const pages = ['/en', '/en/blog', `/en/blog/${article}`, '/en/products', `/en/products/${product}`, `/en/${page}`, '/fr'];

// Next's error pages: the server-error page (Next 16: "This page couldn’t load"), the client-side exception, 404s.
const ERROR_PAGE =
  /This page couldn.t load|A server error occurred|Application error|Internal Server Error|This page could not be found|Unhandled Runtime Error|500<\/h1>|404<\/h1>/;
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
let failed = 0;
// Each page's DOM is kept for a look: <scratch>/launchpad/pages/<path>.html.
const kept = join(work, 'pages');
mkdirSync(kept, { recursive: true });
console.log('\npage                                   status  images  text  error page');
for (const path of pages) {
  const res = await fetch(`http://localhost:${nextPort}${path}`, { redirect: 'manual' });
  const profile = mkdtempSync(join(tmpdir(), 'cm-chromium-'));
  const dom = await output(chromium, [
    ...CHROMIUM_FLAGS,
    `--user-data-dir=${profile}`,
    '--virtual-time-budget=8000',
    '--dump-dom',
    `http://localhost:${nextPort}${path}`,
  ]);
  // LAUNCHPAD_SCREENSHOTS=1: a picture of each page beside its DOM.
  if (process.env.LAUNCHPAD_SCREENSHOTS === '1') {
    const name = join(kept, `${path.slice(1).replace(/\//g, '_') || 'root'}.png`);
    await output(chromium, [
      ...CHROMIUM_FLAGS,
      `--user-data-dir=${profile}`,
      '--virtual-time-budget=8000',
      '--window-size=1280,1600',
      `--screenshot=${name}`,
      `http://localhost:${nextPort}${path}`,
    ]);
  }
  rmSync(profile, { recursive: true, force: true });
  // What a visitor sees: the DOM without scripts (Next ships its error and not-found templates in its payload).
  const visible = (dom.stdout ?? '')
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<template[\s\S]*?<\/template>/g, '');
  const text = visible
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  // Every image the page shows, fetched as the browser would (through Next's optimizer): 200 and an image type.
  const sources = [...new Set([...visible.matchAll(/<img\b[^>]*?\ssrc="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&')))];
  let images = 0;
  for (const src of sources) {
    const got = await fetch(new URL(src, `http://localhost:${nextPort}`));
    if (got.ok && /^image\//.test(got.headers.get('content-type') ?? '')) images++;
    await got.arrayBuffer();
  }
  writeFileSync(join(kept, `${path.slice(1).replace(/\//g, '_') || 'root'}.html`), dom.stdout ?? '');
  const error = ERROR_PAGE.exec(visible)?.[0] ?? (dom.status !== 0 ? `chromium exited ${dom.status}` : '');
  if (res.status !== 200 || error || text.length < 200 || images < sources.length) failed++;
  console.log(
    `${path.slice(0, 38).padEnd(38)} ${String(res.status).padEnd(7)} ${`${images}/${sources.length}`.padEnd(7)} ${String(text.length).padEnd(5)} ${error || '-'}`,
  );
  console.log(`  ${text.slice(0, 240)}`);
}
stopAll();
console.log(failed ? `\n${failed} of ${pages.length} pages failed` : `\nall ${pages.length} pages rendered`);
process.exit(failed ? 1 : 0);
