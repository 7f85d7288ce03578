// A first sync's pages share one transaction, committed every 5,000 rows; a local write in
// between commits the pages before it and is committed itself; closing keeps the pages;
// a page that fails leaves the pages before it. A second connection sees only what is
// committed on disk.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { tempReplica, serverDocument, sqlOf, type TempReplica } from './testing.ts';

let r: TempReplica;
let disk: Database.Database;
beforeEach(() => {
  r = tempReplica();
  r.replica.beginBulkLoad();
  disk = new Database(r.file, { readonly: true });
});
afterEach(() => {
  disk.close();
  r.dispose();
});

const onDisk = () => disk.prepare('SELECT count(*) FROM documents').pluck().get() as number;
const page = (from: number, n: number) => Array.from({ length: n }, (_, i) => serverDocument(`d${from + i}`));
const applyPage = (from: number, n: number) =>
  r.replica.applyBulkPage(n, () => r.replica.applyRemoteBatch('document', page(from, n), { watermark: { collection: 'documents', scope: null, modified: `mark ${from + n}` } }));

describe('the bulk load shared transaction', () => {
  it('commits pages every 5,000 rows, not one by one', () => {
    for (let p = 0; p < 9; p++) applyPage(p * 500, 500);
    expect(onDisk()).toBe(0);
    applyPage(4500, 500);
    expect(onDisk()).toBe(5000);
    applyPage(5000, 500);
    expect(onDisk()).toBe(5000);
    r.replica.finishBulkLoad();
    expect(onDisk()).toBe(5500);
  });

  it('commits the pages before a local write, and the write itself', () => {
    applyPage(0, 500);
    const created = r.replica.createDocument({ title: 'Typed during the first sync' });
    expect(onDisk()).toBe(501);
    expect(disk.prepare('SELECT title FROM documents WHERE id = ?').pluck().get(created.id)).toBe('Typed during the first sync');
    applyPage(500, 500);
    expect(onDisk()).toBe(501);
  });

  it('commits the pages before a single-statement local write too, so a kill cannot lose it', () => {
    applyPage(0, 500);
    expect(r.replica.markOpened('d7')).toBe(true);
    expect(onDisk()).toBe(500);
    expect(disk.prepare('SELECT last_opened_local FROM documents WHERE id = ?').pluck().get('d7')).not.toBeNull();
  });

  it('keeps the applied pages and their watermark when the replica closes or a page fails', () => {
    applyPage(0, 500);
    expect(() => r.replica.applyBulkPage(1, () => {
      r.replica.applyRemoteBatch('document', page(500, 1));
      throw new Error('stopped halfway');
    })).toThrow('stopped halfway');
    expect(sqlOf(r.replica).prepare('SELECT count(*) FROM documents').pluck().get()).toBe(500);
    const reopened = r.reopen();
    expect(reopened.countDocuments({})).toBe(500);
    expect(reopened.getWatermark('documents', null).modified).toBe('mark 500');
  });
});
