import type { Page } from 'playwright-core';

/** The touch-target size #20 asks for (WCAG 2.2 2.5.5, enhanced): 44 × 44 CSS px. */
export const MIN_TARGET_PX = 44;

export interface SmallTarget {
  route: string;
  /** Tag, classes and accessible text of the control, to find it in the source. */
  element: string;
  width: number;
  height: number;
}

/**
 * Measures every visible control on the page and returns those whose hit area is under
 * `MIN_TARGET_PX` in either direction.
 *
 * What counts as a control:
 * - `a[href]`, `button`, `input` (not `type=hidden`), `select`, `textarea`, `summary`,
 *   `[tabindex]` ≥ 0, and the roles button, link, tab, switch, checkbox, radio, menuitem,
 *   option, slider, combobox, spinbutton;
 * - an element with `cursor: pointer` whose parent is not `cursor: pointer` (a React `onClick`
 *   on a styled `div` — antd-mobile's tab bar items, list rows, close icons).
 * A control inside another control is not measured on its own (the outer one is the target),
 * unless it has its own interactive role or tag.
 *
 * Its hit area: where a tap lands on it. From the centre of its box the page is hit-tested
 * (`document.elementFromPoint`) 1 px at a time left, right, up and down while the point still
 * lands on the control or inside it; the runs through the centre are its width and height.
 * So padding, an enlarged `::before`/`::after` hit area and a wrapping `<label>` count, and a
 * part covered by something else does not. Runs stop at 44 px each way and at the viewport. A control whose `<label>` (ancestor or `for=`) is
 * the target — a visually hidden native checkbox — is measured by that label.
 *
 * Not measured (WCAG 2.5.5's exceptions, made precise):
 * - inline: the control's computed `display` is `inline` and its nearest block ancestor holds
 *   other non-blank text — a link in a sentence, sized by the line-height of the text;
 * - not shown: `display: none` anywhere up the tree, `visibility: hidden`, zero width or
 *   height, `aria-hidden="true"` on it or an ancestor, `inert`, or its centre outside the
 *   viewport after `scrollIntoView` (a carousel slide off screen);
 * - covered: the point at its centre hits something else (a dialog's mask over the page) —
 *   not tappable there; the dialog's own controls are measured instead;
 * - equivalent: a `<label>` captioning a drawn field — tapping it does what tapping the field
 *   does, and the field is measured;
 * - a native `input` hidden visually (opacity 0 or 1 px) with no label to tap: nothing to tap.
 */
export async function smallTargets(page: Page, route: string): Promise<SmallTarget[]> {
  const found = await page.evaluate((min) => {
    const ROLES = [
      'button',
      'link',
      'tab',
      'switch',
      'checkbox',
      'radio',
      'menuitem',
      'option',
      'slider',
      'combobox',
      'spinbutton',
    ];
    const SELECTOR = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[tabindex]:not([tabindex^="-"])',
      ...ROLES.map((r) => `[role="${r}"]`),
    ].join(',');
    const pointer = (el: Element) => getComputedStyle(el).cursor === 'pointer';
    const candidates = new Set<Element>(Array.from(document.querySelectorAll(SELECTOR)));
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (candidates.has(el) || !pointer(el)) continue;
      const parent = el.parentElement;
      if (parent && pointer(parent)) continue;
      if (el.parentElement?.closest(SELECTOR)) continue;
      candidates.add(el);
    }

    const hidden = (el: Element): boolean => {
      if (el.closest('[aria-hidden="true"], [inert]')) return true;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') return true;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return true;
      // checkVisibility: display:none or content-visibility up the tree.
      return !el.checkVisibility();
    };

    const inline = (el: Element): boolean => {
      if (getComputedStyle(el).display !== 'inline') return false;
      let block = el.parentElement;
      while (block && getComputedStyle(block).display.startsWith('inline'))
        block = block.parentElement;
      if (!block) return false;
      const own = el.textContent;
      const all = block.textContent;
      return all.replace(own, '').trim().length > 0;
    };

    /** A native input drawn by something else (antd-mobile's checkbox) is not tapped itself. */
    const drawn = (el: HTMLInputElement): boolean => {
      const box = el.getBoundingClientRect();
      return Number(getComputedStyle(el).opacity) > 0 && box.width > 1 && box.height > 1;
    };

    const describe = (el: Element): string => {
      const cls = Array.from(el.classList).slice(0, 3).join('.');
      const name = (
        el.getAttribute('aria-label') ??
        el.getAttribute('placeholder') ??
        el.textContent
      )
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 30);
      const role = el.getAttribute('role');
      return `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}${role ? `[role=${role}]` : ''} "${name}"`;
    };

    const run = (target: Element, x: number, y: number, dx: number, dy: number): number => {
      let n = 0;
      while (n < min) {
        const px = x + dx * (n + 1);
        const py = y + dy * (n + 1);
        if (px < 0 || py < 0 || px >= innerWidth || py >= innerHeight) break;
        const hit = document.elementFromPoint(px, py);
        if (!hit || !(hit === target || target.contains(hit))) break;
        n++;
      }
      return n;
    };

    const out: { element: string; width: number; height: number }[] = [];
    const seen = new Set<Element>();
    for (const el of candidates) {
      let target: Element = el;
      if (el instanceof HTMLInputElement && !drawn(el)) {
        // Its label is what is tapped; with none there is nothing to tap.
        const label = el.labels?.[0];
        if (!label) continue;
        target = label;
      }
      if (seen.has(target)) continue;
      seen.add(target);
      // A field's caption: the field itself is the target, measured on its own.
      if (target instanceof HTMLLabelElement && target.control instanceof HTMLInputElement) {
        if (target.control !== el && drawn(target.control)) continue;
      }
      if (hidden(target) || inline(target)) continue;
      target.scrollIntoView({ block: 'center', inline: 'center' });
      const box = target.getBoundingClientRect();
      const cx = Math.floor(box.left + box.width / 2);
      const cy = Math.floor(box.top + box.height / 2);
      if (cx < 0 || cy < 0 || cx >= innerWidth || cy >= innerHeight) continue;
      const centre = document.elementFromPoint(cx, cy);
      // Under a dialog's mask or another layer: not tappable now, measured where it is on top.
      if (!centre || !(centre === target || target.contains(centre))) continue;
      const width = 1 + run(target, cx, cy, -1, 0) + run(target, cx, cy, 1, 0);
      const height = 1 + run(target, cx, cy, 0, -1) + run(target, cx, cy, 0, 1);
      if (width < min || height < min)
        out.push({
          element: describe(target),
          width: Math.round(width),
          height: Math.round(height),
        });
    }
    window.scrollTo(0, 0);
    return out;
  }, MIN_TARGET_PX);
  return found.map((f) => ({ route, ...f }));
}
