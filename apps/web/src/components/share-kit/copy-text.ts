/**
 * Copies text to the clipboard on any origin: the Clipboard API where there is one (https and
 * localhost), else the text selected in `field` (or a temporary off-screen one) and
 * `document.execCommand('copy')`, which plain-http pages still allow on a click. Resolves false
 * only when both fail.
 */
export async function copyText(text: string, field?: HTMLInputElement | HTMLTextAreaElement | null): Promise<boolean> {
  if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Denied or not allowed here: fall back to the selection.
    }
  }
  return copyBySelection(text, field);
}

function copyBySelection(text: string, field?: HTMLInputElement | HTMLTextAreaElement | null): boolean {
  const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  let target = field && field.value === text ? field : null;
  let temporary: HTMLTextAreaElement | null = null;
  if (!target) {
    temporary = document.createElement('textarea');
    temporary.value = text;
    temporary.setAttribute('readonly', '');
    temporary.style.position = 'fixed';
    temporary.style.top = '-1000px';
    temporary.style.opacity = '0';
    document.body.appendChild(temporary);
    target = temporary;
  }
  try {
    target.focus();
    target.select();
    target.setSelectionRange(0, text.length);
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    if (temporary) {
      temporary.remove();
      active?.focus();
    }
  }
}
