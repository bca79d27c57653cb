import { defineConfig } from 'vitest/config';

/**
 * `npm run test:cluster` (issue #19): several built server nodes on the machine's PostgreSQL and
 * Redis behind Debian's nginx. Files run one after another: each starts its own cluster.
 */
export default defineConfig({
  test: {
    name: 'cluster',
    root: import.meta.dirname,
    include: ['**/*.cluster.test.ts', 'deploy.test.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
