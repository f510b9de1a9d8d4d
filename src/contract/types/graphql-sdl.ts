import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { printSchema } from 'graphql';
import { buildPluginSchema } from '../../core/graphql/build-schema.js';
import type { ContentModel } from '../../core/model/types.js';

/** The SDL real Strapi's GraphQL plugin prints for the model (`printSchema` of the same schema `/graphql` serves). */
export function graphqlSdl(model: ContentModel): string {
  return printSchema(buildPluginSchema(model).schema) + '\n';
}

/** Writes SDL: the model's (the plugin's defaults), or the text given (the schema a project's `/graphql` serves). */
export async function writeGraphqlSdl(model: ContentModel, file: string, sdl: string = graphqlSdl(model)): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, sdl);
}
