import { memo } from 'react';
import { formatChangePct } from '../quote';
import type { Direction } from '../quote';
import styles from './ChangeBadge.module.css';

/** The badge's class, for a badge that `showChange` keeps up to date outside React. */
export const changeBadgeClass = styles.badge;

/**
 * The 24 h change, filled in the rise or fall colour. Memoized: a tick that moves the price but
 * not the change (two decimals of a percent) leaves the badge as it is.
 */
export const ChangeBadge = memo(function ChangeBadge({
  pct,
  direction,
  muted = false,
}: {
  pct: string | null;
  direction: Direction;
  muted?: boolean;
}) {
  return (
    <span
      className={styles.badge}
      data-direction={direction}
      data-muted={muted}
      data-testid="market-change"
    >
      {formatChangePct(pct)}
    </span>
  );
});

/**
 * Sets a text or an attribute only when it differs: an equal write still invalidates style. A
 * text already there is changed in place (its node's `data`): the layout tree keeps the node's
 * box, where setting `textContent` would replace the node, and the browser would build a box
 * for the new one before laying it out (bench markets-fps).
 */
export function setText(el: HTMLElement, text: string): void {
  const node = el.firstChild;
  if (node instanceof Text && node.nextSibling === null) {
    if (node.data !== text) node.data = text;
  } else if (el.textContent !== text) {
    el.textContent = text;
  }
}

export function setData(el: HTMLElement, key: string, value: string): void {
  if (el.dataset[key] !== value) el.dataset[key] = value;
}

/** What ChangeBadge renders, written into an element of class `changeBadgeClass`. */
export function showChange(
  el: HTMLElement,
  pct: string | null,
  direction: Direction,
  muted: boolean,
): void {
  setText(el, formatChangePct(pct));
  setData(el, 'direction', direction);
  setData(el, 'muted', String(muted));
}
