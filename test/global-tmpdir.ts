import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Tests make scratch folders (stores, seeds, projects) with mkdtemp under the system's temporary folder, and the
// servers they start make their own: a run left hundreds of them behind, thousands after a day of runs. Every test
// worker and every process it spawns inherit TMPDIR, so pointing it at one folder of this run, removed when the run
// ends, cleans them all up whatever each test does.
export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'content-mock-tests-'));
  for (const name of ['TMPDIR', 'TMP', 'TEMP']) process.env[name] = root;
  return () => rmSync(root, { recursive: true, force: true, maxRetries: 3 });
}
