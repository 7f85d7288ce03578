// A document's annotations as Markdown: the note, then each highlight and sticky note in
// reading order with its page, colour and text; an area with its rectangle on the page and,
// when the reader has cut it, its picture (inline, so the file stands on its own).
import type { LibraryAnnotation } from '../../../shared/bridge/contract.ts';
import { noteListPlainText } from '../../../shared/notes/noteList.ts';
import { markName } from './markStyles.ts';
import { colorName } from './palette.ts';
import { inReadingOrder } from './readingOrder.ts';

export interface MarkdownSource {
  title: string;
  authors?: string;
  fileName?: string;
  /** The text under each highlight, when the viewer could read it. */
  quoteOf?: (annotation: LibraryAnnotation) => string | undefined;
  /** An area's picture as a data URL (areaImages.ts), when there is one. */
  imageOf?: (annotation: LibraryAnnotation) => string | undefined;
  /** Display names of authors by profile id (group members). */
  authorName?: (annotation: LibraryAnnotation) => string | undefined;
}

const quote = (text: string) => text.split('\n').map((line) => `> ${line}`).join('\n');

function pages(a: LibraryAnnotation): string {
  const numbers = [...new Set((a.positions ?? []).map((p) => p.page))].sort((x, y) => x - y);
  if (!numbers.length) return '';
  return numbers.length === 1 ? `p. ${numbers[0]}` : `pp. ${numbers[0]}–${numbers[numbers.length - 1]}`;
}

const num = (n: number) => String(Math.round(n * 10) / 10);

/** Where an area is: its page and rectangle in PDF points, measured from the page's bottom left. */
function areaReference(a: LibraryAnnotation): string {
  const p = a.positions![0]!;
  return `Area on page ${p.page}: x ${num(p.top_left.x)}–${num(p.bottom_right.x)}, y ${num(p.bottom_right.y)}–${num(p.top_left.y)} (PDF points from the bottom left of the page)`;
}

export function annotationsMarkdown(source: MarkdownSource, annotations: readonly LibraryAnnotation[]): string {
  const out: string[] = [`# ${source.title}`];
  if (source.authors) out.push('', source.authors);
  if (source.fileName) out.push('', `File: ${source.fileName}`);
  const ordered = inReadingOrder(annotations);
  if (!ordered.length) out.push('', '_No annotations._');
  for (const a of ordered) {
    const author = source.authorName?.(a);
    const by = author ? ` — ${author}` : '';
    const privacy = a.privacy_level === 'private' ? '' : ` (${a.privacy_level})`;
    if (a.type === 'note') {
      // The document note's several notes, without the marker lines between them.
      out.push('', `## Note${by}${privacy}`, '', noteListPlainText(a.text ?? ''));
      continue;
    }
    const heading = a.type === 'highlight' ? `${markName(a)}, ${colorName(a.color)}` : 'Sticky note';
    out.push('', `### ${heading}, ${pages(a)}${by}${privacy}`);
    if (a.style === 'area' && a.positions?.length) {
      const image = source.imageOf?.(a);
      out.push('', image ? `![${areaReference(a)}](${image})` : `_${areaReference(a)}_`);
    }
    const quoted = a.type === 'highlight' && a.style !== 'area' ? source.quoteOf?.(a) : undefined;
    if (quoted) out.push('', quote(quoted));
    if (a.text) out.push('', a.text);
  }
  return `${out.join('\n')}\n`;
}
