import { describe, expect, it } from 'vitest';
import type { LibraryDocument } from '../../../shared/bridge/contract.ts';
import { listRow } from './listRow.ts';

describe('listRow', () => {
  it('keeps what a list row shows and drops the long fields', () => {
    const doc = {
      id: 'd1', title: 'Kelp', type: 'journal', year: 2001, source: 'Nature', authors: [{ last_name: 'Dayton' }], tags: ['kelp'],
      starred: true, read: false, file_attached: true, trashed: false, added_local: 'a', modified_local: 'm', last_opened_local: 'o',
      abstract: 'long…', notes: 'mine', identifiers: { doi: '10.1/x' }, keywords: ['k'],
    } as unknown as LibraryDocument;
    expect(listRow(doc)).toEqual({
      id: 'd1', title: 'Kelp', type: 'journal', year: 2001, source: 'Nature', authors: [{ last_name: 'Dayton' }], tags: ['kelp'],
      starred: true, read: false, file_attached: true, trashed: false, added_local: 'a', modified_local: 'm', last_opened_local: 'o',
    });
  });
});
