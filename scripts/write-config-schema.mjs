// Writes schema/content-mock.config.schema.json from src/project/config-json-schema.ts (built to dist/; run
// `npm run build` first). `npm test` fails when the published file differs from what the source builds
// (test/project/config-schema.test.ts).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { configJsonSchema } from '../dist/project/config-json-schema.js';

const file = fileURLToPath(new URL('../schema/content-mock.config.schema.json', import.meta.url));
const options = (await prettier.resolveConfig(file)) ?? {};
writeFileSync(file, await prettier.format(JSON.stringify(configJsonSchema()), { ...options, filepath: file }));
console.log(`wrote ${file}`);
