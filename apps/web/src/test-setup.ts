import { configure } from '@testing-library/react';

/**
 * `findBy…` waits up to 5 s (not 1 s): lazy pages load their chunk first, and CI machines are
 * busy. A test that finds its element sooner returns sooner; only a real failure waits.
 */
configure({ asyncUtilTimeout: 5_000 });
