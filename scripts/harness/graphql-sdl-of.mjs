// prints our SDL for a model folder (kit or fixture)
import { printSchema } from 'graphql';
import { resolve } from 'node:path';
import { loadProject } from '../../dist/project/load-project.js';
import { buildPluginSchema } from '../../dist/core/graphql/build-schema.js';
// a third argument: the plugin's config as JSON (e.g. '{"v4CompatibilityMode":true}')
const [dir, , config] = process.argv.slice(2);
const p = await loadProject({ schemas: resolve(dir) });
process.stdout.write(printSchema(buildPluginSchema(p.model, config ? JSON.parse(config) : {}).schema) + '\n');
