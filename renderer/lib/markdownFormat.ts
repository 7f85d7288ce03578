// What the note editor's toolbar and shortcuts do to the text: Markdown marks put around the
// selection or before its lines, the selection kept on the same words, a second press taking
// the marks off again.
export type MarkdownFormat = 'bold' | 'italic' | 'heading' | 'list' | 'link';

export interface TextEdit {
  text: string;
  start: number;
  end: number;
}

const WRAP: Record<'bold' | 'italic', { mark: string; placeholder: string }> = {
  bold: { mark: '**', placeholder: 'bold text' },
  italic: { mark: '*', placeholder: 'italic text' },
};
const LINE_PREFIX: Record<'heading' | 'list', string> = { heading: '## ', list: '- ' };

function wrap({ text, start, end }: TextEdit, format: 'bold' | 'italic'): TextEdit {
  const { mark, placeholder } = WRAP[format];
  const before = text.slice(0, start);
  const after = text.slice(end);
  // Around the selection already (and for italic not half of a bold mark): take it off.
  const marked = before.endsWith(mark) && after.startsWith(mark) && (format === 'bold' || !(before.endsWith('**') && after.startsWith('**')));
  if (marked) {
    return { text: before.slice(0, -mark.length) + text.slice(start, end) + after.slice(mark.length), start: start - mark.length, end: end - mark.length };
  }
  const inner = start === end ? placeholder : text.slice(start, end);
  return { text: `${before}${mark}${inner}${mark}${after}`, start: start + mark.length, end: start + mark.length + inner.length };
}

function prefixLines({ text, start, end }: TextEdit, format: 'heading' | 'list'): TextEdit {
  const prefix = LINE_PREFIX[format];
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const lineEndAt = text.indexOf('\n', Math.max(end - (end > start ? 1 : 0), start));
  const lineEnd = lineEndAt < 0 ? text.length : lineEndAt;
  const lines = text.slice(lineStart, lineEnd).split('\n');
  const pattern = format === 'heading' ? /^#{1,6} / : /^[-*+] /;
  const off = lines.every((line) => pattern.test(line));
  const changed = lines.map((line) => (off ? line.replace(pattern, '') : prefix + line.replace(format === 'heading' ? /^#{1,6} / : /^$/, '')));
  const block = changed.join('\n');
  const delta = block.length - (lineEnd - lineStart);
  const firstDelta = changed[0]!.length - lines[0]!.length;
  return { text: text.slice(0, lineStart) + block + text.slice(lineEnd), start: Math.max(lineStart, start + firstDelta), end: end + delta };
}

function link({ text, start, end }: TextEdit): TextEdit {
  const label = start === end ? 'link text' : text.slice(start, end);
  const url = 'https://';
  const inserted = `[${label}](${url})`;
  // The address is selected: it is what is typed next.
  const urlStart = start + label.length + 3;
  return { text: text.slice(0, start) + inserted + text.slice(end), start: urlStart, end: urlStart + url.length };
}

/** Applies one toolbar format to the text and selection. */
export function applyFormat(edit: TextEdit, format: MarkdownFormat): TextEdit {
  switch (format) {
    case 'bold':
    case 'italic':
      return wrap(edit, format);
    case 'heading':
    case 'list':
      return prefixLines(edit, format);
    case 'link':
      return link(edit);
  }
}

/** The format a key press asks for (Ctrl or Cmd with B, I, K; with Shift, 8 or L for a list and H for a heading). */
export function formatForKey(e: { key: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }): MarkdownFormat | undefined {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return undefined;
  const key = e.key.toLowerCase();
  if (!e.shiftKey) return key === 'b' ? 'bold' : key === 'i' ? 'italic' : key === 'k' ? 'link' : undefined;
  return key === 'l' || key === '*' || key === '8' ? 'list' : key === 'h' ? 'heading' : undefined;
}
