import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // One migrated, seeded database per run; each test file's database is a copy of it.
    globalSetup: ['src/test/db-template.ts'],
    setupFiles: ['src/test/setup.ts'],
    // Each API test file boots its own database (PGlite in memory, or a fresh PostgreSQL
    // database under test:pg); that is a second or so, not milliseconds.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
