import { useMemo } from 'react';
import styles from './NoticeBody.module.css';

/** Elements that never belong in an announcement, whatever the server let through. */
const DROP =
  'script,style,iframe,frame,object,embed,svg,math,form,input,button,textarea,select,link,meta,base,template';
const WEB = /^(https?:|mailto:)/i;
const OWN_IMAGE = /^\/api\/v1\/common\/image\/[A-Za-z0-9_-]{22}$/;

/**
 * A second, client-side pass over the server-sanitized body (defence in depth): parsed inert
 * (DOMParser runs no script and loads nothing), stripped of active elements, every `on…` and
 * `style` attribute, any link that is not a web or mail address and any image not ours.
 */
export function inertHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.body.querySelectorAll(DROP).forEach((el) => {
    el.remove();
  });
  doc.body.querySelectorAll('*').forEach((el) => {
    for (const { name } of [...el.attributes]) {
      const keep =
        (el.tagName === 'A' && ['href', 'target', 'rel'].includes(name)) ||
        (el.tagName === 'IMG' && ['src', 'alt', 'width', 'height'].includes(name));
      if (!keep) el.removeAttribute(name);
    }
    if (el.tagName === 'A') {
      if (!WEB.test(el.getAttribute('href')?.trim() ?? '')) el.removeAttribute('href');
      el.setAttribute('target', '_blank');
      el.setAttribute('rel', 'noopener noreferrer nofollow');
    }
    if (el.tagName === 'IMG' && !OWN_IMAGE.test(el.getAttribute('src') ?? '')) el.remove();
  });
  return doc.body.innerHTML;
}

/**
 * An announcement's rich text. The server sanitized it on save and again on the way out; the
 * page's CSP (`script-src 'self'; script-src-attr 'none'`) would refuse any script that still
 * got through; and this component makes a third pass before it reaches the DOM.
 */
export function NoticeBody({ html }: { html: string }) {
  const clean = useMemo(() => inertHtml(html), [html]);
  // Sanitized three times, see above.
  return <div className={styles.body} dangerouslySetInnerHTML={{ __html: clean }} />;
}
