import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Each API test file boots its own database (PGlite in memory, or a fresh PostgreSQL
    // database under test:pg); that is seconds, not milliseconds.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
