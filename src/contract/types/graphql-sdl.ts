import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { printSchema } from 'graphql';
import { buildPluginSchema } from '../../core/graphql/build-schema.js';
import type { ContentModel } from '../../core/model/types.js';

/** The SDL real Strapi's GraphQL plugin prints for the model (`printSchema` of the same schema `/graphql` serves). */
export function graphqlSdl(model: ContentModel): string {
  return printSchema(buildPluginSchema(model).schema) + '\n';
}

export async function writeGraphqlSdl(model: ContentModel, file: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, graphqlSdl(model));
}
