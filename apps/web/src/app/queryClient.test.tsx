import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { endLaunchReads, markLaunchRead } from '@/lib/launchReads';
import { queryClient } from './queryClient';

function Reader({ name, read }: { name: string; read: () => Promise<string> }) {
  const { data } = useQuery({ queryKey: ['test', name], queryFn: read });
  return <p>{data ?? 'loading'}</p>;
}

/** A read that answers with how many times it has been asked. */
function counted() {
  let calls = 0;
  return {
    read: () => Promise.resolve(`answer ${++calls}`),
    calls: () => calls,
  };
}

function mount(name: string, read: () => Promise<string>) {
  return render(
    <QueryClientProvider client={queryClient}>
      <Reader name={name} read={read} />
    </QueryClientProvider>,
  );
}

// Unmounted before the cache is cleared: a mounted reader would render again after the test
// (and after the test environment is gone, where React's scheduler finds no window).
afterEach(() => {
  cleanup();
  endLaunchReads();
  queryClient.clear();
});

describe('reads launch starts for the first screen', () => {
  it('are taken by the components that mount during that screen, not asked again', async () => {
    const home = counted();
    markLaunchRead(['test', 'home']);
    await queryClient.query({ queryKey: ['test', 'home'], queryFn: home.read });
    mount('home', home.read);
    await screen.findByText('answer 1');
    mount('home', home.read).unmount(); // a second part of the same screen
    expect(home.calls()).toBe(1);
  });

  it('are read afresh by a component mounting once the first screen is over', async () => {
    const home = counted();
    markLaunchRead(['test', 'home']);
    await queryClient.query({ queryKey: ['test', 'home'], queryFn: home.read });
    endLaunchReads();
    mount('home', home.read);
    await screen.findByText('answer 2');
    expect(home.calls()).toBe(2);
  });

  it('leave every other query to read afresh on mount', async () => {
    const mine = counted();
    markLaunchRead(['test', 'home']);
    await queryClient.query({ queryKey: ['test', 'mine'], queryFn: mine.read });
    mount('mine', mine.read);
    await screen.findByText('answer 2');
    expect(mine.calls()).toBe(2);
  });
});
