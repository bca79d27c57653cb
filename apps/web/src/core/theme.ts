import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, storage } from '@/lib/storage';

/**
 * Appearance: light, dark or follow the system (SPEC §1), plus an optional custom primary
 * colour. Dark mode uses antd-mobile's own switch, the `data-prefers-color-scheme` attribute on
 * <html>; our CSS variables (styles/theme.css) key off the same attribute, so one attribute
 * repaints everything.
 */
const THEME_MODES = ['light', 'dark', 'system'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];
type ColorScheme = 'light' | 'dark';

/** styles/theme.css's light primary (issue #20: white text on it reads at 5.8:1). */
export const DEFAULT_PRIMARY_COLOR = '#0b5ed7';

/** The colour picker's swatches: distinct hues that keep white button text readable. */
export const PRIMARY_SWATCHES = [
  '#0b5ed7',
  '#2f54eb',
  '#722ed1',
  '#c41d7f',
  '#f5222d',
  '#d4380d',
  '#d46b08',
  '#389e0d',
  '#08979c',
  '#0958d9',
] as const;

/** The browser's top bar follows the page surface (styles/theme.css `--app-surface`). */
const SURFACE_COLORS: Record<ColorScheme, string> = { light: '#ffffff', dark: '#18202b' };

export interface ThemeState {
  mode: ThemeMode;
  /** Undefined means the default primary colour. */
  primaryColor: string | undefined;
  systemScheme: ColorScheme;
  /**
   * Issue #20: up and down in blue and orange instead of green and red (styles/theme.css
   * `data-palette`), for colour-blind users; stored like the theme.
   */
  colorBlindSafe?: boolean;
}

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

function isHexColor(value: string): boolean {
  return HEX_COLOR.test(value);
}

const asHexColor = (value: unknown): string | undefined =>
  typeof value === 'string' && isHexColor(value) ? value : undefined;

const asThemeMode = (value: unknown): ThemeMode | undefined =>
  THEME_MODES.find((mode) => mode === value);

export function resolveScheme(state: Pick<ThemeState, 'mode' | 'systemScheme'>): ColorScheme {
  return state.mode === 'system' ? state.systemScheme : state.mode;
}

/** Writes the theme onto the document: antd-mobile's dark switch, the primary colour, the meta. */
export function applyTheme(state: ThemeState, doc: Document = document): void {
  const scheme = resolveScheme(state);
  const root = doc.documentElement;
  root.setAttribute('data-prefers-color-scheme', scheme);
  if (state.colorBlindSafe === true) root.setAttribute('data-palette', 'cb');
  else root.removeAttribute('data-palette');
  if (state.primaryColor === undefined) root.style.removeProperty('--adm-color-primary');
  else root.style.setProperty('--adm-color-primary', state.primaryColor);
  doc.querySelector('meta[name="theme-color"]')?.setAttribute('content', SURFACE_COLORS[scheme]);
}

const darkQuery = (): MediaQueryList | undefined =>
  typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)')
    : undefined;

let state: ThemeState = {
  mode: storage.get(STORAGE_KEYS.theme, asThemeMode) ?? 'system',
  primaryColor: storage.get(STORAGE_KEYS.primaryColor, asHexColor),
  colorBlindSafe:
    storage.get(STORAGE_KEYS.palette, (v) => (v === 'cb' ? true : undefined)) ?? false,
  systemScheme: darkQuery()?.matches === true ? 'dark' : 'light',
};
const listeners = new Set<() => void>();

function update(patch: Partial<ThemeState>): void {
  state = { ...state, ...patch };
  applyTheme(state);
  for (const listener of listeners) listener();
}

export function getTheme(): ThemeState {
  return state;
}

function subscribeTheme(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useTheme(): ThemeState {
  return useSyncExternalStore(subscribeTheme, getTheme);
}

export function setThemeMode(mode: ThemeMode): void {
  storage.set(STORAGE_KEYS.theme, mode);
  update({ mode });
}

export function setPrimaryColor(color: string): void {
  if (!isHexColor(color)) throw new RangeError(`Not a #rrggbb colour: ${color}`);
  storage.set(STORAGE_KEYS.primaryColor, color);
  update({ primaryColor: color });
}

export function setColorBlindSafe(on: boolean): void {
  if (on) storage.set(STORAGE_KEYS.palette, 'cb');
  else storage.remove(STORAGE_KEYS.palette);
  update({ colorBlindSafe: on });
}

export function resetPrimaryColor(): void {
  storage.remove(STORAGE_KEYS.primaryColor);
  update({ primaryColor: undefined });
}

/** Paints the stored theme before the first render and follows system changes afterwards. */
export function startTheme(): void {
  applyTheme(state);
  darkQuery()?.addEventListener('change', (event) => {
    update({ systemScheme: event.matches ? 'dark' : 'light' });
  });
}
