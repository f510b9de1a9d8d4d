#!/usr/bin/env node
// Server memory during big uploads (issue: "4 concurrent 150 MB uploads peaked at 1.25 GB RSS, a refused 250 MB
// upload still at 1.1 GB"): `content-mock serve` with a data file in a temp folder, then 4 concurrent 150 MB uploads,
// then one 250 MB upload over the 200 MB default limit; prints each answer and the server's RSS and peak RSS.
//
//   node scripts/upload-memory.mjs [--mb 150] [--concurrent 4] [--refused-mb 250]
//
// Run `npm run build` first.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const kit = join(root, 'test', 'fixtures', 'kit');
const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i === -1 ? dflt : Number(argv[i + 1]);
};
const mb = opt('mb', 150);
const concurrent = opt('concurrent', 4);
const refusedMb = opt('refused-mb', 250);

const dir = mkdtempSync(join(tmpdir(), 'content-mock-upload-mem-'));
const kitConfig = JSON.parse(readFileSync(join(kit, 'content-mock.config.json'), 'utf8'));
writeFileSync(
  join(dir, 'config.json'),
  JSON.stringify({ ...kitConfig, permissions: { public: { ...kitConfig.permissions.public, 'plugin::upload.content-api.upload': true } } }),
);
const args = ['serve', '--schemas', join(kit, 'model'), '--seed', join(kit, 'dataset.json'), '--config', join(dir, 'config.json')];
const child = spawn(
  process.execPath,
  [join(root, 'bin', 'content-mock.js'), ...args, '--data', join(dir, 'db.json'), '--port', '0', '--no-watch', '--quiet'],
  {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const base = await new Promise((ok, fail) => {
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
    const m = /at (http:\/\/[^\s]+)\/api/.exec(out);
    if (m) ok(m[1]);
  });
  child.once('exit', (code) => fail(new Error(`server exited (${code}): ${out}`)));
});
const memory = () => {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN) / 1024;
  return `RSS ${kb('VmRSS').toFixed(0)} MB, peak ${kb('VmHWM').toFixed(0)} MB`;
};

/** A multipart upload of `size` bytes, written 1 MB at a time (the client never holds it whole either). */
function upload(size, name) {
  const boundary = 'content-mock-upload-memory';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(1024 * 1024, 7);
  return new Promise((ok, fail) => {
    const req = request(
      `${base}/api/upload`,
      {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + size + tail.length },
      },
      (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => ok(`${res.statusCode} ${body.slice(0, 120)}`));
      },
    );
    req.on('error', fail);
    req.write(head);
    let left = size;
    const pump = () => {
      while (left > 0) {
        const n = Math.min(left, chunk.length);
        left -= n;
        if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) return void req.once('drain', pump);
      }
      req.end(tail);
    };
    pump();
  });
}

console.log(`idle: ${memory()}`);
let t = performance.now();
const answers = await Promise.all(Array.from({ length: concurrent }, (_, i) => upload(mb * 1024 * 1024, `big-${i}.bin`)));
console.log(`${concurrent} concurrent ${mb} MB uploads in ${((performance.now() - t) / 1000).toFixed(1)} s: ${memory()}`);
for (const a of answers) console.log(`  ${a.slice(0, 80)}`);
t = performance.now();
console.log(
  `one ${refusedMb} MB upload (over the 200 MB default): ${(await upload(refusedMb * 1024 * 1024, 'too-big.bin')).slice(0, 100)}`,
);
console.log(`  in ${((performance.now() - t) / 1000).toFixed(1)} s: ${memory()}`);
child.kill('SIGTERM');
await new Promise((ok) => child.once('exit', ok));
rmSync(dir, { recursive: true, force: true });
