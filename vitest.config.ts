import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // one scratch folder per run, removed at its end (see test/global-tmpdir.ts)
    globalSetup: ['test/global-tmpdir.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Test files start servers on free ports; two workers fit the 2-core CI machine.
    maxWorkers: 2,
    // Every store change is checked against its journal entry (a row changed in place without being declared fails).
    env: { CM_STORE_VERIFY: '1' },
  },
});
