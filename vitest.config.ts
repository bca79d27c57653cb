import { defineConfig } from 'vitest/config';

/**
 * One Vitest run for the whole repository (`npm test`). Each workspace is a project so its
 * environment fits: node for the contract and the server, jsdom for the web app and the back office. E2E and
 * benchmarks are not part of it: they have their own commands.
 */
export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/client', 'apps/server', 'apps/web', 'apps/admin'],
  },
});
