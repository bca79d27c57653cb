import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

/**
 * `findBy…` waits up to 5 s (not 1 s): lazy pages load their chunk first, and CI machines are
 * busy. A test that finds its element sooner returns sooner; only a real failure waits.
 */
configure({ asyncUtilTimeout: 5_000 });

/**
 * Each test's rendered trees are unmounted after it (Testing Library does this by itself only
 * with Vitest's globals on): a tree left mounted renders again when a later step touches what it
 * reads, possibly after the file's environment is gone ("window is not defined" in React's
 * scheduler, an error of the whole run).
 */
afterEach(() => {
  cleanup();
});
