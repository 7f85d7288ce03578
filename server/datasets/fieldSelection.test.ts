import { describe, expect, it } from 'vitest';
import { parseFields, selectItem } from './fieldSelection.ts';

const item = {
  id: 'd1',
  name: 'N',
  tags: ['a', 'b'],
  data_licence: { id: 'l1', short_name: 'CC0' },
  doi: { id: '10.1/x', status: 'reserved' },
  files: [{ filename: 'f', content_details: { id: 'c1', size: 3, status: 'claimed' } }],
};

describe('field selection', () => {
  it('keeps only the id without a selection or with an empty one', () => {
    expect(selectItem(item, parseFields(undefined))).toEqual({ id: 'd1' });
    expect(selectItem(item, parseFields(''))).toEqual({ id: 'd1' });
    expect(selectItem(item, parseFields(' , '))).toEqual({ id: 'd1' });
  });

  it('returns everything for * at the top, with or without a prefix', () => {
    expect(selectItem(item, parseFields('*'))).toBe(item);
    expect(selectItem(item, parseFields('*', 'results'))).toBe(item);
    expect(selectItem(item, parseFields('results.*', 'results'))).toBe(item);
  });

  it('requires the prefix when one is given and ignores other names', () => {
    expect(selectItem(item, parseFields('name', 'results'))).toEqual({ id: 'd1' });
    expect(selectItem(item, parseFields('results.name,results.bogus', 'results'))).toEqual({ id: 'd1', name: 'N' });
    expect(selectItem(item, parseFields('results', 'results'))).toEqual({ id: 'd1' });
  });

  it('gives scalars and scalar arrays as they are, and objects as their id unless keys are named', () => {
    expect(selectItem(item, parseFields('tags,data_licence,doi'))).toEqual({ id: 'd1', tags: ['a', 'b'], data_licence: { id: 'l1' }, doi: { id: '10.1/x' } });
    expect(selectItem(item, parseFields('files'))).toEqual({ id: 'd1', files: [{}] });
    expect(selectItem(item, parseFields('doi.status'))).toEqual({ id: 'd1', doi: { status: 'reserved' } });
  });

  it('walks arrays of objects and honours a star at any depth', () => {
    expect(selectItem(item, parseFields('files.content_details.*'))).toEqual({ id: 'd1', files: [{ content_details: item.files[0]!.content_details }] });
    expect(selectItem(item, parseFields('files.filename,files.content_details.size'))).toEqual({ id: 'd1', files: [{ filename: 'f', content_details: { size: 3 } }] });
    expect(selectItem(item, parseFields('files.*.ignored'))).toEqual({ id: 'd1', files: item.files });
    expect(selectItem(item, parseFields('files.content_details.*,files.content_details.size'))).toEqual({ id: 'd1', files: [{ content_details: item.files[0]!.content_details }] });
  });
});
