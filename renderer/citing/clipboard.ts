// Puts a formatted citation on the clipboard as HTML and plain text, so italics survive a
// paste into a word processor. The desktop shell has already done it (`copied`); a browser
// page uses the async Clipboard API, else the copy command with both types set.
import type { FormattedCitation } from '../../shared/bridge/contract.ts';

function copyWithCommand(content: FormattedCitation): boolean {
  const onCopy = (event: ClipboardEvent) => {
    event.clipboardData?.setData('text/html', content.html);
    event.clipboardData?.setData('text/plain', content.text);
    event.preventDefault();
  };
  document.addEventListener('copy', onCopy);
  try {
    return document.execCommand('copy');
  } finally {
    document.removeEventListener('copy', onCopy);
  }
}

export async function putOnClipboard(content: FormattedCitation): Promise<void> {
  if (content.copied) return;
  try {
    await navigator.clipboard.write([new ClipboardItem({
      'text/html': new Blob([content.html], { type: 'text/html' }),
      'text/plain': new Blob([content.text], { type: 'text/plain' }),
    })]);
    return;
  } catch {
    // No permission (the shell denies prompts) or no ClipboardItem: the copy command below.
  }
  if (!copyWithCommand(content)) throw new Error('The citation could not be copied to the clipboard');
}
