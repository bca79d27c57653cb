import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One Vitest run for the whole repository (`npm test`). Each workspace is a project so its
 * environment fits: node for the contract and the server, jsdom for the web app and the back office. E2E and
 * benchmarks are not part of it: they have their own commands.
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on the two-core machines here and
    // in CI, so a file waiting on its database left the other core idle. Every core, at least two.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      'packages/contract',
      'packages/client',
      'apps/server',
      'apps/web',
      'apps/admin',
      'bench',
    ],
  },
});
