import { describe, expect, it } from 'vitest';
import { differs, formatDraft, parseTextDraft } from './fieldDrafts.ts';

describe('field drafts', () => {
  it('turns whole-number text into numbers and keeps anything else for validation to name', () => {
    expect(parseTextDraft('year', ' 2024 ')).toBe(2024);
    expect(parseTextDraft('year', '-300')).toBe(-300);
    expect(parseTextDraft('month', '5x')).toBe('5x');
  });

  it('reads an empty box as clearing the field', () => {
    expect(parseTextDraft('source', '   ')).toBeNull();
    expect(parseTextDraft('websites', '\n \n')).toBeNull();
  });

  it('reads websites one per line', () => {
    expect(parseTextDraft('websites', 'https://a.example\n\n https://b.example ')).toEqual(['https://a.example', 'https://b.example']);
  });

  it('trims text but keeps an abstract as typed', () => {
    expect(parseTextDraft('title', '  Title  ')).toBe('Title');
    expect(parseTextDraft('abstract', 'Line one\n')).toBe('Line one\n');
  });

  it('formats stored values back for inputs', () => {
    expect(formatDraft(undefined)).toBe('');
    expect(formatDraft(2020)).toBe('2020');
    expect(formatDraft(['a', 'b'])).toBe('a\nb');
  });

  it('treats null and absent as the same value', () => {
    expect(differs(undefined, null)).toBe(false);
    expect(differs('a', 'a')).toBe(false);
    expect(differs(['a'], ['a', 'b'])).toBe(true);
    expect(differs(5, '5')).toBe(true);
  });
});
