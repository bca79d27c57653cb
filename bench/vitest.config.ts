import { defineProject } from 'vitest/config';

/** The benchmarks' pure helpers (`npm test -w @ampere/bench`); the benchmarks themselves are `npm run bench`. */
export default defineProject({
  test: { name: 'bench', environment: 'node', include: ['lib/**/*.test.ts'] },
});
