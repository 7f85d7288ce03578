import { describe, expect, it } from 'vitest';
import { documentProblems, fieldMaxLength, fieldProblem } from './fieldValidation.ts';

describe('fieldProblem', () => {
  it('names the shared bound of a too long title, with the current length', () => {
    expect(fieldProblem('title', 'x'.repeat(501))).toBe('Title is too long: at most 500 characters (now 501)');
    expect(fieldProblem('title', 'x'.repeat(500))).toBeUndefined();
  });

  it('refuses an empty title but lets other fields be cleared', () => {
    expect(fieldProblem('title', null)).toBe('Title must not be empty');
    expect(fieldProblem('title', '')).toBe('Title must not be empty');
    expect(fieldProblem('source', null)).toBeUndefined();
  });

  it('checks number ranges and whole numbers', () => {
    expect(fieldProblem('month', 13)).toBe('Month must be at most 12');
    expect(fieldProblem('month', 0)).toBe('Month must be at least 1');
    expect(fieldProblem('year', '20x')).toBe('Year must be a whole number');
    expect(fieldProblem('year', 2020)).toBeUndefined();
  });

  it('checks identifiers by their own rules: check digits, DOI and PMID grammar', () => {
    expect(fieldProblem('identifiers', { doi: '10.1038/nature12373', isbn: '978-3-16-148410-0' })).toBeUndefined();
    expect(fieldProblem('identifiers', { isbn: '978-3-16-148410-1' })).toMatch(/ISBN's check digit/);
    expect(fieldProblem('identifiers', { doi: 'nature12373' })).toMatch(/DOI is not valid/);
    expect(fieldProblem('identifiers', { pmid: 'abc' })).toMatch(/PMID is not valid/);
  });

  it('points at the person in a list who lacks a last name', () => {
    expect(fieldProblem('authors', [{ last_name: 'Curie' }, { first_name: 'Albert' }])).toBe('Authors 2 needs a last name');
  });

  it('checks each chip of a list', () => {
    expect(fieldProblem('tags', ['ok', 't'.repeat(101)])).toBe('Tags 2 is too long: at most 100 characters');
  });

  it('reads the text branch of the edition union', () => {
    expect(fieldProblem('edition', 'x'.repeat(21))).toBe('Edition is too long: at most 20 characters (now 21)');
    expect(fieldProblem('edition', '2nd')).toBeUndefined();
  });

  it('asks for a date in the accessed field', () => {
    expect(fieldProblem('accessed', 'yesterday')).toBe('Accessed must be a date like 2024-05-31');
    expect(fieldProblem('accessed', '2024-05-31')).toBeUndefined();
  });

  it('applies the websites total bound JSON Schema cannot express', () => {
    expect(fieldProblem('websites', ['a'.repeat(3000), 'b'.repeat(2001)])).toBe('websites must not exceed 5000 characters in total');
  });
});

describe('documentProblems and fieldMaxLength', () => {
  it('collects the problems of several fields', () => {
    expect(documentProblems({ title: 'ok', year: 'abc', month: 12 })).toEqual({ year: 'Year must be a whole number' });
  });

  it('reads max lengths from the shared schemas', () => {
    expect(fieldMaxLength('title')).toBe(500);
    expect(fieldMaxLength('volume')).toBe(20);
    expect(fieldMaxLength('edition')).toBe(20);
    expect(fieldMaxLength('year')).toBeUndefined();
  });
});
