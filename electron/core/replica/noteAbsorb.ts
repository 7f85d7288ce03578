// One person has one document note per document on the service. When a note created here
// turns out to exist there already (the service answered 409 with its id), the local copy
// gives way: its create leaves the outbox, and where the service's note was pulled already
// the local row and its other outbox entries go too (its text joins the one row).
import type { Db } from './database.ts';
import { stmt } from './statements.ts';

export function dropOutboxEntry(db: Db, seq: number): void {
  stmt(db, 'DELETE FROM outbox WHERE seq = ?').run(seq);
}

export function dropLocalNote(db: Db, localId: string): void {
  stmt(db, "DELETE FROM outbox WHERE kind = 'annotation' AND entity_id = ?").run(localId);
  stmt(db, 'DELETE FROM annotations WHERE id = ?').run(localId);
}
