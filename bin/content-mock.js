#!/usr/bin/env node
// The sources are compiled to dist/ by `npm install` (the package's `prepare` script).
import { existsSync } from 'node:fs';
const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  console.error('content-mock: dist/ is missing; run `npm install` (or `npm run build`) in the package folder first.');
  process.exit(2);
}
// A closed pipe (`content-mock openapi | head`) is the reader's choice, not an error.
process.stdout.on('error', (e) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});
// `serve --seed FILE` starts reading its seed on another thread before the CLI's modules load.
const { startEarlySeedRead } = await import(new URL('../dist/cli/early-seed-read.js', import.meta.url).href);
startEarlySeedRead(process.argv.slice(2), process.env);
const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));
