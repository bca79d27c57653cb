import { defineConfig } from 'vitest/config';

/** Journeys drive one real browser against one real server; files run one after another. */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['**/*.e2e.test.ts'],
    exclude: ['node_modules/**'],
    globalSetup: ['./support/global-setup.ts'],
    // A failed test prints what its pages showed and the server's log of its time.
    setupFiles: ['./support/diagnose.ts'],
    fileParallelism: false,
    // CI runs the journeys on their own (.ci/run), but on two cores a browser step can still
    // take two to three times as long as on a quiet desk: the limits leave room for that, and a
    // poll (a value that follows a server event) waits up to 10 s, not Vitest's 1 s.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    expect: { poll: { timeout: 10_000 } },
  },
});
