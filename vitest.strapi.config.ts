import { defineConfig } from 'vitest/config';

// End-to-end tests against a running real Strapi (scripts/test-strapi.mjs starts it); never part of `npm test`.
export default defineConfig({
  test: {
    include: ['test/strapi/**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
