/**
 * Build-time helpers that move the first page's style sheet into index.html (vite.config.ts,
 * `firstDownloads`; issue #20). Pure string work on the build's output, unit-tested.
 */

/** `<link rel="stylesheet" … href="/assets/….css">` as Vite writes it into index.html. */
const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/;

/**
 * index.html with its one style sheet link replaced by the sheet's text in a `<style>` element,
 * and the sheet's file name (without the leading slash), or undefined when there is no link.
 */
export function inlineStyleSheet(
  html: string,
  readSheet: (file: string) => string,
): { html: string; file: string } | undefined {
  const link = STYLESHEET_LINK.exec(html);
  if (!link?.[1]) return undefined;
  const file = link[1];
  const css = readSheet(file);
  // A sheet that closed the element early would turn the rest of it into markup.
  if (/<\/style/i.test(css)) throw new Error(`inlineStyleSheet: ${file} contains "</style"`);
  return { html: html.replace(link[0], () => `<style>${css}</style>`), file };
}

/** The file names array of a chunk's `__vite__mapDeps` and the calls that index into it. */
const DEPS_ARRAY = /(m\.f=\[)((?:"[^"]*",?)*)\]/;
const DEPS_CALL = /__vite__mapDeps\(\[([\d,]*)\]\)/g;

/**
 * A chunk's code without `file` among the files its dynamic imports load first. Vite's preload
 * helper loads a listed style sheet unless a `<link rel="stylesheet">` for it is in the document;
 * once the sheet is inline there is none, and the helper would load it again — after the pages'
 * own sheets, so its rules would override theirs. The helper's list is one array per chunk that
 * each call names by index: the file leaves the array, and the indices after it move down one.
 */
export function dropDependency(code: string, file: string): string {
  const array = DEPS_ARRAY.exec(code);
  if (!array?.[2]) return code;
  const files = JSON.parse(`[${array[2]}]`) as string[];
  const at = files.indexOf(file);
  if (at === -1) return code;
  const rest = files.filter((_, i) => i !== at);
  const list = JSON.stringify(rest).slice(1, -1);
  return code
    .replace(array[0], () => `${array[1]}${list}]`)
    .replace(DEPS_CALL, (_call, indices: string) => {
      const kept = indices
        .split(',')
        .filter((i) => i !== '')
        .map(Number)
        .filter((i) => i !== at)
        .map((i) => (i > at ? i - 1 : i));
      return `__vite__mapDeps([${kept.join(',')}])`;
    });
}
