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
 * reads, possibly after the file's environment is gone (an error of the whole run).
 */
afterEach(() => {
  cleanup();
});

/**
 * jsdom has no matchMedia; antd's responsive grid and ProLayout ask it at render. The page is a
 * wide desktop with a light system theme: only min-width queries match. (The older
 * addListener/removeListener pair is there because some of antd's dependencies still call it.)
 */
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) => {
    const list = {
      matches: query.includes('min-width'),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    };
    return Object.assign(list, { addListener: () => undefined, removeListener: () => undefined });
  };
}
