import { describe, expect, it } from 'vitest';
import { annotatedName, exportSummary } from './exportPdf.ts';

describe('the PDF export’s words', () => {
  it('suggests the file’s name with “(annotated)”', () => {
    expect(annotatedName('actuar-intro.pdf')).toBe('actuar-intro (annotated).pdf');
    expect(annotatedName('a/b:c.PDF')).toBe('a b c (annotated).pdf');
    expect(annotatedName('.pdf')).toBe('document (annotated).pdf');
  });

  it('says where the copy went, how many annotations it has and what was left out', () => {
    expect(exportSummary({ fileName: 'x (annotated).pdf', size: 10, written: 1, skipped: [], path: '/home/ada/x (annotated).pdf' }))
      .toBe('Saved a copy with 1 annotation to /home/ada/x (annotated).pdf.');
    expect(exportSummary({
      fileName: 'x (annotated).pdf', size: 10, written: 3, url: '/files/abc',
      skipped: [
        { id: 'n', type: 'note', reason: 'The document note belongs to no place on a page; the Markdown export keeps it.' },
        { id: 'a', type: 'sticky_note', reason: 'It was made on another file of this document.' },
        { id: 'b', type: 'sticky_note', reason: 'It was made on another file of this document.' },
      ],
    })).toBe('Downloaded “x (annotated).pdf” with 3 annotations. Left out — Note: The document note belongs to no place on a page; the Markdown export keeps it. '
      + 'Sticky note (2): It was made on another file of this document.');
  });
});
