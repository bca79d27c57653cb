/**
 * Copies text for the share page's copy buttons. The asynchronous Clipboard API needs a secure
 * context and, in some browsers, a permission the user never granted; older WebViews lack it
 * altogether. When it is missing or refuses, a hidden textarea and `execCommand('copy')` still
 * work inside the click that asked for the copy. Resolves whether the text was copied.
 */
export interface ClipboardDeps {
  clipboard?: Pick<Clipboard, 'writeText'> | undefined;
  document?: Document;
}

/**
 * `execCommand` as the fallback uses it. It is deprecated in the DOM typings, and rightly so for
 * editing; for copying it remains the only way where the Clipboard API is missing.
 */
interface LegacyCopyDocument {
  execCommand?: (commandId: 'copy') => boolean;
}

function execCopy(doc: LegacyCopyDocument): boolean {
  return typeof doc.execCommand === 'function' && doc.execCommand('copy');
}

function copyWithTextarea(text: string, doc: Document): boolean {
  const area = doc.createElement('textarea');
  area.value = text;
  // Kept out of sight and out of the layout, read-only so no on-screen keyboard opens.
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.top = '0';
  area.style.left = '-9999px';
  area.style.opacity = '0';
  doc.body.appendChild(area);
  const previousFocus = doc.activeElement;
  try {
    area.select();
    area.setSelectionRange(0, text.length);
    // A missing implementation reads as failure, like a refused one.
    return execCopy(doc);
  } catch {
    return false;
  } finally {
    area.remove();
    if (previousFocus instanceof HTMLElement) previousFocus.focus();
  }
}

export async function copyText(text: string, deps: ClipboardDeps = {}): Promise<boolean> {
  const doc = deps.document ?? document;
  const clipboard = 'clipboard' in deps ? deps.clipboard : navigator.clipboard;
  if (clipboard && typeof clipboard.writeText === 'function') {
    try {
      await clipboard.writeText(text);
      return true;
    } catch {
      // Denied or unavailable here: fall through to the textarea.
    }
  }
  return copyWithTextarea(text, doc);
}
