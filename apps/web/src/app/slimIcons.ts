/** A coordinate with more than two decimals, inside an icon's path data. */
const LONG_DECIMAL = /-?\d*\.\d{3,}/g;

/**
 * `n` to two decimals. A number that rounds to a whole one keeps its point when the next one
 * starts with a point (`1.999.5` is 1.999 then .5; `2.5` would be one number).
 */
function round(n: string, at: number, d: string): string {
  const rounded = String(Number(Number(n).toFixed(2)));
  return d[at + n.length] === '.' && !rounded.includes('.') ? `${rounded}.0` : rounded;
}

/**
 * One antd-mobile-icons module (`es/<Name>.js`) as the build bundles it (vite.config.ts,
 * `slimIcons`): path data to two decimals on the icons' 48-unit grid, and no element ids (the
 * design file's names; no icon refers to one). Everything else is left as it is.
 */
export function slimIcon(code: string): string {
  return code
    .replace(/\bd: "([^"]*)"/g, (_match, d: string) => `d: "${d.replace(LONG_DECIMAL, round)}"`)
    .replace(/^[ \t]*id: "[^"]*",?\r?\n/gm, '');
}
