// One person has one document note per document on the service. When a note created here
// turns out to exist there already (the service answered 409 with its id), the local copy
// gives way: its create leaves the outbox, and where the service's note was pulled already
// the local row and its other outbox entries go too (its text joins the one row), and the
// local id becomes an alias of the service's note, as a rename would make it.
import type { Db } from './database.ts';
import { recordRename } from './idRenames.ts';
import { inTransaction, stmt } from './statements.ts';

export function dropOutboxEntry(db: Db, seq: number): void {
  stmt(db, 'DELETE FROM outbox WHERE seq = ?').run(seq);
}

export function dropLocalNote(db: Db, localId: string, existingId: string): void {
  inTransaction(db, () => {
    stmt(db, "DELETE FROM outbox WHERE kind = 'annotation' AND entity_id = ?").run(localId);
    stmt(db, 'DELETE FROM annotations WHERE id = ?').run(localId);
    recordRename(db, { kind: 'annotation', oldId: localId, newId: existingId });
  });
}
