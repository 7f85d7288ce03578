import { describe, expect, it } from 'vitest';
import { contentDisposition } from './contentDisposition.ts';

describe('contentDisposition', () => {
  it('quotes plain names and encodes the others (RFC 5987)', () => {
    expect(contentDisposition('paper 1.pdf')).toBe('attachment; filename="paper 1.pdf"');
    expect(contentDisposition('Müller.pdf')).toBe("attachment; filename*=UTF-8''M%C3%BCller.pdf");
    expect(contentDisposition('say "hi".txt')).toBe("attachment; filename*=UTF-8''say%20%22hi%22.txt");
    expect(contentDisposition("it's (1).txt")).toBe('attachment; filename="it\'s (1).txt"');
    expect(contentDisposition('a\nb')).toBe("attachment; filename*=UTF-8''a%0Ab");
  });
});
