import { describe, expect, it } from 'vitest';
import { mergeVoters, type Voter } from './readerVote.ts';
import type { CatalogFields } from './catalogFields.ts';

const reader = (fields: Partial<CatalogFields>): Voter => ({ fields: { title: 'A study', type: 'journal', ...fields }, authoritative: false });
const imported = (fields: Partial<CatalogFields>): Voter => ({ ...reader(fields), authoritative: true });

describe('the catalog merge rule', () => {
  it('keeps the earliest reader on a tie, so a second reader can neither rewrite nor erase', () => {
    const merged = mergeVoters([
      reader({ title: 'Original title', abstract: 'Real abstract', identifiers: { doi: '10.1/x', pmid: '123' } }),
      reader({ title: 'Rewritten title', identifiers: { doi: '10.1/X' } }),
    ]);
    expect(merged).toEqual({ title: 'Original title', type: 'journal', abstract: 'Real abstract', identifiers: { doi: '10.1/x', pmid: '123' } });
  });

  it('follows the majority of readers, however the winners spell it', () => {
    const merged = mergeVoters([
      reader({ title: 'Original title', year: 2001 }),
      reader({ title: 'Corrected title', year: 2002 }),
      reader({ title: 'corrected  title.', year: 2002 }),
    ]);
    expect(merged).toMatchObject({ title: 'Corrected title', year: 2002 });
  });

  it('publishes a later reader\'s lone addition only once another reader agrees', () => {
    const alone = mergeVoters([reader({}), reader({ abstract: 'Spam' })]);
    expect(alone).not.toHaveProperty('abstract');
    const agreed = mergeVoters([reader({}), reader({ abstract: 'Shared' }), reader({ abstract: 'Shared' })]);
    expect(agreed).toHaveProperty('abstract', 'Shared');
  });

  it('joins identifiers, but a conflicting one needs more readers than the one it replaces', () => {
    const union = mergeVoters([reader({ identifiers: { doi: '10.1/x' } }), reader({ identifiers: { pmid: '5' } })]);
    expect(union?.identifiers).toEqual({ doi: '10.1/x', pmid: '5' });
    const tie = mergeVoters([reader({ identifiers: { pmid: '5' } }), reader({ identifiers: { pmid: '6' } })]);
    expect(tie?.identifiers).toEqual({ pmid: '5' });
    const agreed = mergeVoters([reader({ identifiers: { pmid: '5' } }), reader({ identifiers: { pmid: '6' } }), reader({ identifiers: { pmid: '6' } })]);
    expect(agreed?.identifiers).toEqual({ pmid: '6' });
  });

  it('lets an imported record break ties and fill fields, while a majority of readers still outvotes it', () => {
    const tie = mergeVoters([reader({ title: 'Reader title' }), imported({ title: 'Imported title', publisher: 'ACM' })]);
    expect(tie).toMatchObject({ title: 'Imported title', publisher: 'ACM' });
    const outvoted = mergeVoters([imported({ title: 'Imported title' }), reader({ title: 'Reader title' }), reader({ title: 'Reader title' })]);
    expect(outvoted?.title).toBe('Reader title');
  });

  it('has nothing to publish without voters', () => {
    expect(mergeVoters([])).toBeUndefined();
  });
});
