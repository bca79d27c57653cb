import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // One migrated, seeded database per run; each test file's database is a copy of it.
    globalSetup: ['src/test/db-template.ts'],
    setupFiles: ['src/test/setup.ts'],
    // A worker runs its files in one module graph instead of importing the server afresh for
    // each (about a second a file): the suite in 121 s instead of 225 s, test:pg in 73 s
    // instead of 194 s (session 30). Nothing of ours keeps state in a module between files —
    // each file builds its own app and database, and no server test mocks a module or leaves an
    // environment variable or fake timers behind; a new one must not either.
    isolate: false,
    // Each API test file boots its own database (PGlite in memory, or a fresh PostgreSQL
    // database under test:pg); that is a second or so, not milliseconds.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
