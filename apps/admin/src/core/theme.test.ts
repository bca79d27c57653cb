import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS, storage } from '@/lib/storage';
import { getScheme, resolveScheme, setColorScheme, startTheme } from './theme';

describe('the colour scheme', () => {
  it('follows the system until the member chooses, then keeps the choice', () => {
    expect(resolveScheme({ chosen: undefined, system: 'dark' })).toBe('dark');
    expect(resolveScheme({ chosen: 'light', system: 'dark' })).toBe('light');
  });

  it('paints the document and remembers a choice', () => {
    startTheme();
    // The test environment's system preference is light (test-setup's matchMedia).
    expect(getScheme()).toBe('light');
    setColorScheme('dark');
    expect(getScheme()).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
    expect(storage.get(STORAGE_KEYS.theme)).toBe('dark');
  });
});
