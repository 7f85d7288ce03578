// Saved searches and related items in the replica: stored across a restart, names unique,
// links both ways, hidden while in the trash, gone with a document deleted for good.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SavedSearchCriteria } from '../../../shared/bridge/organiseCommands.ts';
import { ReplicaError } from './errors.ts';
import { tempReplica, type TempReplica } from './testing.ts';

let temp: TempReplica;
beforeEach(() => { temp = tempReplica(); });
afterEach(() => temp.dispose());

const criteria: SavedSearchCriteria = { collection: { kind: 'all' }, text: 'storey', filters: { yearFrom: 2003, yearTo: 2003, type: 'journal', unread: true } };
const newDoc = (title: string, groupId?: string) => temp.replica.createDocument({ title, type: 'journal', ...(groupId ? { group_id: groupId } : {}) }).id;
const titles = (id: string) => temp.replica.listRelated(id).map((d) => d.title);

describe('saved searches', () => {
  it('keeps a search with its filters under a name, across a restart', () => {
    const saved = temp.replica.saveSearch('  Storey 2003  ', criteria);
    expect(saved.name).toBe('Storey 2003');
    const reopened = temp.reopen();
    expect(reopened.listSavedSearches()).toEqual([saved]);
    expect(reopened.listSavedSearches()[0]!.criteria).toEqual(criteria);
  });

  it('lists by name, renames and deletes', () => {
    const b = temp.replica.saveSearch('beta', criteria);
    temp.replica.saveSearch('Alpha', { ...criteria, text: 'x' });
    expect(temp.replica.listSavedSearches().map((s) => s.name)).toEqual(['Alpha', 'beta']);
    expect(temp.replica.renameSavedSearch(b.id, 'Zeta').name).toBe('Zeta');
    expect(temp.replica.listSavedSearches().map((s) => s.name)).toEqual(['Alpha', 'Zeta']);
    temp.replica.deleteSavedSearch(b.id);
    expect(temp.replica.listSavedSearches().map((s) => s.name)).toEqual(['Alpha']);
    expect(() => temp.replica.deleteSavedSearch(b.id)).toThrow(/not in the library/);
  });

  it('refuses an empty, over-long or taken name with a sentence', () => {
    temp.replica.saveSearch('Reading list', criteria);
    expect(() => temp.replica.saveSearch('   ', criteria)).toThrow('A saved search needs a name');
    expect(() => temp.replica.saveSearch('x'.repeat(101), criteria)).toThrow(/at most 100 characters/);
    expect(() => temp.replica.saveSearch('reading LIST', criteria)).toThrow(ReplicaError);
    const other = temp.replica.saveSearch('Other', criteria);
    expect(() => temp.replica.renameSavedSearch(other.id, 'Reading list')).toThrow(/already a saved search named/);
    // Renaming to its own name in another case is not a clash with itself.
    expect(temp.replica.renameSavedSearch(other.id, 'OTHER').name).toBe('OTHER');
  });

  it('follows a folder whose id a push replaced', () => {
    const folder = temp.replica.createFolder({ name: 'Thesis' });
    const saved = temp.replica.saveSearch('In thesis', { collection: { kind: 'folder', id: folder.id }, text: '', filters: { folderId: folder.id } });
    temp.replica.remapId('folder', folder.id, 'srv-folder');
    const [after] = temp.replica.listSavedSearches();
    expect(after!.id).toBe(saved.id);
    expect(after!.criteria.collection).toEqual({ kind: 'folder', id: 'srv-folder' });
    expect(after!.criteria.filters.folderId).toBe('srv-folder');
  });
});

describe('saved searches\' order', () => {
  it('makes its collator once, and none for fewer than two saved searches', () => {
    const made = vi.spyOn(Intl, 'Collator');
    try {
      const criteria: SavedSearchCriteria = { collection: { kind: 'all' }, text: 'kelp', filters: {} };
      temp.replica.saveSearch('Only', criteria);
      temp.replica.listSavedSearches();
      expect(made).not.toHaveBeenCalled();
      temp.replica.saveSearch('another', criteria);
      expect(temp.replica.listSavedSearches().map((s) => s.name)).toEqual(['another', 'Only']);
      expect(temp.replica.listSavedSearches().map((s) => s.name)).toEqual(['another', 'Only']);
      expect(made.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      made.mockRestore();
    }
  });
});

describe('related items', () => {
  it('links both ways and survives a restart', () => {
    const a = newDoc('Alpha');
    const b = newDoc('Beta');
    temp.replica.relateDocuments(a, b);
    temp.replica.relateDocuments(b, a); // twice is harmless
    expect(titles(a)).toEqual(['Beta']);
    expect(titles(b)).toEqual(['Alpha']);
    temp.reopen();
    expect(titles(a)).toEqual(['Beta']);
  });

  it('removing from either side removes both directions', () => {
    const a = newDoc('Alpha');
    const b = newDoc('Beta');
    const c = newDoc('Gamma');
    temp.replica.relateDocuments(a, b);
    temp.replica.relateDocuments(a, c);
    temp.replica.unrelateDocuments(b, a);
    expect(titles(a)).toEqual(['Gamma']);
    expect(titles(b)).toEqual([]);
    expect(titles(c)).toEqual(['Alpha']);
  });

  it('hides the links of a trashed document, brings them back on restore, drops them on delete', () => {
    const a = newDoc('Alpha');
    const b = newDoc('Beta');
    temp.replica.relateDocuments(a, b);
    temp.replica.trashDocument(b);
    expect(titles(a)).toEqual([]);
    expect(titles(b)).toEqual([]);
    temp.replica.restoreDocument(b);
    expect(titles(a)).toEqual(['Beta']);
    temp.replica.trashDocument(b);
    temp.replica.deleteDocument(b);
    temp.replica.restoreDocument(a); // harmless: a was never trashed
    expect(titles(a)).toEqual([]);
    const c = newDoc('Gamma');
    temp.replica.relateDocuments(a, c);
    expect(titles(a)).toEqual(['Gamma']);
  });

  it('follows a document whose id a push replaced', () => {
    const a = newDoc('Alpha');
    const b = newDoc('Beta');
    temp.replica.relateDocuments(a, b);
    temp.replica.remapId('document', b, 'srv-b');
    expect(temp.replica.listRelated(a)).toEqual([{ id: 'srv-b', title: 'Beta', type: 'journal' }]);
    expect(titles('srv-b')).toEqual(['Alpha']);
  });

  it('refuses itself, another library, a trashed or missing document', () => {
    const a = newDoc('Alpha');
    const g = newDoc('Group paper', 'g-1');
    const t = newDoc('Trashed');
    temp.replica.trashDocument(t);
    expect(() => temp.replica.relateDocuments(a, a)).toThrow('A document cannot be related to itself');
    expect(() => temp.replica.relateDocuments(a, g)).toThrow('Related documents must be in the same library');
    expect(() => temp.replica.relateDocuments(a, t)).toThrow(/restore it first/);
    expect(() => temp.replica.relateDocuments(a, 'nope')).toThrow(/not in the library/);
    expect(titles(a)).toEqual([]);
  });

  it('a merge gives the master the links of the duplicate it absorbs', () => {
    const master = newDoc('Master');
    const duplicate = newDoc('Duplicate');
    const other = newDoc('Other');
    const shared = newDoc('Shared');
    temp.replica.relateDocuments(duplicate, master);
    temp.replica.relateDocuments(duplicate, other);
    temp.replica.relateDocuments(duplicate, shared);
    temp.replica.relateDocuments(master, shared);
    temp.replica.moveRelations(duplicate, master);
    temp.replica.deleteDocument(duplicate);
    expect(titles(master)).toEqual(['Other', 'Shared']);
    expect(titles(other)).toEqual(['Master']);
    expect(titles(shared)).toEqual(['Master']);
  });
});
