import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'contract',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // The property tests run thousands of cases each: seconds alone, more beside the server's
    // files on a two-core machine.
    testTimeout: 30_000,
  },
});
