import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyLoaded } from './lazyLoaded';

function Part({ text }: { text: string }) {
  return <p>{text}</p>;
}

describe('lazyLoaded', () => {
  it('draws a part whose module is in without suspending', () => {
    const Loaded = lazyLoaded(
      () => Promise.resolve({ default: Part }),
      () => Part,
    );
    render(
      <Suspense fallback={<p>loading</p>}>
        <Loaded text="at once" />
      </Suspense>,
    );
    expect(screen.getByText('at once')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('is lazy while the module is not in', async () => {
    let resolve: (m: { default: typeof Part }) => void = () => undefined;
    const Later = lazyLoaded(
      () =>
        new Promise<{ default: typeof Part }>((r) => {
          resolve = r;
        }),
      () => undefined,
    );
    render(
      <Suspense fallback={<p>loading</p>}>
        <Later text="later" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => {
      resolve({ default: Part });
      await Promise.resolve();
    });
    expect(await screen.findByText('later')).toBeTruthy();
  });
});
