import { describe, expect, it } from 'vitest';
import { documentFieldsFromPdf, storableText } from './documentFields.ts';
import type { ExtractionSuccess } from './types.ts';

describe('storableText', () => {
  it('drops NUL and other control characters but keeps tabs and line breaks', () => {
    expect(storableText('a\u0000b\u0007c\td\ne\u007f', 100)).toBe('abc\td\ne');
  });

  it('drops lone surrogates, which have no UTF-8 form', () => {
    expect(storableText('a\ud800b\udc00c', 100)).toBe('abc');
    expect(storableText('\u{1F600}', 100)).toBe('\u{1F600}');
  });

  it('bounds in characters without cutting a surrogate pair', () => {
    expect(storableText(`ab\u{1F600}`, 3)).toBe(`ab\u{1F600}`);
    expect(storableText(`ab\u{1F600}c`, 3)).toBe(`ab\u{1F600}`);
  });
});

describe('documentFieldsFromPdf', () => {
  it('keeps only text the service can store unchanged', () => {
    const result = {
      ok: true,
      fields: {
        title: `\u0000Title\ud800 ${'\u{1F600}'.repeat(600)}`,
        authors: [{ last_name: '\u0000', first_name: 'Nobody' }, { last_name: ' Zhong\u0001', first_name: 'Li\u0000' }],
      },
      confidence: { title: 1, authors: 1 },
    } as unknown as ExtractionSuccess;
    const fields = documentFieldsFromPdf(result);
    expect(Array.from(fields.title ?? '')).toHaveLength(500);
    expect(fields.title?.startsWith('Title \u{1F600}')).toBe(true);
    expect(fields.authors).toEqual([{ last_name: 'Zhong', first_name: 'Li' }]);
  });
});
