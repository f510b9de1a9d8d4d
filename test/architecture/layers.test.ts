import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without type declarations
import { checkArchitecture, importEdges } from '../../scripts/check-architecture.mjs';

const SRC = resolve(import.meta.dirname, '../../src');

describe('architecture: core ← store ← project ← dataset, contract ← mock ← cli', () => {
  it('has no upward import, no folder cycle and no Node, I/O or framework import in core/', () => {
    expect(checkArchitecture(SRC)).toEqual([]);
  });

  it('sees the imports it checks (type-only ones included)', () => {
    const edges = importEdges(SRC) as [string, string, boolean][];
    expect(edges.length).toBeGreaterThan(300);
    expect(edges.some(([from, to]) => from === 'core/write/clone.ts' && to === 'core/data/store.ts')).toBe(true);
  });

  it('reports an upward import and a folder cycle', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(resolve(tmpdir(), 'arch-'));
    for (const d of ['core/a', 'core/b', 'mock']) mkdirSync(resolve(dir, d), { recursive: true });
    writeFileSync(resolve(dir, 'core/a/x.ts'), "import type { Y } from '../b/y.js';\nimport { readFileSync } from 'node:fs';\n");
    writeFileSync(resolve(dir, 'core/b/y.ts'), "import { X } from '../a/x.js';\nimport { M } from '../../mock/m.js';\n");
    writeFileSync(resolve(dir, 'mock/m.ts'), 'export const M = 1;\n');
    const problems = checkArchitecture(dir) as string[];
    expect(problems).toContain('core/b/y.ts imports mock/m.ts: core (layer 0) may not import mock (layer 4)');
    expect(problems).toContain('core/a/x.ts imports "node:fs": core/ must stay free of Node built-ins, I/O and frameworks');
    expect(problems).toContain('folder cycle: core/a ⇄ core/b');
  });
});
