import { useTranslation } from 'react-i18next';

/** The app's article look, for the preview frame only. */
const STYLE = `
  body { margin: 0; padding: 16px; font: 15px/1.6 -apple-system, 'PingFang SC', 'Segoe UI', sans-serif;
    color: #1b2230; background: #fff; overflow-wrap: anywhere; }
  h1 { margin: 0 0 6px; font-size: 18px; line-height: 1.35; }
  .meta { margin: 0 0 12px; color: #6b7585; font-size: 12px; }
  h2, h3, h4 { margin: 16px 0 8px; font-size: 16px; }
  p, ul, ol, blockquote, table { margin: 0 0 12px; }
  img { max-width: 100%; height: auto; border-radius: 8px; }
  a { color: #1677ff; }
  blockquote { padding-left: 12px; border-left: 3px solid #e5e6eb; color: #999; }
  td, th { padding: 4px 8px; border: 1px solid #e5e6eb; }
`;

const escape = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c,
  );

/**
 * A notice (or an agreement version) as a 375 px phone shows it. What staff typed is not yet sanitized (the server does
 * that on save), so it is drawn in a sandboxed frame: no script runs, no form submits, and the
 * frame has an origin of its own.
 */
export function PhonePreview({
  title,
  body,
  meta,
  label,
}: {
  title: string;
  body: string;
  /** The line under the title; a notice's "Moment ago" unless given. */
  meta?: string;
  /** The frame's accessible name; the notice preview's unless given. */
  label?: string;
}) {
  const { t } = useTranslation();
  const doc = `<!doctype html><meta charset="utf-8"><style>${STYLE}</style><h1>${escape(title)}</h1><p class="meta">${escape(meta ?? t('content.notices.justNow'))}</p>${body}`;
  return (
    <iframe
      title={label ?? t('content.notices.preview')}
      sandbox=""
      srcDoc={doc}
      style={{
        width: 375,
        height: 560,
        border: '8px solid #1f1f1f',
        borderRadius: 28,
        background: '#fff',
      }}
    />
  );
}
