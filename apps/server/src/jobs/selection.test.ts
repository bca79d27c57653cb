import { describe, expect, it } from 'vitest';
import { JobSelectionError, selectJobs } from './selection.js';

const jobs = ['trading.settle', 'earn.accrue', 'market.feed'].map((name) => ({ name }));
const names = (spec: string) => selectJobs(jobs, spec).map((j) => j.name);

describe('JOBS: which background jobs a node runs', () => {
  it('runs every job by default, none with none', () => {
    expect(names('all')).toEqual(['trading.settle', 'earn.accrue', 'market.feed']);
    expect(names('none')).toEqual([]);
  });

  it('runs only the named jobs, in their own order', () => {
    expect(names('market.feed, trading.settle')).toEqual(['trading.settle', 'market.feed']);
  });

  it('leaves out a job prefixed with a minus from what precedes it', () => {
    expect(names('all,-trading.settle')).toEqual(['earn.accrue', 'market.feed']);
    expect(names('all,-trading.settle,trading.settle')).toEqual([
      'trading.settle',
      'earn.accrue',
      'market.feed',
    ]);
  });

  it('refuses an unknown name, naming the jobs there are', () => {
    expect(() => names('all,-trading.setle')).toThrow(JobSelectionError);
    expect(() => names('trading.setle')).toThrow(/earn\.accrue, market\.feed, trading\.settle/);
    expect(() => names(' , ')).toThrow(JobSelectionError);
  });
});
