import { writeFileSync } from 'node:fs';
import { emptyStore } from '../../core/data/import-dataset.js';
import { loadProject, type ProjectOptions } from '../../project/load-project.js';
import { toBundle, type ProjectBundle } from './project-bundle.js';

/** Reads a project (schemas, seed, config) the way `serve` does and packs it as one bundle. */
export async function buildBundle(options: ProjectOptions, warn: (message: string) => void = () => {}): Promise<ProjectBundle> {
  const { config, seed, model } = await loadProject(options);
  const data = seed ? seed.load(model, warn) : emptyStore(model);
  return toBundle(model, data, config);
}

/** `content-mock bundle`: writes the bundle (compact JSON: it is loaded by code, not read by people). */
export async function writeBundle(options: ProjectOptions & { readonly out: string }, warn?: (message: string) => void): Promise<number> {
  const text = JSON.stringify(await buildBundle(options, warn));
  writeFileSync(options.out, text + '\n');
  return text.length + 1;
}
