// A row taking another id is announced once, after its transaction commits, and never when
// the transaction is rolled back; the old id keeps resolving to the new one.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serverDocument, tempReplica, type TempReplica } from './testing.ts';
import type { IdRename } from './idRenames.ts';
import type { Replica } from './replica.ts';

let temp: TempReplica;
let r: Replica;
let heard: IdRename[];
let stopListening: () => void;
beforeEach(() => {
  temp = tempReplica();
  r = temp.replica;
  heard = [];
  stopListening = r.onIdRenamed((rename) => heard.push(rename));
});
afterEach(() => temp.dispose());

describe('id renames', () => {
  it('a pushed create announces its old and new id once, when the new id is already readable', () => {
    const doc = r.createDocument({ title: 'New' });
    const seenInListener: unknown[] = [];
    r.onIdRenamed(({ newId }) => seenInListener.push(r.getDocument(newId)?.title));
    const entry = r.listOutbox()[0]!;
    r.completePush(entry.seq, entry.revision, serverDocument('srv-1', { title: 'New' }));
    expect(heard).toEqual([{ kind: 'document', oldId: doc.id, newId: 'srv-1' }]);
    expect(seenInListener).toEqual(['New']);
    expect(r.currentIdOf(doc.id)).toBe('srv-1');
  });

  it('is announced only when the outermost transaction commits', () => {
    const folder = r.createFolder({ name: 'F' });
    r.transaction(() => {
      r.remapId('folder', folder.id, 'srv-folder');
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual([{ kind: 'folder', oldId: folder.id, newId: 'srv-folder' }]);
  });

  it('a rename rolled back is neither announced nor remembered', () => {
    const doc = r.createDocument({ title: 'Kept local' });
    expect(() => r.transaction(() => {
      r.remapId('document', doc.id, 'srv-2');
      throw new Error('the push failed after the rename');
    })).toThrow(/push failed/);
    expect(heard).toEqual([]);
    expect(r.currentIdOf(doc.id)).toBeUndefined();
    expect(r.getDocument(doc.id)?.title).toBe('Kept local');
    // A savepoint rolled back inside a transaction that commits drops only its own rename.
    const other = r.createDocument({ title: 'Other' });
    r.transaction(() => {
      r.remapId('document', other.id, 'srv-3');
      try {
        r.transaction(() => {
          r.remapId('document', doc.id, 'srv-4');
          throw new Error('inner failure');
        });
      } catch { /* the outer transaction goes on */ }
    });
    expect(heard).toEqual([{ kind: 'document', oldId: other.id, newId: 'srv-3' }]);
  });

  it('a local note given way to the service\'s note is announced as its rename', () => {
    r.applyRemote('document', serverDocument('srv-doc'));
    const mine = r.createAnnotation({ document_id: 'srv-doc', text: 'mine' });
    r.dropLocalNote(mine.id, 'srv-note');
    expect(heard).toEqual([{ kind: 'annotation', oldId: mine.id, newId: 'srv-note' }]);
    expect(r.currentIdOf(mine.id)).toBe('srv-note');
  });

  it('stops telling a listener that stopped listening', () => {
    stopListening();
    const doc = r.createDocument({ title: 'Quiet' });
    r.remapId('document', doc.id, 'srv-5');
    expect(heard).toEqual([]);
  });
});
