/**
 * A list row sized to its content from outside it, so that it can be a relayout boundary.
 *
 * A row whose price changes has to be laid out again, and with it, unless the row's size is
 * known without looking inside it, every box from the document down to the row (bench
 * markets-fps: 15–45 boxes a tick, the page's flex column among them, about a fifth of a frame
 * that paints at 4× CPU). With size containment (`data-sized`, ProductRow.module.css) the row's
 * height is the one written here, and a tick lays out the row alone.
 *
 * That height must follow the content, whatever the language, the font or the text size, or the
 * row would clip it (`content-visibility` clips a row's paint). The row's children are laid out
 * as ever inside it (its cross axis centres them, so they take their own height), and one
 * ResizeObserver watches each row's main child: whenever it changes height, the row takes the
 * tallest child's height, before the frame paints (the browser runs the observer's callback
 * between layout and paint, and lays out again when it changes something). A row the browser
 * skips (off screen) reports no height and keeps the one it had. Without ResizeObserver the rows
 * keep their natural size.
 */

const BLOCK_SIZE = '--row-block-size';

let observer: ResizeObserver | undefined;

/** The height of `row`'s tallest child; 0 when the browser skips the row (nothing laid out). */
function contentHeight(row: HTMLElement): number {
  let height = 0;
  for (const child of row.children) height = Math.max(height, child.getBoundingClientRect().height);
  return height;
}

function fit(row: HTMLElement, height: number): void {
  if (height === 0) return;
  const value = `${height}px`;
  if (row.style.getPropertyValue(BLOCK_SIZE) !== value) row.style.setProperty(BLOCK_SIZE, value);
  row.dataset.sized = 'true';
}

/** Keeps `row` as tall as its tallest child, watching `content` (the child that can grow). */
export function sizeRowToContent(row: HTMLElement, content: Element): () => void {
  if (typeof ResizeObserver === 'undefined') return () => undefined;
  observer ??= new ResizeObserver((entries) => {
    // Every height read before any is written: a write between two reads would make the browser
    // lay the page out again for the second (50 rows as the list first shows).
    const rows = entries.flatMap(({ target }) =>
      target.parentElement === null ? [] : [target.parentElement],
    );
    const heights = rows.map(contentHeight);
    rows.forEach((row, i) => {
      fit(row, heights[i] ?? 0);
    });
  });
  observer.observe(content);
  return () => {
    observer?.unobserve(content);
    delete row.dataset.sized;
    row.style.removeProperty(BLOCK_SIZE);
  };
}
