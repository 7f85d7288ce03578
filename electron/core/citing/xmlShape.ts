// A well-formedness check of the tags of an XML text, because citeproc-js's own XML
// reader accepts a truncated style silently. Answers a sentence with the line, or nothing.
const TOKEN = /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[[\s\S]*?\]\]>|<!DOCTYPE[^>]*>|<(\/?)([A-Za-z_][\w.:-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>|<|>/g;

export function xmlShapeProblem(xml: string): string | undefined {
  const open: { name: string; line: number }[] = [];
  let roots = 0;
  const lineAt = (offset: number) => xml.slice(0, offset).split('\n').length;
  for (const match of xml.matchAll(TOKEN)) {
    const [whole, closing, name, , selfClosing] = match;
    if (whole === '<') return `line ${lineAt(match.index)}: a "<" that starts no tag`;
    if (!name) continue; // comment, processing instruction, CDATA, doctype, or a stray ">" in text
    if (closing) {
      const top = open.pop();
      if (!top) return `line ${lineAt(match.index)}: </${name}> closes nothing`;
      if (top.name !== name) return `line ${lineAt(match.index)}: </${name}> closes <${top.name}> of line ${top.line}`;
    } else if (!selfClosing) {
      if (!open.length) roots++;
      open.push({ name, line: lineAt(match.index) });
    } else if (!open.length) roots++;
  }
  const unclosed = open.pop();
  if (unclosed) return `the file ends before <${unclosed.name}> of line ${unclosed.line} is closed`;
  if (roots !== 1) return 'the file must hold exactly one root element';
  return undefined;
}
