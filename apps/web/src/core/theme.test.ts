import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS, storage } from '@/lib/storage';
import {
  DEFAULT_PRIMARY_COLOR,
  applyTheme,
  getTheme,
  resetPrimaryColor,
  resolveScheme,
  setColorBlindSafe,
  setPrimaryColor,
  setThemeMode,
} from './theme';

const root = document.documentElement;
const scheme = () => root.getAttribute('data-prefers-color-scheme');
const primary = () => root.style.getPropertyValue('--adm-color-primary');

afterEach(() => {
  setThemeMode('system');
  resetPrimaryColor();
  setColorBlindSafe(false);
});

describe('resolveScheme', () => {
  it('follows the system only in system mode', () => {
    expect(resolveScheme({ mode: 'system', systemScheme: 'dark' })).toBe('dark');
    expect(resolveScheme({ mode: 'system', systemScheme: 'light' })).toBe('light');
    expect(resolveScheme({ mode: 'light', systemScheme: 'dark' })).toBe('light');
    expect(resolveScheme({ mode: 'dark', systemScheme: 'light' })).toBe('dark');
  });
});

describe('theme store', () => {
  it('applies and remembers the mode through antd-mobile’s dark-mode attribute', () => {
    setThemeMode('dark');
    expect(scheme()).toBe('dark');
    expect(storage.get(STORAGE_KEYS.theme)).toBe('dark');
    setThemeMode('light');
    expect(scheme()).toBe('light');
    expect(getTheme().mode).toBe('light');
  });

  it('applies, remembers and resets a custom primary colour', () => {
    setPrimaryColor('#722ed1');
    expect(primary()).toBe('#722ed1');
    expect(storage.get(STORAGE_KEYS.primaryColor)).toBe('#722ed1');
    resetPrimaryColor();
    expect(primary()).toBe('');
    expect(storage.get(STORAGE_KEYS.primaryColor)).toBeUndefined();
    expect(getTheme().primaryColor).toBeUndefined();
  });

  it('refuses anything but a #rrggbb colour, so no CSS can be injected', () => {
    expect(() => {
      setPrimaryColor('red; background: url(x)');
    }).toThrow(RangeError);
    expect(getTheme().primaryColor).toBeUndefined();
  });

  it('gives the browser bar the page surface of the scheme', () => {
    const meta = document.createElement('meta');
    meta.name = 'theme-color';
    document.head.append(meta);
    applyTheme({ mode: 'dark', primaryColor: DEFAULT_PRIMARY_COLOR, systemScheme: 'light' });
    expect(meta.content).toBe('#18202b');
    applyTheme({ mode: 'light', primaryColor: undefined, systemScheme: 'dark' });
    expect(meta.content).toBe('#ffffff');
    meta.remove();
  });

  it('switches the colour-blind-safe palette on <html> and stores it like the theme', () => {
    expect(root.hasAttribute('data-palette')).toBe(false);
    setColorBlindSafe(true);
    expect(root.getAttribute('data-palette')).toBe('cb');
    expect(storage.get(STORAGE_KEYS.palette)).toBe('cb');
    expect(getTheme().colorBlindSafe).toBe(true);
    setColorBlindSafe(false);
    expect(root.hasAttribute('data-palette')).toBe(false);
    expect(storage.get(STORAGE_KEYS.palette)).toBeUndefined();
  });
});
