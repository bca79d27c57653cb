import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list for announcement bodies (docs/content.md): structure, emphasis, lists, quotes,
 * tables, links to web pages and our own images. No script, style, SVG, MathML, form, frame or
 * event handler; no `style` or `class` attribute (so no CSS expressions or overlays); links only
 * http(s) or mailto, opened in a new tab without the opener; images only from our own public
 * image path. What is not allowed is dropped, its text kept (except in script and style).
 */
const BODY_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'blockquote',
    'hr',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  // target and rel are set by transformTags below, whatever was sent.
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'svg', 'math', 'template'],
  exclusiveFilter: (frame) => frame.tag === 'img' && !IMAGE_SRC.test(frame.attribs.src ?? ''),
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
  },
};

/** Our public images only: the app's CSP allows no other image source anyway. */
const IMAGE_SRC = /^\/api\/v1\/common\/image\/[A-Za-z0-9_-]{22}$/;

/** An announcement body: allow-listed rich text. */
export function cleanBody(html: string): string {
  return sanitizeHtml(html, BODY_OPTIONS).trim();
}

/** A title, a name, alternative text: plain text, every tag removed, whitespace collapsed. */
export function cleanText(text: string): string {
  // sanitize-html escapes what it keeps as text, and a plain-text field holds the characters: so
  // decode, and strip again until nothing changes (`&lt;script&gt;` must not come back a tag).
  let current = text;
  for (let round = 0; round < 5; round++) {
    const next = decodeEntities(sanitizeHtml(current, TEXT_OPTIONS));
    if (next === current) break;
    current = next;
  }
  return current.replace(/\s+/g, ' ').trim();
}

const TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'svg', 'math', 'template'],
};

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The body's first words as plain text, for lists. */
export function summaryOf(html: string, max = 120): string {
  const text = cleanText(html.replace(/<\/(p|h[2-4]|li|blockquote|tr)>|<br\s*\/?>/gi, ' '));
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * Plain text (a blank line between paragraphs, a line break within one) as the rich text every
 * reader takes: the shipped agreement is written this way. Everything in it is text, escaped.
 */
export function paragraphsHtml(text: string): string {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}
