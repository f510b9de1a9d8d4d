import { expect, test } from 'vitest';
import { importDataset, type Dataset } from '../../src/core/data/import-dataset.js';
import { loadModel } from '../../src/project/load-model.js';
import { writeCollectionType } from '../helpers/schema-files.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A seed pulled from a server whose privateAttributes hide createdAt has no timestamps: each document gets one that
// keeps its creation order (its first row id), shared by its versions, so `orderBy: { createdAt: 'desc' }` lists
// the newest first as on the server; a given createdAt is kept as it is.
test('documents without createdAt are dated in the order their rows were numbered', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'content-mock-undated-'));
  try {
    writeCollectionType(join(dir, 'src'), { singular: 'memo', plural: 'memos', display: 'Memo' }, { title: { type: 'string' } }, true);
    const model = await loadModel(dir);
    const row = (id: number, documentId: string, publishedAt: string | null, createdAt?: string) => ({ id, documentId, title: documentId, publishedAt, ...(createdAt ? { createdAt, updatedAt: createdAt } : {}) });
    const dataset = {
      format: 'strapi-oracle-dataset/1',
      locales: [{ code: 'en', name: 'English (en)', isDefault: true }],
      contentTypes: {
        'api::memo.memo': {
          uid: 'api::memo.memo',
          pluralName: 'memos',
          documents: { '*none*': { draft: [row(1, 'a', null), row(2, 'b', null), row(4, 'c', null, '2024-05-01T00:00:00.000Z')], published: [row(3, 'a', '2024-01-01T00:00:00.000Z')] } },
        },
      },
    } as unknown as Dataset;
    const rows = importDataset(model, dataset).types['api::memo.memo'];
    const stamp = (id: number) => rows.find((r) => r.id === id)!.createdAt;
    expect(stamp(1)).toBe(stamp(3));
    expect(stamp(1) < stamp(2)).toBe(true);
    expect(stamp(4)).toBe('2024-05-01T00:00:00.000Z');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
