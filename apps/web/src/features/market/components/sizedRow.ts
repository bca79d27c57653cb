/**
 * A list row sized to its content from outside it, so that it can be a relayout boundary.
 *
 * A row whose price changes has to be laid out again, and with it, unless the row's size is
 * known without looking inside it, every box from the document down to the row (bench
 * markets-fps: 15–45 boxes a tick, the page's flex column among them). With size containment
 * (`data-sized`, ProductRow.module.css) the row's height is the one written here, and a tick
 * lays out the row alone.
 *
 * That height must follow the content, whatever the language, the font or the text size, or the
 * row would clip it (`content-visibility` clips a row's paint). The row's children are laid out
 * as ever inside it (its cross axis centres them, so they take their own height), and one
 * ResizeObserver watches them: whenever one changes height, the row takes the tallest one's,
 * before the frame paints (the browser runs the observer's callback between layout and paint,
 * and lays out again when it changes something). The heights are the observer's layout sizes,
 * untouched by transforms (a dialog that scales in) and read without asking for a layout. A row
 * the browser skips (off screen) reports nothing to measure and keeps the height it had. Without
 * ResizeObserver the rows keep their natural size.
 */

const BLOCK_SIZE = '--row-block-size';

let observer: ResizeObserver | undefined;
const heights = new WeakMap<Element, number>();

function fit(row: HTMLElement): void {
  const height = Math.max(0, ...Array.from(row.children, (child) => heights.get(child) ?? 0));
  if (height === 0) return;
  const value = `${height}px`;
  if (row.style.getPropertyValue(BLOCK_SIZE) !== value) row.style.setProperty(BLOCK_SIZE, value);
  if (row.dataset.sized !== 'true') row.dataset.sized = 'true';
}

/** Keeps `row` as tall as its tallest child (the children it has now). */
export function sizeRowToContent(row: HTMLElement): () => void {
  if (typeof ResizeObserver === 'undefined') return () => undefined;
  observer ??= new ResizeObserver((entries) => {
    const rows = new Set<HTMLElement>();
    for (const entry of entries) {
      heights.set(entry.target, entry.borderBoxSize[0]?.blockSize ?? entry.contentRect.height);
      if (entry.target.parentElement !== null) rows.add(entry.target.parentElement);
    }
    for (const parent of rows) fit(parent);
  });
  const children = [...row.children];
  for (const child of children) observer.observe(child);
  return () => {
    for (const child of children) observer?.unobserve(child);
    delete row.dataset.sized;
    row.style.removeProperty(BLOCK_SIZE);
  };
}
