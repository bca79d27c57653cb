import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { firstScreenHeld } from '@/lib/firstScreen';
import { useFirstScreenHold } from './useFirstScreenHold';

const frame = () =>
  act(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => {
          resolve();
        });
      }),
  );

describe('useFirstScreenHold', () => {
  it('holds while active, and lets go only once the frame after it has painted', async () => {
    const { rerender, unmount } = renderHook(
      ({ active }) => {
        useFirstScreenHold(active);
      },
      { initialProps: { active: true } },
    );
    expect(firstScreenHeld()).toBe(true);
    rerender({ active: false });
    expect(firstScreenHeld()).toBe(true);
    await frame();
    await frame();
    await frame();
    expect(firstScreenHeld()).toBe(false);
    unmount();
  });
});
