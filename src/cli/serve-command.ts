import { createServer } from '../server/create-server.js';

export interface ServeArgs {
  schemas?: string;
  data?: string;
  seed?: string;
  memory?: boolean;
  port?: number;
  host?: string;
  config?: string;
}

/** `content-mock serve`: starts the mock and keeps it running until SIGINT/SIGTERM. */
export async function runServe(args: ServeArgs): Promise<number> {
  const server = await createServer(args);
  const rt = server.runtime();
  for (const w of rt.model.warnings) console.warn(`warning: ${w}`);
  const { url } = await server.listen(args.port, args.host);
  const lines = [`content-mock serving the Strapi 5 Content API at ${url}/api`];
  for (const type of rt.model.contentTypes.values()) {
    const route = type.kind === 'collectionType' ? type.pluralName : type.singularName;
    const methods = type.kind === 'collectionType' ? 'GET POST | GET PUT DELETE /:documentId' : 'GET PUT DELETE';
    lines.push(`  ${`/api/${route}`.padEnd(28)} ${methods}`);
  }
  lines.push(rt.store.file ? `data: ${rt.store.file}` : 'data: in memory (nothing is written)');
  console.log(lines.join('\n'));
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await server.close();
  return 0;
}
