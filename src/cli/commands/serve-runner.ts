import { describeError } from '../../project/describe-error.js';
import { loadServerProject } from '../../mock/server-project.js';
import { routesOf } from '../../mock/watch/diff-models.js';
import { startupHints } from './serve-hints.js';
import { describeGenerated } from '../../mock/generated-store.js';
import { localesOf } from '../project-options.js';
import type { StoreData } from '../../core/data/types.js';
import { style } from '../style.js';
import { growHeapAsUsual } from '../load-heap.js';
import type { SeedReadAhead } from '../../store/seed-prefetch.js';

export interface ServeArgs {
  schemas?: string;
  /** `--schemas` as typed (the hints repeat it); `schemas` is what it resolved to. */
  given?: string;
  /** `--locales`: the locales content is generated in (with `seedIfEmpty`). */
  locales?: string[];
  data?: string;
  seed?: string;
  seedIfEmpty?: boolean;
  public?: boolean;
  memory?: boolean;
  repair?: boolean;
  port?: number;
  host?: string;
  config?: string;
  watch?: boolean;
  cors?: boolean;
  delay?: string;
  quiet?: boolean;
  readonly?: boolean;
  strictSchemas?: boolean;
  resetOnStart?: boolean;
  cache?: boolean;
  projectCode?: boolean;
  graphql?: boolean;
  /** The seed file read ahead (see prefetchSeed). */
  seedRead?: SeedReadAhead;
}

/** `content-mock serve`: starts the mock and keeps it running until SIGINT/SIGTERM, then shuts down cleanly. */
export async function runServe(args: ServeArgs): Promise<number> {
  let generated: StoreData | undefined;
  const { given, locales, graphql, ...options } = args;
  const serverOptions = {
    ...options,
    ...(graphql === undefined ? {} : { configObject: { graphql } }),
    // Locales of generated content; a seed file brings its own.
    locales: args.seedIfEmpty && args.seed === undefined ? localesOf(locales) : undefined,
    watch: args.watch ?? true,
    logRequests: !args.quiet,
    onGenerated: (data: StoreData) => (generated = data),
  };
  // the project first: a seed read ahead learns how it is imported while the server's modules load
  const project = await loadServerProject(serverOptions);
  const { createServer, StoreRefused } = await import('../../mock/create-server.js');
  let server;
  try {
    server = await createServer(serverOptions, project);
  } catch (e) {
    // Another server holds the data file, or its journal is damaged: the command cannot run as asked.
    if (!(e instanceof StoreRefused)) throw e;
    console.error(style('red', e.message));
    return 2;
  }
  if (args.resetOnStart) await server.reset();
  growHeapAsUsual();
  const rt = server.runtime();
  for (const w of [...(rt.config.warnings ?? []), ...rt.model.warnings]) console.warn(style('yellow', `warning: ${w}`));
  let url: string;
  try {
    ({ url } = await server.listen(args.port, args.host));
  } catch (e) {
    // The file watchers would hold the process open: stop them, then exit 2 (the command could not run).
    await server.close();
    console.error(style('red', describeError(e)));
    return 2;
  }
  const lines = [`content-mock serving the Strapi 5 Content API at ${style('bold', `${url}/api`)}`];
  for (const route of routesOf(rt.model)) {
    const type = rt.model.byRoute.get(route.slice('/api/'.length));
    const methods = type?.kind === 'collectionType' ? 'GET POST | GET PUT DELETE /:documentId' : 'GET PUT DELETE';
    lines.push(`  ${route.padEnd(28)} ${style('dim', methods)}`);
  }
  if (rt.config.graphql) lines.push(`graphql: ${url}${rt.config.graphql.endpoint}`);
  lines.push(`docs: ${url}/docs (${url}/openapi.json)   reset: POST ${url}/__content-mock/reset`);
  lines.push(rt.store.file ? `data: ${rt.store.file}` : 'data: in memory (nothing is written)');
  const extras = [
    args.watch === false ? 'watch off' : 'watching schemas and data',
    args.readonly ? 'read-only' : '',
    args.delay ? `delay ${args.delay} ms` : '',
  ].filter(Boolean);
  lines.push(extras.join(', '));
  if (generated) lines.push(...describeGenerated(rt.model, rt.config, generated, rt.store.file).map((l) => style('cyan', l)));
  for (const line of server.projectReport()) lines.push(line);
  for (const hint of startupHints(rt, { schemas: given, seeded: args.seed !== undefined })) lines.push(style('cyan', hint));
  console.log(lines.join('\n'));

  await new Promise<void>((resolve) => {
    const stop = () => {
      // A second Ctrl-C while pending writes flush means "now": leave without waiting.
      process.once('SIGINT', () => process.exit(130));
      resolve();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  try {
    await server.close();
  } catch (e) {
    console.error(describeError(e));
    return 1;
  }
  return 0;
}
