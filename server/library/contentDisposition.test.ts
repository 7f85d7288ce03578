import { describe, expect, it } from 'vitest';
import { formatContentDisposition, parseContentDisposition } from './contentDisposition.ts';

describe('parseContentDisposition', () => {
  it('reads the quoted and the token forms', () => {
    expect(parseContentDisposition('attachment; filename="my paper.pdf"')).toEqual({ type: 'attachment', filename: 'my paper.pdf' });
    expect(parseContentDisposition('attachment; filename=paper.pdf')).toEqual({ type: 'attachment', filename: 'paper.pdf' });
    expect(parseContentDisposition('Attachment;filename = "a\\"b.txt"')).toEqual({ type: 'attachment', filename: 'a"b.txt' });
  });

  it('reads filename*=UTF-8 and prefers it over filename', () => {
    expect(parseContentDisposition("attachment; filename*=UTF-8''r%C3%A9sum%C3%A9%20final.pdf")).toEqual({ type: 'attachment', filename: 'résumé final.pdf' });
    expect(parseContentDisposition("attachment; filename=\"resume.pdf\"; filename*=utf-8'en'r%C3%A9sum%C3%A9.pdf")?.filename).toBe('résumé.pdf');
    expect(parseContentDisposition("attachment; filename*=iso-8859-1''caf%E9.txt")?.filename).toBe('café.txt');
  });

  it('falls back to filename when filename* is broken', () => {
    expect(parseContentDisposition("attachment; filename*=UTF-8''%E0%A4%A; filename=\"x.pdf\"")?.filename).toBe('x.pdf');
  });

  it('repairs raw UTF-8 bytes that arrive as Latin-1', () => {
    const latin1 = Buffer.from('Über.pdf', 'utf8').toString('latin1');
    expect(parseContentDisposition(`attachment; filename="${latin1}"`)?.filename).toBe('Über.pdf');
  });

  it('keeps only the last part of a path', () => {
    expect(parseContentDisposition('attachment; filename="C:\\\\fakepath\\\\x.pdf"')?.filename).toBe('x.pdf');
    expect(parseContentDisposition('attachment; filename="/home/a/b.txt"')?.filename).toBe('b.txt');
  });

  it('drops control characters, which would otherwise reach a title', () => {
    expect(parseContentDisposition("attachment; filename*=UTF-8''a%00b%0Ac%1F.pdf")?.filename).toBe('abc.pdf');
    expect(parseContentDisposition("attachment; filename*=UTF-8''%00")).toEqual({ type: 'attachment' });
  });

  it('answers undefined or no name for empty and name-less headers', () => {
    expect(parseContentDisposition(undefined)).toBeUndefined();
    expect(parseContentDisposition('  ')).toBeUndefined();
    expect(parseContentDisposition('attachment')).toEqual({ type: 'attachment' });
    expect(parseContentDisposition('attachment; filename=""')).toEqual({ type: 'attachment' });
  });
});

describe('formatContentDisposition', () => {
  it('quotes an ASCII name and replaces spaces', () => {
    expect(formatContentDisposition('attachment', '2014-Underwater basket.pdf')).toBe('attachment; filename="2014-Underwater_basket.pdf"');
    expect(formatContentDisposition('inline', 'a.pdf')).toBe('inline; filename="a.pdf"');
  });

  it('adds filename*=UTF-8 for non-ASCII names with an ASCII fallback', () => {
    const header = formatContentDisposition('attachment', 'Résumé 東京.pdf');
    expect(header).toBe("attachment; filename=\"Resume___.pdf\"; filename*=UTF-8''R%C3%A9sum%C3%A9_%E6%9D%B1%E4%BA%AC.pdf");
    expect(parseContentDisposition(header)?.filename).toBe('Résumé_東京.pdf');
  });

  it('never lets quotes or backslashes break the quoted string', () => {
    const header = formatContentDisposition('attachment', 'a"b\\c.pdf');
    expect(header.startsWith('attachment; filename="a_b_c.pdf"')).toBe(true);
  });
});
