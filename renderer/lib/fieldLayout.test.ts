import { describe, expect, it } from 'vitest';
import { DOCUMENT_FIELD_NAMES, DOCUMENT_TYPES } from '../../shared/schemas/document.ts';
import { FLAG_FIELDS, READ_ONLY_FIELDS, fieldLabel, layoutFor } from './fieldLayout.ts';

describe('layoutFor', () => {
  it('shows a patent its patent fields and a book its publisher and edition', () => {
    expect(layoutFor('patent').typeFields).toEqual(expect.arrayContaining(['patent_owner', 'patent_application_number', 'patent_legal_status']));
    expect(layoutFor('book').typeFields).toEqual(expect.arrayContaining(['publisher', 'edition']));
    expect(layoutFor('journal').typeFields).not.toContain('patent_owner');
  });

  it('places every field of every type exactly once', () => {
    for (const type of DOCUMENT_TYPES) {
      const layout = layoutFor(type);
      const placed = [...layout.head, ...layout.typeFields, ...layout.tail, ...layout.more, ...FLAG_FIELDS, ...READ_ONLY_FIELDS];
      expect(new Set(placed).size, type).toBe(placed.length);
      expect([...placed].sort(), type).toEqual([...DOCUMENT_FIELD_NAMES].sort());
    }
  });

  it('names fields the way each type calls them', () => {
    expect(fieldLabel('source', 'journal')).toBe('Journal');
    expect(fieldLabel('source', 'book_section')).toBe('Book title');
    expect(fieldLabel('genre', 'thesis')).toBe('Thesis type');
    expect(fieldLabel('source')).toBe('Source');
  });
});
