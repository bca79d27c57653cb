import { STORAGE_KEYS, storage } from '@/lib/storage';
import { createStore } from '@/lib/store';

/**
 * Light or dark. Until a member picks one, the system's preference decides and is followed as it
 * changes; once picked, the choice is stored and kept. antd's ConfigProvider turns the scheme
 * into its dark or default algorithm (app/AppProviders.tsx).
 */
export type ColorScheme = 'light' | 'dark';

interface ThemeState {
  /** The member's choice; undefined follows the system. */
  chosen: ColorScheme | undefined;
  system: ColorScheme;
}

const asScheme = (value: unknown): ColorScheme | undefined =>
  value === 'light' || value === 'dark' ? value : undefined;

const darkQuery = (): MediaQueryList | undefined =>
  typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)')
    : undefined;

const store = createStore<ThemeState>({
  chosen: storage.get(STORAGE_KEYS.theme, asScheme),
  system: darkQuery()?.matches === true ? 'dark' : 'light',
});

export function resolveScheme({ chosen, system }: ThemeState): ColorScheme {
  return chosen ?? system;
}

function apply(): void {
  const scheme = resolveScheme(store.get());
  // Native controls and scrollbars follow the page.
  document.documentElement.style.colorScheme = scheme;
  document.documentElement.dataset.theme = scheme;
}

function update(patch: Partial<ThemeState>): void {
  store.set({ ...store.get(), ...patch });
  apply();
}

export function getScheme(): ColorScheme {
  return resolveScheme(store.get());
}

export function useColorScheme(): ColorScheme {
  return resolveScheme(store.use());
}

export function setColorScheme(scheme: ColorScheme): void {
  storage.set(STORAGE_KEYS.theme, scheme);
  update({ chosen: scheme });
}

/** Paints the scheme before the first render and follows the system until a choice is made. */
export function startTheme(): void {
  apply();
  darkQuery()?.addEventListener('change', (event) => {
    update({ system: event.matches ? 'dark' : 'light' });
  });
}
