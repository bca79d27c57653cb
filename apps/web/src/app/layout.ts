import { LAYOUT_MAX_PX, TABBAR_HEIGHT_PX } from '@/lib/constants';

/** Hands the layout constants of SPEC §2 and §9 to the style sheets as CSS variables. */
export function applyLayoutConstants(root: HTMLElement = document.documentElement): void {
  root.style.setProperty('--app-max-width', `${LAYOUT_MAX_PX}px`);
  root.style.setProperty('--app-tabbar-height', `${TABBAR_HEIGHT_PX}px`);
}
