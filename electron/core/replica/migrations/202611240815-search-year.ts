// The search index learns each document's year (in its source column, see searchIndex.ts):
// existing entries are rebuilt once, in SQL, so a search such as "storey 2003" finds the
// documents already in the library too.
import type { Db } from '../database.ts';
import { rebuildSearchIndex } from '../searchIndex.ts';

export function migrate(db: Db): void {
  db.exec(`INSERT INTO documents_fts (documents_fts) VALUES ('delete-all')`);
  rebuildSearchIndex(db);
}
